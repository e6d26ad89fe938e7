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
        } else if node.hasArguments, node.inheritedKey == nil {
            context.diagnose(Diagnostic(node: node, message: InheritsDiagnostic.keyNotLiteral))
        }
        return []
    }
}

/// What `@Inherits` reports.
enum InheritsDiagnostic: String, DiagnosticMessage {
    case notOnClass
    case keyNotLiteral

    var message: String {
        switch self {
        case .notOnClass: return "@Inherits applies to a @JSONCodable class whose superclass is coded"
        case .keyNotLiteral: return "@Inherits takes the superclass's key as a string literal, such as @Inherits(key: \"super\")"
        }
    }
    var diagnosticID: MessageID { MessageID(domain: "PeregrineMacros", id: rawValue) }
    var severity: DiagnosticSeverity { .error }
}

extension AttributeSyntax {
    /// `@Inherits(key: "super")`'s key: where the superclass's object is
    /// (`nil` without one, or for an argument that is not a plain string literal).
    var inheritedKey: String? {
        guard case .argumentList(let arguments) = self.arguments, arguments.count == 1, let argument = arguments.first,
            argument.label?.text == "key"
        else { return nil }
        return argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }
}
