/// A property of a ``JSONCodable()`` type whose own members sit in the
/// model's object rather than under a key: its type (a `@JSONCodable`
/// struct or final class) is decoded from the model's object and encodes
/// its members into it, after the model's own.
///
/// ```swift
/// @JSONCodable
/// struct Address { var city: String; var zip: String }
///
/// @JSONCodable
/// struct Customer {
///     var name: String
///     @Flattened var address: Address
/// }
/// // {"name": "Ada", "city": "London", "zip": "N1"} ↔ Customer(name: "Ada", address: Address(city: "London", zip: "N1"))
/// ```
///
/// The flattened type reads the same object with the decoder's key
/// strategy and duplicate-key policy, and its errors name the model's
/// path (`$.city`). A member both types name is read by both and written
/// twice: give them distinct names. Beside ``UnknownMembers()``, the
/// collector takes the members that neither the model nor any flattened
/// type (flattened ones inside it too) names, from the
/// `claimedMemberKeys` that `@JSONCodable` writes for each type. It takes
/// no other option, and cannot be optional, of a generic parameter's
/// type, of an enum's (whose members depend on its case: a compile error
/// on `claimedMemberKeys`), or in a type with ``JSONCodable(at:)``.
@attached(peer)
public macro Flattened() = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")
