import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Key("name")`: the JSON name of a property of a `@JSONCodable` type. It
/// generates nothing itself (`@JSONCodable` reads it); it only checks that
/// it stands on a stored property.
enum KeyMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self), !variable.isStatic,
            variable.bindings.allSatisfy({ $0.isStored })
        else {
            context.diagnose(Diagnostic(node: node, message: ModelDiagnostic.keyNotOnStoredProperty))
            return []
        }
        return []
    }
}
