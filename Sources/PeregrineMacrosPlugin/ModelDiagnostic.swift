import SwiftDiagnostics
import SwiftSyntax

/// What `@JSONCodable` and its property options report about a declaration they cannot serve.
enum ModelDiagnostic: String, DiagnosticMessage {
    case notAStructOrClass
    case genericParameterKind
    case lazyProperty
    case optionOnWrappedProperty
    case patternBinding
    case missingType
    case keyNotLiteral
    case keyWithCodingKeys
    case optionOnSeveralProperties
    case repeatedOption
    case duplicateKey
    case keyPathEmptyName
    case keyPathConflict
    case defaultNeedsValue
    case optionOnConstant
    case ignoredWithoutValue
    case ignoredWithOptions
    case lossyNotCollection
    case dateStrategyUnsupported
    case collectorType
    case collectorWithOptions
    case collectorWithCodingKeys
    case twoCollectors
    case dateStrategyNotDate
    case coercedWithDateStrategy
    case repeatedKeyName
    case keyNamingArgument
    case namingWithCodingKeys
    case collectorWithOneWayPath
    case coderArgument
    case coderConflict
    case twoDirections
    case encodingOptionNotEncoded
    case conditionArgument
    case encodedOnlyWithoutValue
    case decodingOptionNotDecoded
    case nilAsNullNotOptional
    case flattenedWithOptions
    case flattenedOptional
    case flattenedGeneric
    case flattenedInRootedType
    case rootPath
    case rootWithCodingKeys
    case invalidDefaultWithLossy

    var message: String {
        switch self {
        case .notAStructOrClass: return "@JSONCodable applies to a struct, a class or an enum"
        case .genericParameterKind: return "@JSONCodable supports type parameters, not parameter packs or value parameters"
        case .lazyProperty: return "@JSONCodable does not support lazy properties; make it a computed property or a stored one"
        case .optionOnWrappedProperty:
            return "a property with a property wrapper is coded through the wrapper's Codable: it takes @Key only"
        case .patternBinding: return "@JSONCodable needs one name per property; declare the properties separately"
        case .missingType: return "@JSONCodable needs the type of a decoded property: add a type annotation"
        case .keyNotLiteral:
            return "@Key takes string literals, such as @Key(\"user_id\"), @Key(\"id\", \"ID\", \"user.id\"), @Key(exactly: \"a.b\") or @Key(\"id\", encoding: \"ID\"), or a naming such as @Key(.snakeCase)"
        case .keyWithCodingKeys: return "@Key cannot be used with a CodingKeys enum of your own: give the key in CodingKeys"
        case .optionOnSeveralProperties: return "a property option applies to one property: declare the properties separately"
        case .repeatedOption: return "this option is given twice"
        case .duplicateKey: return "two properties have the same JSON key"
        case .keyPathEmptyName:
            return "a key path has an empty name between its dots: write @Key(exactly: \"…\") for a key that contains dots"
        case .keyPathConflict: return "this key path conflicts with another property's key: a name is both a member and an object holding members"
        case .defaultNeedsValue:
            return "@Defaulted takes the default value, such as @Defaulted(0), or without one the property's initial value, which it needs"
        case .optionOnConstant: return "this option has no effect on a 'let' with a value, which is never decoded"
        case .ignoredWithoutValue: return "@Ignored needs an initial value, which the property keeps when decoded"
        case .ignoredWithOptions: return "@Ignored cannot be combined with other options: the property is not coded"
        case .collectorType: return "@UnknownMembers applies to a property of type JSON.Object"
        case .collectorWithOptions: return "@UnknownMembers cannot be combined with other options: it holds the members no property names"
        case .collectorWithCodingKeys: return "@UnknownMembers cannot be used with a CodingKeys enum of your own"
        case .twoCollectors: return "a model has one @UnknownMembers property at most"
        case .dateStrategyUnsupported:
            return "@DateStrategy takes .deferredToDate, .secondsSince1970, .millisecondsSince1970 or .iso8601"
        case .dateStrategyNotDate: return "@DateStrategy applies to a property of type Date or Date?"
        case .coercedWithDateStrategy: return "@Coerced cannot be combined with @DateStrategy"
        case .lossyNotCollection:
            return "@LossyDecoding applies to an array or a [String: Value] dictionary (spelled [Element] or [String: Value]), an optional, or a property with @Defaulted"
        case .repeatedKeyName: return "this key is given twice"
        case .keyNamingArgument:
            return "@JSONCodable takes a key naming, such as @JSONCodable(keys: .snakeCase): .camelCase, .pascalCase, .snakeCase, .kebabCase or .screamingSnakeCase"
        case .namingWithCodingKeys: return "a key naming cannot be used with a CodingKeys enum of your own: give the keys in CodingKeys"
        case .collectorWithOneWayPath:
            return "@UnknownMembers cannot be used with a key path that is only read or only written: the members it keeps there could not be put back"
        case .coderArgument: return "@CodedBy takes a ValueCoder type, such as @CodedBy(Base64Coder<Data>.self)"
        case .coderConflict: return "@CodedBy cannot be combined with @DateStrategy or @Coerced: a property has one coder"
        case .twoDirections: return "@DecodedOnly and @EncodedOnly cannot be combined: use @Ignored for a property neither read nor written"
        case .encodingOptionNotEncoded: return "this option has no effect on a @DecodedOnly property, which is never written"
        case .conditionArgument:
            return "@EncodedUnless takes a function of the property's value, such as @EncodedUnless(\\[String].isEmpty) or @EncodedUnless({ (tags: [String]) in tags.isEmpty })"
        case .encodedOnlyWithoutValue: return "@EncodedOnly needs an initial value, which the property keeps when decoded"
        case .decodingOptionNotDecoded: return "this option has no effect on an @EncodedOnly property, which is never decoded"
        case .nilAsNullNotOptional: return "@NilAsNull applies to an optional property"
        case .flattenedWithOptions: return "@Flattened cannot be combined with other options: its value's members sit in the model's object"
        case .flattenedOptional: return "@Flattened applies to a property whose type is not optional"
        case .flattenedGeneric: return "@Flattened applies to a property of a @JSONCodable type, not of a generic parameter"
        case .flattenedInRootedType: return "@Flattened cannot be used in a type with @JSONCodable(at:)"
        case .rootWithCodingKeys: return "@JSONCodable(at:) cannot be used with a CodingKeys enum of your own"
        case .invalidDefaultWithLossy:
            return "@Defaulted(_:ifInvalid:) cannot be combined with @LossyDecoding: it gives its own value for an invalid member"
        case .rootPath: return "@JSONCodable(at:) takes a string literal of names separated by dots, none empty, such as \"data.info\""
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "PeregrineMacros", id: rawValue) }

    var severity: DiagnosticSeverity { .error }
}

/// A property option (`@Key`, `@Defaulted`, `@Ignored`, `@LossyDecoding`,
/// `@DateStrategy`, `@CodedBy`, `@UnknownMembers`…) somewhere other
/// than on a stored property (or, for `@Key` and `@Defaulted`, an enum
/// case; for `@NilAsNull` and `@Coerced`, a struct or class).
struct MisplacedOption: DiagnosticMessage {
    /// The attribute's name.
    let name: String

    var message: String { "@\(name) applies to a stored property of a @JSONCodable type" }
    var diagnosticID: MessageID { MessageID(domain: "PeregrineMacros", id: "misplacedOption") }
    var severity: DiagnosticSeverity { .error }
}

/// A `@Defaulted` literal that cannot be a value of the property's type,
/// reported on the attribute (the generated code would otherwise fail to
/// compile inside the expansion).
struct DefaultTypeMismatch: DiagnosticMessage {
    let literal: DefaultLiteral
    /// The default as written.
    let value: ExprSyntax
    /// The property's declared type.
    let type: TypeSyntax

    var message: String {
        let declared = type.trimmedDescription
        if let natural = literal.naturalType { return "the default's type \(natural) is not the property's type \(declared)" }
        return "the default \(value.trimmedDescription) is not a value of the property's type \(declared)"
    }

    var diagnosticID: MessageID { MessageID(domain: "PeregrineMacros", id: "defaultTypeMismatch") }
    var severity: DiagnosticSeverity { .error }
}
