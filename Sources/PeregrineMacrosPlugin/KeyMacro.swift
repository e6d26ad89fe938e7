import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Key("name")`: the JSON name of a property of a `@JSONCodable` type, or
/// the tag of an enum's case. It generates nothing itself (`@JSONCodable`
/// reads it); it only checks that it stands on a stored property or a case.
enum KeyMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        // On an enum case: the case's tag (read by `@JSONCodable`, which checks it).
        if declaration.is(EnumCaseDeclSyntax.self) { return [] }
        guard let variable = declaration.as(VariableDeclSyntax.self), !variable.isStatic,
            variable.bindings.allSatisfy({ $0.isStored })
        else {
            context.diagnose(Diagnostic(node: node, message: ModelDiagnostic.keyNotOnStoredProperty))
            return []
        }
        return []
    }
}
