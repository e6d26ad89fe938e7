import SwiftSyntax

/// The options a property of a `@JSONCodable` type is given by attributes:
/// `@Key` (a name or a key path), `@Defaulted` and `@Ignored`.
struct PropertyOptions {
    /// The names of the attributes `@JSONCodable` reads.
    static let names: Set<String> = ["Key", "Defaulted", "Ignored"]

    /// `@Key`, when given.
    var key: AttributeSyntax?
    /// `@Key`'s path: `@Key("a.b")` is `["a", "b"]`, `@Key(exactly: "a.b")` is `["a.b"]`.
    var path: [String]?
    /// `@Defaulted`, when given.
    var defaulted: AttributeSyntax?
    /// `@Defaulted`'s expression.
    var defaultValue: ExprSyntax?
    /// `@Ignored`, when given.
    var ignored: AttributeSyntax?

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
                } else if let (exactly, name) = attribute.keyArgument {
                    let names = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                    if exactly || names.count == 1 {
                        options.path = [name]
                    } else if names.contains(where: \.isEmpty) {
                        report(Syntax(attribute), .keyPathEmptyName)
                        valid = false
                    } else {
                        options.path = names
                    }
                } else {
                    if case .argumentList(let arguments) = attribute.arguments, let first = arguments.first {
                        report(Syntax(first.expression), .keyNotLiteral)
                    } else {
                        report(Syntax(attribute), .keyNotLiteral)
                    }
                    valid = false
                }
            case "Defaulted":
                guard options.defaulted == nil else {
                    report(Syntax(attribute), .repeatedOption)
                    valid = false
                    continue
                }
                options.defaulted = attribute
                if case .argumentList(let arguments) = attribute.arguments, arguments.count == 1, let first = arguments.first {
                    options.defaultValue = first.expression.trimmed
                } else {
                    report(Syntax(attribute), .defaultNeedsValue)
                    valid = false
                }
            default:
                guard options.ignored == nil else {
                    report(Syntax(attribute), .repeatedOption)
                    valid = false
                    continue
                }
                options.ignored = attribute
            }
        }
        if let ignored = options.ignored, options.key != nil || options.defaulted != nil {
            report(Syntax(ignored), .ignoredWithOptions)
            valid = false
        }
        return valid ? options : nil
    }
}

extension AttributeSyntax {
    /// `@Key`'s one argument when it is a plain string literal, and whether
    /// it is labelled `exactly:`.
    var keyArgument: (exactly: Bool, name: String)? {
        guard case .argumentList(let arguments) = self.arguments, arguments.count == 1, let first = arguments.first,
            first.label == nil || first.label?.text == "exactly",
            let literal = first.expression.as(StringLiteralExprSyntax.self), let name = literal.representedLiteralValue
        else { return nil }
        return (first.label != nil, name)
    }
}
