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
///
/// On an enum: one with raw values is coded as its raw value, as the
/// standard library codes it; one without is coded as `Codable` synthesis
/// codes it (`{"circle":{"radius":1}}`, unlabeled values as `_0`, `_1`…, a
/// case without values as `{"none":{}}`), or with ``Discriminator(_:)`` /
/// ``Discriminator(_:content:)`` as a tagged object. ``Key(_:)`` on a case
/// gives its name in JSON.
///
/// ```swift
/// @JSONCodable
/// enum Status: String { case active, banned }      // "active"
///
/// @JSONCodable
/// enum Shape {                                      // {"circle":{"radius":1}}
///     case circle(radius: Double)
///     @Key("rect") case rectangle(width: Double, height: Double)
/// }
/// ```
@attached(member, names: named(CodingKeys), named(init), named(DiscriminatorKeys), named(GeneratedCaseKeys))
@attached(
    extension,
    conformances: Decodable, Encodable, GeneratedDecodable, GeneratedEncodable,
    names: named(generatedKeys), named(init), named(decode), named(encode)
)
public macro JSONCodable() = #externalMacro(module: "PeregrineMacrosPlugin", type: "JSONCodableMacro")

/// The JSON name of a property of a ``JSONCodable()`` type, when it is not
/// the property's name; on a case of an enum, the case's tag.
///
/// ```swift
/// @JSONCodable
/// struct User {
///     @Key("user_id") var id: Int
/// }
///
/// @JSONCodable
/// enum Shape {
///     @Key("circle_shape") case circle(radius: Double)
/// }
/// ```
@attached(peer)
public macro Key(_ name: String) = #externalMacro(module: "PeregrineMacrosPlugin", type: "KeyMacro")

/// How a ``JSONCodable()`` enum with values is laid out: its case named by
/// a tag under `key`, its values beside the tag (the internal shape).
///
/// ```swift
/// @JSONCodable
/// @Discriminator("type")
/// enum Shape {
///     case circle(radius: Double)            // {"type":"circle","radius":1}
///     @Key("rect") case rectangle(Rect)      // {"type":"rect","width":2,"height":3}, Rect being @JSONCodable
///     case empty                             // {"type":"empty"}
/// }
/// ```
///
/// A case's values must be labeled, or be one value of a `@JSONCodable`
/// model whose members then sit beside the tag (none of them may be named
/// `key`). A tag no case has is a `dataCorrupted` error at the tag naming
/// it and the expected tags; a missing tag is `keyNotFound`.
@attached(peer)
public macro Discriminator(_ key: String) = #externalMacro(module: "PeregrineMacrosPlugin", type: "DiscriminatorMacro")

/// How a ``JSONCodable()`` enum with values is laid out: its case named by
/// a tag under `key`, its values in an object under `content` (the
/// adjacent shape); a case with one unlabeled value has that value as the
/// content, and a case without values has no content.
///
/// ```swift
/// @JSONCodable
/// @Discriminator("type", content: "value")
/// enum Shape {
///     case circle(radius: Double)            // {"type":"circle","value":{"radius":1}}
///     case label(String)                     // {"type":"label","value":"A"}
///     case empty                             // {"type":"empty"}
/// }
/// ```
@attached(peer)
public macro Discriminator(_ key: String, content: String) = #externalMacro(module: "PeregrineMacrosPlugin", type: "DiscriminatorMacro")
