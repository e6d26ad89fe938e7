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
enum InheritsDiagnostic: DiagnosticMessage {
    case notOnClass
    case keyNotLiteral
    /// The class has no superclass (no inheritance clause).
    case noSuperclass
    /// The superclass (as written) lacks the conformances named: its coders are not generated.
    case superclassNotCoded(String, missing: [String])

    var message: String {
        switch self {
        case .notOnClass: return "@Inherits applies to a @JSONCodable class whose superclass is coded"
        case .keyNotLiteral: return "@Inherits takes the superclass's key as a string literal, such as @Inherits(key: \"super\")"
        case .noSuperclass: return "@Inherits applies to a subclass: this class has no superclass"
        case .superclassNotCoded(let superclass, let missing):
            return "@Inherits needs a superclass with generated coders: '\(superclass)' does not conform to \(missing.joined(separator: " and ")); mark it @JSONCodable"
        }
    }
    var diagnosticID: MessageID {
        let id: String
        switch self {
        case .notOnClass: id = "notOnClass"
        case .keyNotLiteral: id = "keyNotLiteral"
        case .noSuperclass: id = "noSuperclass"
        case .superclassNotCoded: id = "superclassNotCoded"
        }
        return MessageID(domain: "PeregrineMacros", id: id)
    }
    var severity: DiagnosticSeverity { .error }

    /// What is wrong with the superclass of `@Inherits` class `declaration`
    /// (read as `model`), from the conformances the compiler says it lacks
    /// (`protocols`, those of the macro's role the class does not already
    /// have, inherited ones included): no superclass, or one without the
    /// generated conformances the subclass's coders call through `super`.
    /// `nil` when nothing is, or when the class is no `@Inherits` subclass.
    static func problem(of declaration: some DeclGroupSyntax, _ model: ModelDeclaration, lacking protocols: [TypeSyntax]) -> InheritsDiagnostic? {
        guard model.inherits else { return nil }
        guard let superclass = declaration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription else { return .noSuperclass }
        let lacking = Set(protocols.map { $0.trimmedDescription.split(separator: ".").last.map(String.init) ?? "" })
        let missing = [
            model.hasOwnDecoder ? nil : "DirectDecodable", model.hasOwnEncoder ? nil : "DirectEncodable",
        ].compactMap { $0 }.filter(lacking.contains)
        return missing.isEmpty ? nil : .superclassNotCoded(superclass, missing: missing)
    }
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
