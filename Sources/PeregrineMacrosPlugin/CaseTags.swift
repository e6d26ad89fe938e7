import SwiftSyntax

/// What the tags of an enum's cases are: the names of the external shape
/// and, under a `@Discriminator`, strings, integers or Booleans.
enum TagKind: Equatable {
    case string, int, bool

    /// The tag's type in the generated code.
    var type: String {
        switch self {
        case .string: return "Swift.String"
        case .int: return "Swift.Int"
        case .bool: return "Swift.Bool"
        }
    }

    /// How a diagnostic names the kind.
    var noun: String {
        switch self {
        case .string: return "string"
        case .int: return "integer"
        case .bool: return "Boolean"
        }
    }
}

/// The tags `@Key` gives a case: the first is written, all are read.
struct CaseTags {
    let kind: TagKind
    /// The tags as a table holds them: a string as it is, an integer or a
    /// Boolean as written in Swift (`-1`, `true`), which is its `description`.
    let names: [String]
}

extension AttributeSyntax {
    /// `@Key("a", "b")`, `@Key(exactly: "a.b")`, `@Key(1, 2)` or `@Key(true)`
    /// on a case: its tags; `nil` when an argument is not such a literal,
    /// or the literals are of different kinds.
    var caseTags: CaseTags? {
        guard case .argumentList(let arguments) = self.arguments, !arguments.isEmpty else { return nil }
        var kind: TagKind?
        var names: [String] = []
        for (position, argument) in arguments.enumerated() {
            guard argument.label == nil || (position == 0 && argument.label?.text == "exactly") else { return nil }
            guard let (found, name) = Self.tagLiteral(argument.expression), kind == nil || kind == found else { return nil }
            kind = found
            names.append(name)
        }
        guard let kind, kind != .bool || names.count == 1 else { return nil }
        return CaseTags(kind: kind, names: names)
    }

    /// A tag literal's kind and text (`-1` for an integer literal with a minus sign).
    private static func tagLiteral(_ expression: ExprSyntax) -> (TagKind, String)? {
        if let string = expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue { return (.string, string) }
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) { return (.bool, boolean.literal.text) }
        var sign = ""
        var literal = expression
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            sign = "-"
            literal = prefix.expression
        }
        guard let integer = literal.as(IntegerLiteralExprSyntax.self), let value = Int(sign + integer.literal.text.filter { $0 != "_" }) else {
            return nil
        }
        return (.int, String(value))
    }
}
