import SwiftDiagnostics

/// What `@JSONCodable`, `@Key`, `@Defaulted` and `@Discriminator` report about an enum they cannot serve.
enum EnumDiagnostic: DiagnosticMessage {
    case genericParameterKind
    case noCases
    case ownCodingKeys
    case ownCoder
    case discriminatorArguments
    case discriminatorKeysEqual
    case discriminatorOnRawValues
    case discriminatorNotOnEnum
    case keyOnRawValueCase
    case keyOnSeveralCases
    case keyNotLiteral
    case duplicateTag(String)
    case duplicateValueKey(case: String, key: String)
    case unlabeledBesideTag(case: String)
    case labelIsDiscriminator(case: String, key: String)
    case keyNamingArgument
    case keyNamingOnRawValues
    case defaultCaseShape
    case defaultOnSeveralCases
    case defaultCaseWithValues
    case twoDefaultCases
    case shapeNotOnEnum(String)
    case twoShapes
    case untaggedCaseTag
    case caseTagKindsDiffer
    case caseTagKindNeedsDiscriminator
    case caseNeedsTag(case: String, kind: String)
    case unwrappingShape
    case unwrappedOptional(case: String)
    case tagPathEmptyName
    case tagPathWithContent

    var message: String {
        switch self {
        case .genericParameterKind: return "@JSONCodable supports type parameters, not parameter packs or value parameters"
        case .noCases: return "@JSONCodable needs an enum with cases"
        case .ownCodingKeys: return "@JSONCodable writes an enum's CodingKeys: name the cases with @Key instead"
        case .ownCoder: return "@JSONCodable writes an enum's coders: remove its own init(from:) and encode(to:)"
        case .discriminatorArguments:
            return "@Discriminator takes the tag's key as a string literal, and the content's key after 'content:': @Discriminator(\"type\") or @Discriminator(\"type\", content: \"value\")"
        case .discriminatorKeysEqual: return "@Discriminator's tag and content keys must differ"
        case .discriminatorOnRawValues: return "@Discriminator and @Untagged do not apply to an enum with raw values: it is coded as its raw value"
        case .discriminatorNotOnEnum: return "@Discriminator applies to a @JSONCodable enum"
        case .keyOnRawValueCase: return "@Key does not apply to the cases of an enum with raw values: the raw value is its JSON"
        case .keyOnSeveralCases: return "@Key applies to one case: declare the cases separately"
        case .keyNotLiteral:
            return "@Key on a case takes its tags as literals: strings (@Key(\"circle_shape\", \"circle\")), integers (@Key(1)) or a Boolean (@Key(true))"
        case .duplicateTag(let tag): return "two cases have the tag \"\(tag)\""
        case .duplicateValueKey(let name, let key): return "two values of case '\(name)' have the key \"\(key)\""
        case .unlabeledBesideTag(let name):
            return "case '\(name)' cannot sit beside the tag: label its values, or give it one value of a @JSONCodable type, whose members sit beside the tag"
        case .labelIsDiscriminator(let name, let key): return "a value of case '\(name)' is named \"\(key)\", the discriminator's key"
        case .keyNamingArgument:
            return "@JSONCodable takes a key naming, such as @JSONCodable(keys: .snakeCase): .camelCase, .pascalCase, .snakeCase, .kebabCase or .screamingSnakeCase"
        case .keyNamingOnRawValues: return "a key naming does not apply to an enum with raw values: the raw values are its JSON"
        case .defaultCaseShape:
            return "a default case applies to an enum with raw values or a @Discriminator, whose unknown raw value or tag it stands for"
        case .defaultOnSeveralCases: return "@Defaulted applies to one case: declare the cases separately"
        case .defaultCaseWithValues: return "the default case cannot have values: nothing in an unknown case says what they are"
        case .twoDefaultCases: return "an enum has one default case at most"
        case .shapeNotOnEnum(let name): return "@\(name) applies to a @JSONCodable enum"
        case .twoShapes: return "an enum has one shape: @Untagged, @Discriminator and @UnwrapSingleValues exclude each other"
        case .untaggedCaseTag: return "the cases of an @Untagged enum have no tags: remove @Key"
        case .caseTagKindsDiffer: return "the tags of an enum's cases are all strings, all integers or all Booleans"
        case .caseTagKindNeedsDiscriminator:
            return "integer and Boolean tags need a @Discriminator: the external shape names a case by an object key, which is a string"
        case .caseNeedsTag(let name, let kind): return "case '\(name)' needs its \(kind) tag: @Key(…), as the enum's other cases have"
        case .unwrappingShape: return "@UnwrapSingleValues applies to an enum with values and no @Discriminator or @Untagged"
        case .unwrappedOptional(let name):
            return "case '\(name)' holds an optional value, which @UnwrapSingleValues cannot write (nil leaves the case's member empty): label it, or make it non-optional"
        case .tagPathEmptyName: return "the tag's key path has an empty name: write its names between dots, such as @Discriminator(\"meta.type\")"
        case .tagPathWithContent:
            return "a tag at a key path takes no content key: the case's values sit beside the path's first object (a key with dots: @Discriminator(exactly:content:))"
        }
    }

    var diagnosticID: MessageID {
        let id: String
        switch self {
        case .genericParameterKind: id = "enumGenericParameterKind"
        case .noCases: id = "noCases"
        case .ownCodingKeys: id = "ownCodingKeys"
        case .ownCoder: id = "ownCoder"
        case .discriminatorArguments: id = "discriminatorArguments"
        case .discriminatorKeysEqual: id = "discriminatorKeysEqual"
        case .discriminatorOnRawValues: id = "discriminatorOnRawValues"
        case .discriminatorNotOnEnum: id = "discriminatorNotOnEnum"
        case .keyOnRawValueCase: id = "keyOnRawValueCase"
        case .keyOnSeveralCases: id = "keyOnSeveralCases"
        case .keyNotLiteral: id = "enumKeyNotLiteral"
        case .duplicateTag: id = "duplicateTag"
        case .duplicateValueKey: id = "duplicateValueKey"
        case .unlabeledBesideTag: id = "unlabeledBesideTag"
        case .labelIsDiscriminator: id = "labelIsDiscriminator"
        case .keyNamingArgument: id = "enumKeyNamingArgument"
        case .keyNamingOnRawValues: id = "keyNamingOnRawValues"
        case .defaultCaseShape: id = "defaultCaseShape"
        case .defaultOnSeveralCases: id = "defaultOnSeveralCases"
        case .defaultCaseWithValues: id = "defaultCaseWithValues"
        case .twoDefaultCases: id = "twoDefaultCases"
        case .shapeNotOnEnum: id = "shapeNotOnEnum"
        case .twoShapes: id = "twoShapes"
        case .untaggedCaseTag: id = "untaggedCaseTag"
        case .caseTagKindsDiffer: id = "caseTagKindsDiffer"
        case .caseTagKindNeedsDiscriminator: id = "caseTagKindNeedsDiscriminator"
        case .caseNeedsTag: id = "caseNeedsTag"
        case .unwrappingShape: id = "unwrappingShape"
        case .unwrappedOptional: id = "unwrappedOptional"
        case .tagPathEmptyName: id = "tagPathEmptyName"
        case .tagPathWithContent: id = "tagPathWithContent"
        }
        return MessageID(domain: "PeregrineMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}
