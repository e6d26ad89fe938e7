import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Inherits`: a `@JSONCodable` subclass coded with its superclass, in one
/// object. It generates nothing itself (`@JSONCodable` reads it,
/// ``ModelDeclaration/inherits``); it only checks that it stands on a
/// class marked `@JSONCodable`.
enum InheritsMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        if declaration.as(ClassDeclSyntax.self)?.attributes.jsonCodableAttribute == nil {
            context.diagnose(Diagnostic(node: node, message: InheritsDiagnostic.notOnClass))
        }
        return []
    }
}

/// What `@Inherits` reports.
enum InheritsDiagnostic: String, DiagnosticMessage {
    case notOnClass

    var message: String { "@Inherits applies to a @JSONCodable class whose superclass is coded" }
    var diagnosticID: MessageID { MessageID(domain: "PeregrineMacros", id: rawValue) }
    var severity: DiagnosticSeverity { .error }
}
