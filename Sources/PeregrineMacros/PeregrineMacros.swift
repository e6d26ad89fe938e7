@_exported import Peregrine

/// Generates a model's coders: ``DirectDecodable`` and
/// ``DirectEncodable`` conformances that read the JSON tape in place and
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
/// Properties take options: ``Key(_:)`` (a name or a key path of nested
/// objects), ``Key(exactly:)``, ``Defaulted(_:)``, ``Ignored()``,
/// ``LossyDecoding()``, ``DateStrategy(_:)`` and ``UnknownMembers()``. A
/// model using a key path, a default, a lossy collection, a date strategy
/// or a collector gets an `init(from:)` and an
/// `encode(to:)` written by the macro (synthesis cannot express them), so
/// Foundation's coders give what the generated coders give.
///
/// A generic struct, final class or enum conforms where the parameters its
/// properties (or case values) hold are `Codable`; a member of a parameter's type uses the
/// parameter's generated coders when it has them (`Page<User>`), and
/// `Codable` otherwise (`Page<Date>`):
///
/// ```swift
/// @JSONCodable
/// struct Page<Item> { var items: [Item]; var next: String? }
/// ```
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
    conformances: Decodable, Encodable, DirectDecodable, DirectEncodable,
    names: named(generatedKeys), named(generatedNestedKeys), named(init), named(decode), named(encode)
)
@attached(peer, names: prefixed(_PeregrineKeys_))
public macro JSONCodable() = #externalMacro(module: "PeregrineMacrosPlugin", type: "JSONCodableMacro")

/// The JSON name of a property of a ``JSONCodable()`` type, when it is not
/// the property's name (a name with dots is a key path into nested
/// objects); on a case of an enum, the case's tag.
///
/// ```swift
/// @JSONCodable
/// struct User {
///     @Key("user_id") var id: Int
///     @Key("profile.name") var name: String      // {"profile": {"name": …}}
///     @Key("profile.age") var age: Int?          // the same "profile" object
/// }
///
/// @JSONCodable
/// enum Shape {
///     @Key("circle_shape") case circle(radius: Double)
/// }
/// ```
///
/// Each name of a path is matched after the decoder's key strategy and
/// written after the encoder's, as the keys of nested containers are. When
/// a nested object on the way is missing or `null`, the properties below
/// it read as missing (optionals are `nil`, ``Defaulted(_:)`` ones take
/// their default, others fail as opening the object fails). Encoding
/// writes one nested object for all the properties below it, where the
/// first of them is declared. A key that contains dots is spelled
/// ``Key(exactly:)``; a path with an empty name (`"a..b"`, `".a"`) is refused.
@attached(peer)
public macro Key(_ name: String) = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// The JSON name of a property, taken as it is even when it contains dots.
///
/// ```swift
/// @JSONCodable
/// struct Metric {
///     @Key(exactly: "cpu.load") var load: Double   // {"cpu.load": 0.5}
/// }
/// ```
@attached(peer)
public macro Key(exactly name: String) = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// The value a property of a ``JSONCodable()`` type takes when its member
/// is missing or `null` (a value of another type is still an error). Each
/// default taken is recorded in the ``DecodingReport`` of
/// `decodeWithReport(_:from:)`. The expression is checked against the
/// property's type by the compiler; it is type-checked on its own first,
/// so a literal that needs the property's type to mean anything is
/// spelled with it (`[String]()` rather than `[]`).
///
/// Which to use: `@Defaulted(value)` on the properties of a
/// ``JSONCodable()`` type (any expression, no wrapper type); the
/// property wrapper ``Default`` on a plain `Codable` type, with any coder.
///
/// ```swift
/// @JSONCodable
/// struct Settings {
///     @Defaulted(3) var retries: Int
///     @Defaulted([String]()) var tags: [String]
/// }
/// ```
@attached(peer)
public macro Defaulted<Value>(_ value: Value) = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// Leaves a property of a ``JSONCodable()`` type out of coding: it is not
/// read (it keeps its initial value, which it must have) nor written.
///
/// ```swift
/// @JSONCodable
/// struct Session {
///     var token: String
///     @Ignored var cache: [String: Int] = [:]
/// }
/// ```
@attached(peer)
public macro Ignored() = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// Decodes an array or `[String: Value]` property of a ``JSONCodable()``
/// type leniently: elements (or members) that fail to decode are left out,
/// each recorded in the ``DecodingReport`` of `decodeWithReport(_:from:)`
/// (as ``Lossy`` does for plain `Codable` types). A missing or `null`
/// member gives an empty collection (`nil` for an optional property, the
/// default with ``Defaulted(_:)``). Encoding writes the value as it is.
///
/// Which to use: `@LossyDecoding` on the properties of a ``JSONCodable()``
/// type (arrays and dictionaries, the property keeps its own type); the
/// property wrapper ``Lossy`` on a plain `Codable` type, with any coder.
///
/// ```swift
/// @JSONCodable
/// struct Feed {
///     @LossyDecoding var items: [Item]           // [{"id": 1}, {"id": "x"}] -> one item
///     @LossyDecoding var scores: [String: Int]   // {"a": 1, "b": null} -> ["a": 1]
/// }
/// ```
@attached(peer)
public macro LossyDecoding() = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// The format of a `Date` (or `Date?`) property of a ``JSONCodable()``
/// type, whatever the coder's own date strategy: one of the strategies
/// that carry no value (`.deferredToDate`, `.secondsSince1970`,
/// `.millisecondsSince1970`, `.iso8601`), used for reading and writing.
/// The property is coded as a ``DateCoded`` of the matching
/// ``DateCodingFormats`` type, so Foundation's coders read and write it
/// the same way.
///
/// ```swift
/// @JSONCodable
/// struct Event {
///     @DateStrategy(.iso8601) var start: Date             // "2024-01-02T03:04:05Z"
///     @DateStrategy(.millisecondsSince1970) var end: Date? // 1704164645000
/// }
/// ```
@attached(peer)
public macro DateStrategy(_ strategy: JSON.Decoder.DateDecodingStrategy) =
    #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// Collects, in a `JSON.Object` property of a ``JSONCodable()`` type, every
/// member of the model's object that no property names (names compared
/// after the key strategy, kept as written; a repeated name follows the
/// duplicate-key policy). Encoding writes them back after the named
/// members, so unknown fields survive a decode and a re-encode. The other
/// members of the nested objects of key paths are kept under the paths'
/// names and written back into those objects
/// (`{"user": {"name": "Ada", "age": 3}}` with `@Key("user.name")` keeps
/// `["user": ["age": 3]]`). One per model.
///
/// ```swift
/// @JSONCodable
/// struct User {
///     var id: Int
///     @UnknownMembers var extra: JSON.Object
/// }
/// // {"id": 1, "beta": true} -> extra == ["beta": true] -> {"id":1,"beta":true}
/// ```
@attached(peer)
public macro UnknownMembers() = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

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
