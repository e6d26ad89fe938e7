import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Discriminator("type")` / `@Discriminator("type", content: "value")`:
/// the shape of a `@JSONCodable` enum. It generates nothing itself
/// (`@JSONCodable` reads it and checks its arguments); it only checks that
/// it stands on an enum.
enum DiscriminatorMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        if !declaration.is(EnumDeclSyntax.self) {
            context.diagnose(Diagnostic(node: node, message: EnumDiagnostic.discriminatorNotOnEnum))
        }
        return []
    }
}
