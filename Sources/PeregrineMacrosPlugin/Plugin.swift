import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that carries Peregrine's macros: `@JSONCodable` and
/// its property options (`@Key`, `@Defaulted`, `@Ignored`, `@LossyDecoding`,
/// `@DateStrategy`, `@UnknownMembers`).
@main
struct PeregrineMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [JSONCodableMacro.self, PropertyOptionMacro.self]
}
