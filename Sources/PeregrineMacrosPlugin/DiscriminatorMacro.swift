import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Discriminator("type")` / `@Discriminator("type", content: "value")`,
/// `@Untagged` and `@UnwrapSingleValues`: the shape of a `@JSONCodable` enum. It generates nothing itself
/// (`@JSONCodable` reads it and checks its arguments); it only checks that
/// it stands on an enum marked `@JSONCodable`.
enum DiscriminatorMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let isJSONCodable = declaration.as(EnumDeclSyntax.self)?.attributes.contains {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "JSONCodable"
        }
        if isJSONCodable != true {
            let message: EnumDiagnostic = node.name == "Discriminator" ? .discriminatorNotOnEnum : .shapeNotOnEnum(node.name)
            context.diagnose(Diagnostic(node: node, message: message))
        }
        return []
    }
}
