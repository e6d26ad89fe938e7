import SwiftSyntax

/// The options a property of a `@JSONCodable` type is given by attributes:
/// `@Key` (names or key paths, tried in order, or a naming), `@Defaulted`,
/// `@Ignored`, `@LossyDecoding`, `@DateStrategy`, `@Coerced`, `@CodedBy`,
/// `@UnknownMembers`, the one-direction options (`@DecodedOnly`,
/// `@EncodedOnly`, `@EncodedUnless`, `@NilAsNull`) and `@Flattened`.
struct PropertyOptions {
    /// The names of the attributes `@JSONCodable` reads.
    static let names: Set<String> = [
        "Key", "Defaulted", "Ignored", "LossyDecoding", "DateStrategy", "Coerced", "CodedBy", "UnknownMembers",
        "DecodedOnly", "EncodedOnly", "EncodedUnless", "NilAsNull", "Flattened",
    ]

    /// `@Key`, when given.
    var key: AttributeSyntax?
    /// `@Key`'s paths, in the order tried when decoding: `@Key("a.b")` is
    /// `[["a", "b"]]`, `@Key(exactly: "a.b")` is `[["a.b"]]`, `@Key("id", "ID")`
    /// is `[["id"], ["ID"]]`.
    var paths: [[String]]?
    /// The path `@Key(…, encoding:)` writes at (else the first of ``paths``).
    var encodingPath: [String]?
    /// `@Key(.snakeCase)`'s naming of the property's name.
    var naming: KeyNaming?
    /// `@Defaulted`, when given.
    var defaulted: AttributeSyntax?
    /// `@Defaulted`'s expression; `nil` for `@Defaulted` without one, which
    /// takes the property's initial value.
    var defaultValue: ExprSyntax?
    /// `@Defaulted(_:ifInvalid:)`'s second expression: the value of an invalid member.
    var invalidValue: ExprSyntax?
    /// `@Ignored`, when given.
    var ignored: AttributeSyntax?
    /// `@LossyDecoding`, when given.
    var lossy: AttributeSyntax?
    /// `@UnknownMembers`, when given.
    var collector: AttributeSyntax?
    /// `@DateStrategy`, when given.
    var dateStrategy: AttributeSyntax?
    /// `@Coerced`, when given.
    var coerced: AttributeSyntax?
    /// `@CodedBy`, when given.
    var codedBy: AttributeSyntax?
    /// The `Peregrine.ValueCoder` type the property is coded with: the one
    /// `@CodedBy` names, or the `Peregrine.DateCoders` type of `@DateStrategy`.
    var coder: String?
    /// The options that code the property in one direction only (``DirectionOptions``).
    var direction = DirectionOptions()
    /// `@Flattened`, when given.
    var flattened: AttributeSyntax?

    /// The options given besides `@Key` that shape how the value is read
    /// or written (each refused with `@Ignored`, `@UnknownMembers` and `@Flattened`).
    var valueOptions: [AttributeSyntax] {
        [defaulted, lossy, dateStrategy, coerced, codedBy].compactMap { $0 }
    }

    /// The options of `variable`; `nil` (with the reasons reported) when they are wrong.
    static func read(
        _ variable: VariableDeclSyntax, ownKeys: Bool, report: (Syntax, ModelDiagnostic) -> Void
    ) -> PropertyOptions? {
        var options = PropertyOptions()
        var valid = true
        let several = variable.bindings.filter(\.isStored).count > 1
        for attribute in variable.attributes.compactMap({ $0.as(AttributeSyntax.self) }) where names.contains(attribute.name) {
            if several {
                report(Syntax(attribute), .optionOnSeveralProperties)
                valid = false
                continue
            }
            switch attribute.name {
            case "Key":
                guard options.key == nil else {
                    report(Syntax(attribute), .repeatedOption)
                    valid = false
                    continue
                }
                options.key = attribute
                if ownKeys {
                    report(Syntax(attribute), .keyWithCodingKeys)
                    valid = false
                } else if let naming = attribute.keyNaming {
                    options.naming = naming
                } else if let (exactly, names, encoding) = attribute.keyArguments {
                    func path(_ name: String) -> [String]? {
                        let names = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                        if exactly || names.count == 1 { return [name] }
                        return names.contains(where: \.isEmpty) ? nil : names
                    }
                    let paths = names.compactMap(path)
                    let encodingPath = encoding.flatMap(path)
                    if paths.count < names.count || (encoding != nil && encodingPath == nil) {
                        report(Syntax(attribute), .keyPathEmptyName)
                        valid = false
                    } else if Set(names).count < names.count {
                        report(Syntax(attribute), .repeatedKeyName)
                        valid = false
                    } else {
                        options.paths = paths
                        options.encodingPath = encodingPath
                    }
                } else {
                    let literal = attribute.arguments.flatMap { arguments -> ExprSyntax? in
                        guard case .argumentList(let list) = arguments else { return nil }
                        return list.first { $0.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue == nil }?.expression
                    }
                    report(literal.map(Syntax.init) ?? Syntax(attribute), .keyNotLiteral)
                    valid = false
                }
            case "Defaulted":
                guard options.defaulted == nil else {
                    report(Syntax(attribute), .repeatedOption)
                    valid = false
                    continue
                }
                options.defaulted = attribute
                if case .argumentList(let arguments) = attribute.arguments, arguments.count == 1, let first = arguments.first, first.label == nil {
                    options.defaultValue = first.expression.trimmed
                } else if case .argumentList(let arguments) = attribute.arguments, arguments.count == 2, let first = arguments.first,
                    first.label == nil, let second = arguments.last, second.label?.text == "ifInvalid"
                {
                    options.defaultValue = first.expression.trimmed
                    options.invalidValue = second.expression.trimmed
                } else if case .argumentList(let arguments) = attribute.arguments, !arguments.isEmpty {
                    report(Syntax(attribute), .defaultNeedsValue)
                    valid = false
                }
            case "DateStrategy":
                guard options.dateStrategy == nil else {
                    report(Syntax(attribute), .repeatedOption)
                    valid = false
                    continue
                }
                options.dateStrategy = attribute
                if let format = attribute.dateFormat {
                    options.coder = format
                } else {
                    report(Syntax(attribute), .dateStrategyUnsupported)
                    valid = false
                }
            case "Coerced":
                guard options.coerced == nil else {
                    report(Syntax(attribute), .repeatedOption)
                    valid = false
                    continue
                }
                options.coerced = attribute
            case "CodedBy":
                guard options.codedBy == nil else {
                    report(Syntax(attribute), .repeatedOption)
                    valid = false
                    continue
                }
                options.codedBy = attribute
                if let coder = attribute.coderType {
                    options.coder = coder
                } else {
                    report(Syntax(attribute), .coderArgument)
                    valid = false
                }
            case "DecodedOnly", "EncodedOnly", "EncodedUnless", "NilAsNull":
                guard options.direction.add(attribute, report: report) else {
                    valid = false
                    continue
                }
            case "Flattened":
                guard options.flattened == nil else {
                    report(Syntax(attribute), .repeatedOption)
                    valid = false
                    continue
                }
                options.flattened = attribute
            case "UnknownMembers":
                guard options.collector == nil else {
                    report(Syntax(attribute), .repeatedOption)
                    valid = false
                    continue
                }
                options.collector = attribute
            case "LossyDecoding":
                guard options.lossy == nil else {
                    report(Syntax(attribute), .repeatedOption)
                    valid = false
                    continue
                }
                options.lossy = attribute
            default:
                guard options.ignored == nil else {
                    report(Syntax(attribute), .repeatedOption)
                    valid = false
                    continue
                }
                options.ignored = attribute
            }
        }
        if let defaulted = options.defaulted, options.invalidValue != nil, options.lossy != nil {
            report(Syntax(defaulted), .invalidDefaultWithLossy)
            valid = false
        }
        let coders = [options.dateStrategy, options.coerced, options.codedBy].compactMap { $0 }
        if coders.count > 1 {
            report(Syntax(coders[1]), options.codedBy == nil ? .coercedWithDateStrategy : .coderConflict)
            valid = false
        }
        if let ignored = options.ignored, options.key != nil || !options.valueOptions.isEmpty || options.direction.any != nil || options.flattened != nil {
            report(Syntax(ignored), .ignoredWithOptions)
            valid = false
        }
        if let collector = options.collector,
            options.key != nil || !options.valueOptions.isEmpty || options.ignored != nil || options.direction.any != nil || options.flattened != nil
        {
            report(Syntax(collector), .collectorWithOptions)
            valid = false
        }
        if let flattened = options.flattened, options.key != nil || !options.valueOptions.isEmpty || options.direction.any != nil {
            report(Syntax(flattened), .flattenedWithOptions)
            valid = false
        }
        return valid ? options : nil
    }
}

extension AttributeSyntax {
    /// The `Peregrine.DateCoders` type of `@DateStrategy`'s argument
    /// (`.iso8601`, `JSON.Decoder.DateDecodingStrategy.secondsSince1970`…);
    /// `nil` for the strategies that carry a value (`.formatted`, `.custom`).
    var dateFormat: String? {
        guard case .argumentList(let arguments) = self.arguments, arguments.count == 1,
            let access = arguments.first?.expression.as(MemberAccessExprSyntax.self)
        else { return nil }
        let formats = [
            "deferredToDate": "DeferredToDate", "secondsSince1970": "SecondsSince1970",
            "millisecondsSince1970": "MillisecondsSince1970", "iso8601": "ISO8601",
        ]
        return formats[access.declName.baseName.text].map { "Peregrine.DateCoders.\($0)" }
    }

    /// The type `@CodedBy(Coder.self)` names, as written; `nil` when the
    /// argument is not one type's `.self`.
    var coderType: String? {
        guard case .argumentList(let arguments) = self.arguments, arguments.count == 1, let first = arguments.first, first.label == nil,
            let access = first.expression.as(MemberAccessExprSyntax.self), access.declName.baseName.tokenKind == .keyword(.self),
            let base = access.base
        else { return nil }
        return base.trimmedDescription
    }

    /// `@Key`'s one argument when it is a plain string literal, and whether
    /// it is labelled `exactly:` (an enum case's tag).
    var keyArgument: (exactly: Bool, name: String)? {
        guard let (exactly, names, encoding) = keyArguments, names.count == 1, let name = names.first, encoding == nil else { return nil }
        return (exactly, name)
    }

    /// `@Key`'s names when they are plain string literals: the first
    /// (labelled `exactly:` or not), the alternatives after it, and the one
    /// labelled `encoding:`, last, when given.
    var keyArguments: (exactly: Bool, names: [String], encoding: String?)? {
        guard case .argumentList(let arguments) = self.arguments, let first = arguments.first,
            first.label == nil || first.label?.text == "exactly"
        else { return nil }
        var names: [String] = []
        var encoding: String?
        for (position, argument) in arguments.enumerated() {
            guard let name = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue else { return nil }
            switch argument.label?.text {
            case nil: names.append(name)
            case "exactly" where position == 0: names.append(name)
            case "encoding" where position == arguments.count - 1 && position > 0: encoding = name
            default: return nil
            }
        }
        return (first.label != nil, names, encoding)
    }

    /// `@Key(.snakeCase)`'s naming.
    var keyNaming: KeyNaming? {
        guard case .argumentList(let arguments) = self.arguments, arguments.count == 1, let first = arguments.first, first.label == nil
        else { return nil }
        return KeyNaming(first.expression)
    }
}

/// How a `@LossyDecoding` property is read: through `Peregrine.Lossy`
/// (arrays) or `Peregrine.LossyDictionary` (`[String: Value]`), which
/// leave out what fails to decode.
struct LossyCollection {
    /// The type read, such as `Peregrine.Lossy<Item>`.
    let wrapper: String
    /// The property's value when the member is missing or `null`: `[]`,
    /// `[:]`, or `nil` for an optional property.
    let empty: String
    /// Whether the property is optional.
    let optional: Bool

    /// The collection `type` is, or `nil` when it is neither an array nor a dictionary with string keys.
    init?(_ type: TypeSyntax) {
        var type = type
        var optional = false
        if let wrapped = type.as(OptionalTypeSyntax.self)?.wrappedType {
            type = wrapped
            optional = true
        }
        if let array = type.as(ArrayTypeSyntax.self) {
            wrapper = "Peregrine.Lossy<\(array.element.trimmedDescription)>"
            empty = optional ? "nil" : "[]"
        } else if let dictionary = type.as(DictionaryTypeSyntax.self), dictionary.key.trimmedDescription == "String" {
            wrapper = "Peregrine.LossyDictionary<\(dictionary.value.trimmedDescription)>"
            empty = optional ? "nil" : "[:]"
        } else {
            return nil
        }
        self.optional = optional
    }
}
