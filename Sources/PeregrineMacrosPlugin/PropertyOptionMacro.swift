import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Key`, `@Defaulted`, `@Ignored`, `@LossyDecoding`, `@DateStrategy`, `@Coerced`,
/// `@CodedBy`, `@UnknownMembers`, `@DecodedOnly`, `@EncodedOnly`,
/// `@EncodedUnless`, `@NilAsNull` and `@Flattened`: options of a property of a `@JSONCodable` type
/// (`@Key` also names an enum case's tag, `@Defaulted` marks an enum's
/// default case). They generate nothing themselves (`@JSONCodable` reads
/// them); each only checks that it stands on a stored property, or `@Key`
/// and `@Defaulted` on a case.
enum PropertyOptionMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        // On an enum case: the case's tag, or its default case (read by `@JSONCodable`, which checks them).
        if declaration.is(EnumCaseDeclSyntax.self), node.name == "Key" || (node.name == "Defaulted" && !node.hasArguments) { return [] }
        // On a struct or class: every optional property writes `nil` as `null`, or
        // every property of a coercible type is coerced (read by `@JSONCodable`).
        if node.name == "NilAsNull" || node.name == "Coerced", declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self) {
            return []
        }
        guard let variable = declaration.as(VariableDeclSyntax.self), !variable.isStatic,
            variable.bindings.allSatisfy({ $0.isStored })
        else {
            context.diagnose(Diagnostic(node: node, message: MisplacedOption(name: node.name)))
            return []
        }
        return []
    }
}
