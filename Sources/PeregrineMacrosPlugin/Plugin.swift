import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that carries Peregrine's macros: `@JSONCodable` and
/// its options: `@Key`, `@Defaulted`, `@Ignored`, `@LossyDecoding`,
/// `@DateStrategy`, `@Coerced` and `@UnknownMembers` on properties, `@Key` on enum cases
/// and `@Discriminator` on enums, `@Inherits` on subclasses.
@main
struct PeregrineMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [JSONCodableMacro.self, PropertyOptionMacro.self, DiscriminatorMacro.self, InheritsMacro.self]
}
