import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that carries Peregrine's macros: `@JSONCodable` and
/// its markers `@Key` and `@Discriminator`.
@main
struct PeregrineMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [JSONCodableMacro.self, KeyMacro.self, DiscriminatorMacro.self]
}
