import SwiftSyntax

/// The options of a `@JSONCodable` struct or class as a whole:
/// `@JSONCodable(keys:)`'s naming, `@JSONCodable(at:)`'s root (the path of
/// nested objects the type's members sit in, whatever holds it),
/// `@NilAsNull` on the type (every optional property writes `nil` as `null`)
/// and `@Coerced` on the type (every property of a type coercions apply to
/// reads as a `@Coerced` one).
struct TypeOptions {
    var naming: KeyNaming?
    /// The names of `at:`'s path (`"data.info"` is `["data", "info"]`); empty without one.
    var root: [String] = []
    /// `@NilAsNull` on the type, when given.
    var nilAsNull: AttributeSyntax?
    /// `@Coerced` on the type, when given.
    var coerced: AttributeSyntax?

    /// The options of `declaration`; `nil` (with the problem reported) when
    /// `@JSONCodable`'s arguments are not a naming and a path.
    static func read(_ declaration: some DeclGroupSyntax, report: (Syntax, ModelDiagnostic) -> Void) -> TypeOptions? {
        var options = TypeOptions()
        let attributes = declaration.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }
        options.nilAsNull = attributes.first { $0.name == "NilAsNull" }
        options.coerced = attributes.first { $0.name == "Coerced" }
        guard let attribute = declaration.attributes.jsonCodableAttribute, case .argumentList(let arguments) = attribute.arguments else { return options }
        for argument in arguments {
            switch argument.label?.text {
            case "keys":
                guard let naming = KeyNaming(argument.expression) else {
                    report(Syntax(attribute), .keyNamingArgument)
                    return nil
                }
                options.naming = naming
            case "at":
                let names = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue?
                    .split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                guard let names, !names.contains(where: \.isEmpty) else {
                    report(Syntax(argument.expression), .rootPath)
                    return nil
                }
                options.root = names
            default:
                report(Syntax(attribute), .keyNamingArgument)
                return nil
            }
        }
        return options
    }
}
