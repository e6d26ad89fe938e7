import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacros

/// A stored property as the generated coders see it.
struct ModelProperty {
    /// The property's name as written (`` `default` `` keeps its backticks).
    let name: String
    /// The declared type, when the property is decoded; `nil` for a `let`
    /// with an initial value, which `Decodable` leaves as it is.
    let decodedType: TypeSyntax?
    /// `@Defaulted`'s expression as written into the generated code: the
    /// value when the member is missing or `null` (or invalid, with
    /// ``tolerant``); the initial value, typed, for `@Defaulted` without one.
    let defaultValue: String?
    /// `@Defaulted(_:ifInvalid:)`'s value for an invalid member (the
    /// property is then ``tolerant``).
    let invalidValue: String?
    /// How a `@LossyDecoding` collection is read.
    let lossy: LossyCollection?
    /// Whether an invalid value reads as missing (`@LossyDecoding` on a
    /// property that is not a collection): `nil` for an optional, else the
    /// default; or as ``invalidValue``.
    let tolerant: Bool
    /// The `Peregrine.ValueCoder` type of a `@CodedBy` or `@DateStrategy` property.
    let coder: String?
    /// Whether the property is `@Coerced`.
    let coerced: Bool
    /// The model's generic parameters its declared type names (`Item` of
    /// `[Item]`): such a member is sent to the generated coder or the
    /// `Codable` one when it is coded (`decode(generic:…)`).
    let genericParameters: Set<String>

    /// Whether a property wrapper stands on the property: its storage
    /// (`_name`) is read and written, through the wrapper's `Codable`.
    let isWrapped: Bool
    /// `@EncodedUnless`'s condition, a function of the value, as written.
    let omittedWhen: String?
    /// Whether `nil` is written as `null` (`@NilAsNull`).
    let nilAsNull: Bool
    /// Whether the property is `@EncodedOnly` (written, never read).
    let isEncodedOnly: Bool
    /// The declared type (also for a property that is not decoded), when written.
    let declaredType: TypeSyntax?

    /// Whether the declared type names one of the model's generic parameters.
    var isGeneric: Bool { !genericParameters.isEmpty }

    /// Whether the property is read and written through a dynamic cast
    /// of its type (``isGeneric``, or the type of a wrapper, which the macro cannot spell).
    var dispatches: Bool { isGeneric || isWrapped }

    /// The stored property the generated code reads and writes: the
    /// property, or a wrapper's storage.
    var storage: String { isWrapped ? "_" + name.trimmingBackticks : name }

    /// The type a `@CodedBy` or `@DateStrategy` property (`Peregrine.CodedValue<Coder>`)
    /// or a `@Coerced` one (`Peregrine.CoercedValue<Value>`) is coded as,
    /// and the name of its value in it; `nil` for the others, coded as declared.
    var codedAs: (type: String, value: String)? {
        if let coder { return ("Peregrine.CodedValue<\(coder)>", "value") }
        guard coerced, let decodedType else { return nil }
        let wrapped = decodedType.as(OptionalTypeSyntax.self)?.wrappedType ?? decodedType.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType
        return ("Peregrine.CoercedValue<\((wrapped ?? decodedType).trimmedDescription)>", "value")
    }

    /// Whether a member below a missing or `null` nested object has a
    /// value anyway: its default, empty (lossy) or `nil` (optional).
    var hasValueWhenMissing: Bool { defaultValue != nil || lossy != nil || isOptional }

    /// Whether the declared type is spelled as an optional (`T?`, `T!`,
    /// `Optional<T>`): a member below a missing nested object is then `nil`.
    var isOptional: Bool {
        guard let type = decodedType ?? declaredType else { return true }
        return type.isSpelledOptional
    }
}

/// A `@Flattened` property: its value's members sit in the model's object.
struct FlattenedProperty {
    let name: String
    let type: TypeSyntax
    let attribute: AttributeSyntax
}

/// The declaration `@JSONCodable` is attached to, read for what the
/// generated code needs, with every problem diagnosed on the way.
struct ModelDeclaration {
    let isClass: Bool
    /// Whether the type is a class not marked `final`: its coders are
    /// required initializers and methods in its body, which subclasses
    /// inherit and override.
    let isOpenClass: Bool
    /// Whether the type is an `open` class: its encoding methods are `open`.
    let isOpenAccess: Bool
    /// Whether the type is a subclass coded with its superclass
    /// (`@Inherits`): its coders call `super`'s, on the same object.
    let inherits: Bool
    /// The superclass of an `@Inherits` class, as written (its first
    /// inherited type); `nil` for another class or type.
    let superclass: String?
    /// The key of the superclass's object (`@Inherits(key: "super")`);
    /// `nil` for the superclass's members in the subclass's object.
    let inheritedKey: String?
    /// The type's name, for the storage of a generic model's key tables (``keyStorage``).
    let name: String
    /// The names of the type's generic parameters, in order (none for most models).
    let genericParameters: [String]
    /// `public` or `package` when the type is, for the protocol witnesses.
    let access: String?
    /// The coded properties, in declaration order.
    let properties: [ModelProperty]
    /// Whether the type declares its own `CodingKeys` (then used as they are).
    let hasOwnCodingKeys: Bool
    /// Whether the type declares its own `init(from:)`: then it keeps its
    /// `Decodable` path and gets no generated decoder.
    let hasOwnDecoder: Bool
    /// Whether the type declares its own `encode(to:)`.
    let hasOwnEncoder: Bool
    /// Whether a class would lose its implicit `init()` to the generated
    /// initializer (it has no initializer and every property has a value).
    let needsEmptyInitializer: Bool
    /// Where each property's key is: the objects of key paths.
    let layout: KeyLayout
    /// The `@UnknownMembers` property's name: it collects the members no property names.
    let collector: String?
    /// The `@Flattened` properties, in declaration order: read from the
    /// model's object after the others, written into it after them.
    let flattened: [FlattenedProperty]
    /// Whether the type is a struct whose body declares no initializer (not
    /// even under `#if`), so it has the implicit memberwise one.
    let hasMemberwiseInitializer: Bool
    /// The names of the stored properties the memberwise initializer takes
    /// (all but `let`s with an initial value), in declaration order.
    let storedOrder: [String]

    /// Whether a property uses an option that synthesised `Codable` cannot
    /// express (a key path, alternative keys, a key for encoding, a
    /// default): then the macro writes `init(from:)` and `encode(to:)` too.
    var writesCodable: Bool {
        // A class that is not final, or a subclass: synthesis cannot write their `init(from:)`.
        isOpenClass || inherits || layout.nodes.count > 1 || collector != nil || !flattened.isEmpty
            || properties.contains { $0.defaultValue != nil || $0.lossy != nil || $0.tolerant || $0.codedAs != nil || $0.omittedWhen != nil || $0.nilAsNull }
            || properties.contains { $0.isEncodedOnly }
            || layout.places.contains { place in place.encoded.map { [$0] } != place.decoded }
    }

    /// A generic type cannot hold static stored properties, so a generic
    /// model's key tables are kept in an enum beside it, of this name (the
    /// macro's peer); its extension reads them through static computed properties.
    /// A subclass's tables are kept there too: static members of its own
    /// would clash with its superclass's.
    var keyStorage: String? { genericParameters.isEmpty && !inherits ? nil : "_PeregrineKeys_\(name)" }

    /// Reads `declaration`; `nil` (with the reasons diagnosed, when
    /// `diagnose` is set) when no code can be generated for it.
    static func read(_ declaration: some DeclGroupSyntax, diagnose: Bool, in context: some MacroExpansionContext) -> ModelDeclaration? {
        func report(_ node: some SyntaxProtocol, _ message: ModelDiagnostic) {
            reportMessage(node, message)
        }
        func reportMessage(_ node: some SyntaxProtocol, _ message: some DiagnosticMessage) {
            if diagnose { context.diagnose(Diagnostic(node: node, message: message)) }
        }
        let isClass: Bool
        let modifiers: DeclModifierListSyntax
        let name: TokenSyntax
        let generics: GenericParameterClauseSyntax?
        if let structure = declaration.as(StructDeclSyntax.self) {
            isClass = false
            modifiers = structure.modifiers
            name = structure.name
            generics = structure.genericParameterClause
        } else if let type = declaration.as(ClassDeclSyntax.self) {
            isClass = true
            modifiers = type.modifiers
            name = type.name
            generics = type.genericParameterClause
        } else {
            report(declaration.introducer, .notAStructOrClass)
            return nil
        }
        var genericParameters: [String] = []
        for parameter in generics?.parameters ?? [] {
            // A pack (`each T`) or a value (`let n: Int`) has no single type to code.
            if parameter.specifier != nil {
                report(parameter, .genericParameterKind)
                return nil
            }
            genericParameters.append(parameter.name.text)
        }
        let access = modifiers.lazy.compactMap { modifier -> String? in
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public"
            case .keyword(.package): return "package"
            default: return nil
            }
        }.first

        let members = declaration.memberBlock.members.map(\.decl)
        let ownKeys = members.lazy.compactMap { $0.as(EnumDeclSyntax.self) }.first { $0.name.text == "CodingKeys" }
        let keyNames = ownKeys.map(Self.caseKeys)
        var valid = true
        // `@Inherits` with a key that is not a literal: diagnosed by `@Inherits` itself.
        if let inherits = declaration.attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) }).first(where: { $0.name == "Inherits" }),
            inherits.hasArguments, inherits.inheritedKey == nil
        {
            return nil
        }
        guard let typeOptions = TypeOptions.read(declaration, report: { report($0, $1) }) else { return nil }
        let typeNaming = typeOptions.naming
        if typeNaming != nil, let ownKeys {
            report(ownKeys.name, .namingWithCodingKeys)
            return nil
        }
        if !typeOptions.root.isEmpty, let ownKeys {
            report(ownKeys.name, .rootWithCodingKeys)
            return nil
        }
        var flattened: [FlattenedProperty] = []
        var properties: [ModelProperty] = []
        var allHaveValues = true
        var layout = KeyLayout()
        var collector: String?
        var collectorAttribute: AttributeSyntax?
        var storedOrder: [String] = []
        for variable in members.compactMap({ $0.as(VariableDeclSyntax.self) }) where !variable.isStatic {
            let stored = variable.bindings.filter(\.isStored)
            guard !stored.isEmpty else { continue }
            if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.lazy) }) {
                report(variable.bindingSpecifier, .lazyProperty)
                valid = false
                continue
            }
            guard let options = PropertyOptions.read(variable, ownKeys: ownKeys != nil, report: { report($0, $1) }) else {
                valid = false
                continue
            }
            // A property wrapper's storage (`_name`) is coded, through the wrapper's `Codable`, as synthesis codes it.
            let wrapper = variable.attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) }).first(where: \.isPropertyWrapper)
            if wrapper != nil, let option = options.valueOptions.first ?? options.direction.any ?? options.flattened ?? options.collector {
                report(option, .optionOnWrappedProperty)
                valid = false
                continue
            }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let bindings = Array(variable.bindings)
            for (position, binding) in bindings.enumerated() where binding.isStored {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                    report(binding.pattern, .patternBinding)
                    valid = false
                    continue
                }
                let name = pattern.identifier.text
                let plainName = name.trimmingBackticks
                if !(isLet && binding.initializer != nil) { storedOrder.append(name) }
                // An optional `var` with no value starts as `nil`.
                let optional = binding.typeAnnotation.map { $0.type.is(OptionalTypeSyntax.self) || $0.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) } ?? false
                let hasValue = binding.initializer != nil || (!isLet && optional)
                if !hasValue { allHaveValues = false }
                if let ignored = options.ignored {
                    if !hasValue {
                        report(ignored, .ignoredWithoutValue)
                        valid = false
                    }
                    continue
                }
                if let option = options.direction.encodedOnly {
                    if !hasValue {
                        report(option, .encodedOnlyWithoutValue)
                        valid = false
                        continue
                    }
                    if let decodingOption = options.defaulted ?? options.lossy ?? options.coerced {
                        report(decodingOption, .decodingOptionNotDecoded)
                        valid = false
                        continue
                    }
                }
                if let option = options.flattened {
                    let problem: ModelDiagnostic? =
                        isLet && binding.initializer != nil ? .optionOnConstant
                        : binding.typeAnnotation == nil ? .missingType
                        : binding.typeAnnotation?.type.isSpelledOptional == true ? .flattenedOptional
                        : !typeOptions.root.isEmpty ? .flattenedInRootedType
                        : binding.typeAnnotation?.type.names(of: genericParameters).isEmpty == false ? .flattenedGeneric : nil
                    if let problem {
                        report(option, problem)
                        valid = false
                    } else if let type = binding.typeAnnotation?.type {
                        flattened.append(FlattenedProperty(name: name, type: type.trimmed, attribute: option))
                    }
                    continue
                }
                if let option = options.collector {
                    let problem: ModelDiagnostic? =
                        ownKeys != nil ? .collectorWithCodingKeys
                        : collector != nil ? .twoCollectors
                        : isLet && binding.initializer != nil ? .optionOnConstant
                        : binding.typeAnnotation?.type.isJSONObject == true ? nil : .collectorType
                    if let problem {
                        report(option, problem)
                        valid = false
                    } else {
                        collector = name
                        collectorAttribute = option
                    }
                    continue
                }
                let paths: [[String]]
                if let keyNames {
                    guard let listed = keyNames.first(where: { $0.name == plainName }) else { continue }
                    paths = [typeOptions.root + [listed.key]]
                } else {
                    paths = (options.paths ?? [[(options.naming ?? typeNaming)?.key(for: plainName) ?? plainName]]).map { typeOptions.root + $0 }
                }
                var decodedType: TypeSyntax?
                if !(isLet && binding.initializer != nil) && options.direction.encodedOnly == nil {
                    let declared =
                        binding.typeAnnotation?.type
                        ?? (binding.initializer == nil ? bindings[(position + 1)...].lazy.compactMap(\.typeAnnotation?.type).first : nil)
                    guard let declared else {
                        report(binding.pattern, .missingType)
                        valid = false
                        continue
                    }
                    decodedType = declared.trimmed
                } else if options.direction.encodedOnly == nil, let option = options.valueOptions.first ?? options.direction.any {
                    report(option, .optionOnConstant)
                    valid = false
                    continue
                }
                var defaultValue = options.defaultValue?.trimmedDescription
                if let option = options.defaulted, options.defaultValue == nil, let decodedType {
                    guard let initial = binding.initializer?.value else {
                        report(option, .defaultNeedsValue)
                        valid = false
                        continue
                    }
                    // Typed, as the declaration types it (an untyped `[]` would not be by itself).
                    defaultValue = "(\(initial.trimmedDescription) as \(GeneratedCode.spelling(of: decodedType)))"
                }
                if let option = options.dateStrategy, let decodedType, !decodedType.isDate {
                    report(option, .dateStrategyNotDate)
                    valid = false
                    continue
                }
                if let option = options.defaulted, let decodedType,
                    let (value, literal) = [options.defaultValue, options.invalidValue].lazy.compactMap({ value in
                        value.flatMap { value in DefaultLiteral(value).map { (value, $0) } }
                    }).first(where: { $0.1.fits(decodedType) == false })
                {
                    reportMessage(option, DefaultTypeMismatch(literal: literal, value: value, type: decodedType))
                    valid = false
                    continue
                }
                // `@Coerced` on the property, or on the type for a property of a type
                // coercions apply to with no coder of its own (nor a lossy collection's).
                let coerced =
                    options.coerced != nil
                    || (typeOptions.coerced != nil && options.coder == nil && wrapper == nil && decodedType?.isCoercible == true
                        && (options.lossy == nil || decodedType.flatMap(LossyCollection.init) == nil))
                var lossy: LossyCollection?
                var tolerant = options.invalidValue != nil
                if let option = options.lossy, let decodedType {
                    // A collection drops the elements that fail; another value reads as missing when it fails.
                    lossy = options.coder == nil && !coerced ? LossyCollection(decodedType) : nil
                    tolerant = lossy == nil
                    if tolerant, !decodedType.isSpelledOptional, defaultValue == nil {
                        report(option, .lossyNotCollection)
                        valid = false
                        continue
                    }
                }
                let declaredType = binding.typeAnnotation?.type ?? decodedType
                let nilAsNull = options.direction.nilAsNull ?? (declaredType?.isSpelledOptional == true ? typeOptions.nilAsNull : nil)
                if let option = nilAsNull, declaredType?.isSpelledOptional != true {
                    report(option, .nilAsNullNotOptional)
                    valid = false
                    continue
                }
                let encoding = options.direction.decodedOnly == nil ? options.encodingPath.map { typeOptions.root + $0 } ?? paths[0] : nil
                if let problem = layout.add(decoding: paths, encoding: encoding, property: properties.count) {
                    report(options.key.map(Syntax.init) ?? Syntax(binding.pattern), problem)
                    valid = false
                    continue
                }
                properties.append(
                    ModelProperty(
                        name: name, decodedType: decodedType, defaultValue: defaultValue,
                        invalidValue: decodedType == nil ? nil : options.invalidValue?.trimmedDescription, lossy: lossy, tolerant: tolerant && decodedType != nil,
                        coder: options.coder, coerced: coerced && decodedType != nil,
                        genericParameters: declaredType?.names(of: genericParameters) ?? [],
                        isWrapped: wrapper != nil, omittedWhen: options.direction.condition?.trimmedDescription, nilAsNull: nilAsNull != nil,
                        isEncodedOnly: options.direction.encodedOnly != nil, declaredType: declaredType?.trimmed))
            }
        }
        if let collectorAttribute, !layout.nestedObjectsAreReadAndWritten {
            report(collectorAttribute, .collectorWithOneWayPath)
            valid = false
        }
        guard valid else { return nil }
        let initializers = members.compactMap { $0.as(InitializerDeclSyntax.self) }
        return ModelDeclaration(
            isClass: isClass,
            isOpenClass: isClass && !modifiers.contains { $0.name.tokenKind == .keyword(.final) },
            isOpenAccess: isClass && modifiers.contains { $0.name.tokenKind == .keyword(.open) },
            inherits: isClass && declaration.attributes.contains { $0.as(AttributeSyntax.self)?.name == "Inherits" },
            superclass: isClass && declaration.attributes.contains { $0.as(AttributeSyntax.self)?.name == "Inherits" }
                ? declaration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription : nil,
            inheritedKey: declaration.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first { $0.name == "Inherits" }?.inheritedKey,
            name: name.text,
            genericParameters: genericParameters,
            access: access,
            properties: properties,
            hasOwnCodingKeys: ownKeys != nil,
            hasOwnDecoder: initializers.contains { $0.isDecodableInitializer },
            hasOwnEncoder: members.contains { $0.as(FunctionDeclSyntax.self)?.isEncodeMethod == true },
            needsEmptyInitializer: isClass && initializers.isEmpty && allHaveValues && !declaration.attributes.contains { $0.as(AttributeSyntax.self)?.name == "Inherits" },
            layout: layout,
            collector: collector,
            flattened: flattened,
            hasMemberwiseInitializer: !isClass && initializers.isEmpty && !members.contains { $0.is(IfConfigDeclSyntax.self) },
            storedOrder: storedOrder
        )
    }

    /// The cases of a user's `CodingKeys` and their string values.
    private static func caseKeys(of keys: EnumDeclSyntax) -> [(name: String, key: String)] {
        keys.memberBlock.members.flatMap { member -> [(name: String, key: String)] in
            guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { return [] }
            return cases.elements.map { element in
                let name = element.name.text.trimmingBackticks
                let raw = element.rawValue?.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                return (name, raw ?? name)
            }
        }
    }
}

extension AttributeListSyntax {
    /// The `@JSONCodable` attribute among these.
    var jsonCodableAttribute: AttributeSyntax? {
        lazy.compactMap { $0.as(AttributeSyntax.self) }.first { $0.name == "JSONCodable" || $0.name == "PeregrineMacros.JSONCodable" }
    }
}

extension VariableDeclSyntax {
    var isStatic: Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }
}

extension TypeSyntax {
    /// Whether the type is spelled as an optional: `T?`, `T!`, `Optional<T>`
    /// (or `Swift.Optional<T>`).
    var isSpelledOptional: Bool {
        if self.is(OptionalTypeSyntax.self) || self.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        let name = self.as(IdentifierTypeSyntax.self)?.name.text ?? self.as(MemberTypeSyntax.self).map { $0.name.text }
        return name == "Optional"
    }

    /// Which of `parameters` (generic parameter names) the type names.
    func names(of parameters: [String]) -> Set<String> {
        guard !parameters.isEmpty else { return [] }
        return Set(tokens(viewMode: .sourceAccurate).compactMap { token in
            guard case .identifier(let name) = token.tokenKind, parameters.contains(name) else { return nil }
            return name
        })
    }

    /// Whether the type is spelled `JSON.Object` or `Peregrine.JSON.Object`.
    var isJSONObject: Bool {
        let spelled = trimmedDescription
        return spelled == "JSON.Object" || spelled == "Peregrine.JSON.Object"
    }

    /// The scalar types coercions apply to (``JSON/Decoder/Leniency``'s).
    static let coercibleScalars: Set<String> = [
        "Bool", "String", "Double", "Float", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]

    /// Whether the type is spelled as one coercions apply to, which a type's
    /// `@Coerced` covers: one of ``coercibleScalars`` (`Swift.` or not), an
    /// array or a `[String: …]` dictionary of one, or an optional of these.
    var isCoercible: Bool {
        var type = self
        if let wrapped = type.as(OptionalTypeSyntax.self)?.wrappedType ?? type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType {
            type = wrapped
        }
        if let element = type.as(ArrayTypeSyntax.self)?.element {
            type = element
        } else if let dictionary = type.as(DictionaryTypeSyntax.self), dictionary.key.trimmedDescription == "String" {
            type = dictionary.value
        }
        let name = type.as(IdentifierTypeSyntax.self).flatMap { $0.genericArgumentClause == nil ? $0.name.text : nil }
            ?? type.as(MemberTypeSyntax.self).flatMap { $0.baseType.trimmedDescription == "Swift" ? $0.name.text : nil }
        return name.map(Self.coercibleScalars.contains) ?? false
    }

    /// Whether the type is spelled `Date`, `Foundation.Date` or an optional of one.
    var isDate: Bool {
        if let wrapped = self.as(OptionalTypeSyntax.self)?.wrappedType { return wrapped.isDate }
        let spelled = trimmedDescription
        return spelled == "Date" || spelled == "Foundation.Date"
    }
}

extension PatternBindingSyntax {
    /// Whether the binding stores a value: no accessors, or only observers.
    var isStored: Bool {
        switch accessorBlock?.accessors {
        case nil: return true
        case .getter: return false
        case .accessors(let accessors):
            return accessors.allSatisfy {
                $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
            }
        }
    }
}

extension AttributeSyntax {
    /// The attribute's name as written (`Key`, `Defaulted`…).
    var name: String { attributeName.trimmedDescription }

    /// Whether the attribute has arguments (`@Defaulted()` has none, as `@Defaulted`).
    var hasArguments: Bool {
        if case .argumentList(let arguments) = self.arguments { return !arguments.isEmpty }
        return self.arguments != nil
    }

    /// `@JSONCodable(keys: .snakeCase)`'s naming of the type's keys.
    var typeKeyNaming: KeyNaming? {
        guard case .argumentList(let arguments) = self.arguments, arguments.count == 1, let first = arguments.first,
            first.label?.text == "keys"
        else { return nil }
        return KeyNaming(first.expression)
    }

    /// A custom attribute on a property other than the options `@JSONCodable`
    /// reads: a property wrapper (built-in attributes are lower-case:
    /// `@available`, `@objc`).
    var isPropertyWrapper: Bool {
        guard PropertyOptions.names.contains(name) == false, let first = name.first else { return false }
        return first.isUppercase
    }
}

extension InitializerDeclSyntax {
    /// `init(from decoder: …)`.
    var isDecodableInitializer: Bool {
        let parameters = signature.parameterClause.parameters
        return parameters.count == 1 && parameters.first?.firstName.text == "from"
            && parameters.first?.type.trimmedDescription.hasSuffix("Decoder") == true
    }
}

extension FunctionDeclSyntax {
    /// `func encode(to encoder: …)`.
    var isEncodeMethod: Bool {
        let parameters = signature.parameterClause.parameters
        return name.text == "encode" && parameters.count == 1 && parameters.first?.firstName.text == "to"
            && parameters.first?.type.trimmedDescription.hasSuffix("Encoder") == true
    }
}

extension String {
    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
