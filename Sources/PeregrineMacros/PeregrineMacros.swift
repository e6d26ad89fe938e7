@_exported import Peregrine

/// Generates a model's coders: ``GeneratedDecodable`` and
/// ``GeneratedEncodable`` conformances that read the JSON tape in place and
/// write straight into the encoder's output, and `Codable` (synthesised by
/// the compiler with the same keys), so Foundation's coders keep working.
///
/// ``JSON/Decoder`` and ``JSON/Encoder`` pick the generated coders by
/// themselves; results and errors are the `Codable` path's.
///
/// ```swift
/// import PeregrineMacros
///
/// @JSONCodable
/// struct User {
///     var id: Int
///     @Key("screen_name") var name: String
///     var bio: String?
/// }
///
/// let user = try JSON.Decoder().decode(User.self, from: bytes)
/// let data = try JSON.Encoder().encode(user)
/// ```
///
/// Properties are coded as synthesised `Codable` codes them: optionals may
/// be missing or `null`, a `let` with an initial value is encoded but not
/// decoded, computed properties are left out. A type with its own
/// `CodingKeys` keeps them; one with its own `init(from:)` or
/// `encode(to:)` keeps that side on the `Codable` path.
@attached(member, names: named(CodingKeys), named(init))
@attached(
    extension,
    conformances: Decodable, Encodable, GeneratedDecodable, GeneratedEncodable,
    names: named(generatedKeys), named(init), named(decode), named(encode)
)
public macro JSONCodable() = #externalMacro(module: "PeregrineMacrosPlugin", type: "JSONCodableMacro")

/// The JSON name of a property of a ``JSONCodable()`` type, when it is not
/// the property's name.
///
/// ```swift
/// @JSONCodable
/// struct User {
///     @Key("user_id") var id: Int
/// }
/// ```
@attached(peer)
public macro Key(_ name: String) = #externalMacro(module: "PeregrineMacrosPlugin", type: "KeyMacro")
