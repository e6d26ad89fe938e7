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
/// Properties take options: ``Key(_:_:)`` (names or key paths of nested
/// objects, alternatives tried in order), ``Key(_:_:encoding:)``,
/// ``Key(exactly:_:)``, ``Key(_:)`` (a naming), ``Defaulted(_:)``, ``Defaulted(_:ifInvalid:)``,
/// ``Defaulted()``, ``Ignored()``, ``LossyDecoding()``,
/// ``DateStrategy(_:)``, ``Coerced()``, ``CodedBy(_:)``, ``DecodedOnly()``,
/// ``EncodedOnly()``, ``EncodedUnless(_:)``, ``NilAsNull()``,
/// ``Flattened()`` and ``UnknownMembers()``; ``JSONCodable(keys:)``
/// names every key of a type, ``JSONCodable(at:)`` roots it below the
/// object that holds it. A property wrapper whose type is `Codable` is
/// coded through it, as synthesis codes it. A model using a key path, alternative keys,
/// a default, a lossy value, a date strategy or a collector gets an
/// `init(from:)` and an
/// `encode(to:)` written by the macro (synthesis cannot express them), so
/// Foundation's coders give what the generated coders give.
///
/// A class that is not `final` gets `required` initializers and its
/// encoding methods in its body, where a subclass overrides them.
///
/// A generic struct, class or enum conforms where the parameters its
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
@attached(
    member, conformances: Decodable, Encodable, DirectDecodable, DirectEncodable,
    names: named(CodingKeys), named(init), named(encode), named(DiscriminatorKeys), named(GeneratedCaseKeys), named(PeregrineSuperclassCheck),
        named(claimedMemberKeys)
)
@attached(
    extension,
    conformances: Decodable, Encodable, DirectDecodable, DirectEncodable,
    names: named(generatedKeys), named(generatedNestedKeys), named(init), named(decode), named(encode), named(claimedMemberKeys),
        named(mayHoldItself)
)
@attached(peer, names: prefixed(_PeregrineKeys_))
public macro JSONCodable() = #externalMacro(module: "PeregrineMacrosPlugin", type: "JSONCodableMacro")

/// ``JSONCodable()``, with the JSON keys of the type's properties (an
/// enum's case tags) made from their Swift names by `naming`, at compile
/// time. A property's own ``Key(_:)`` or names given to
/// ``Key(_:_:)`` take precedence.
///
/// ```swift
/// @JSONCodable(keys: .snakeCase)
/// struct User {
///     var userID: Int          // "user_id"
///     var displayName: String  // "display_name"
///     @Key("nick") var nickname: String?
/// }
/// ```
///
/// The names are the type's `CodingKeys`, so a coder's key strategy still
/// applies to them as Foundation's coders apply it: under
/// `.convertFromSnakeCase` a decoder converts `"user_id"` in the input to
/// `userId` and finds no `"user_id"`, as `JSONDecoder` does.
@attached(
    member, conformances: Decodable, Encodable, DirectDecodable, DirectEncodable,
    names: named(CodingKeys), named(init), named(encode), named(DiscriminatorKeys), named(GeneratedCaseKeys), named(PeregrineSuperclassCheck),
        named(claimedMemberKeys)
)
@attached(
    extension,
    conformances: Decodable, Encodable, DirectDecodable, DirectEncodable,
    names: named(generatedKeys), named(generatedNestedKeys), named(init), named(decode), named(encode), named(claimedMemberKeys),
        named(mayHoldItself)
)
@attached(peer, names: prefixed(_PeregrineKeys_))
public macro JSONCodable(keys naming: KeyNaming) = #externalMacro(module: "PeregrineMacrosPlugin", type: "JSONCodableMacro")

/// ``JSONCodable()`` for a type whose members sit in nested objects below
/// the object that holds it: each name of `path` (names separated by
/// dots) is an object the decoder opens and the encoder writes, wherever
/// the type is decoded or encoded (the root of a document, a member of
/// another model).
///
/// ```swift
/// @JSONCodable(at: "data.info")
/// struct Info {
///     var id: Int
///     var name: String?
/// }
/// // {"data": {"info": {"id": 1, "name": "Ada"}}} ↔ Info(id: 1, name: "Ada")
/// ```
///
/// A missing or `null` object on the way reads as it would for
/// `@Key("data.info.id")` on each property: optionals are `nil`, other
/// properties fail with the error of the missing object.
@attached(
    member, conformances: Decodable, Encodable, DirectDecodable, DirectEncodable,
    names: named(CodingKeys), named(init), named(encode), named(DiscriminatorKeys), named(GeneratedCaseKeys), named(PeregrineSuperclassCheck),
        named(claimedMemberKeys)
)
@attached(
    extension,
    conformances: Decodable, Encodable, DirectDecodable, DirectEncodable,
    names: named(generatedKeys), named(generatedNestedKeys), named(init), named(decode), named(encode), named(claimedMemberKeys),
        named(mayHoldItself)
)
@attached(peer, names: prefixed(_PeregrineKeys_))
public macro JSONCodable(at path: String) = #externalMacro(module: "PeregrineMacrosPlugin", type: "JSONCodableMacro")

/// ``JSONCodable(keys:)`` and ``JSONCodable(at:)`` together: the keys made
/// by `naming` (the names of `path` are taken as they are).
///
/// ```swift
/// @JSONCodable(keys: .snakeCase, at: "data")
/// struct Page { var nextCursor: String? }   // {"data": {"next_cursor": "x"}}
/// ```
@attached(
    member, conformances: Decodable, Encodable, DirectDecodable, DirectEncodable,
    names: named(CodingKeys), named(init), named(encode), named(DiscriminatorKeys), named(GeneratedCaseKeys), named(PeregrineSuperclassCheck),
        named(claimedMemberKeys)
)
@attached(
    extension,
    conformances: Decodable, Encodable, DirectDecodable, DirectEncodable,
    names: named(generatedKeys), named(generatedNestedKeys), named(init), named(decode), named(encode), named(claimedMemberKeys),
        named(mayHoldItself)
)
@attached(peer, names: prefixed(_PeregrineKeys_))
public macro JSONCodable(keys naming: KeyNaming, at path: String) = #externalMacro(module: "PeregrineMacrosPlugin", type: "JSONCodableMacro")

/// The JSON name of a property of a ``JSONCodable()`` type, when it is not
/// the property's name (a name with dots is a key path into nested
/// objects), followed by alternatives tried in order when decoding; on a
/// case of an enum, the case's tag.
///
/// ```swift
/// @JSONCodable
/// struct User {
///     @Key("user_id") var id: Int
///     @Key("profile.name") var name: String      // {"profile": {"name": …}}
///     @Key("profile.age") var age: Int?          // the same "profile" object
///     @Key("mail", "email", "contact.mail") var mail: String?
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
/// ``Key(exactly:_:)``; a path with an empty name (`"a..b"`, `".a"`) is refused.
///
/// With alternatives, decoding reads the first name whose member holds a
/// value, else the first whose member is `null`; when none is there, the
/// property is missing as it would be with the first name alone (the
/// error names it, or the default is taken). The chosen member is read as
/// a property with that one name would read it, errors included. The first
/// name is the one written; ``Key(_:_:encoding:)`` writes another. Each
/// object is still scanned once, whatever the number of names.
@attached(peer)
public macro Key(_ name: String, _ alternatives: String...) = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// The JSON names of a property, taken as they are even when they contain
/// dots (the first written, all tried in order when decoding).
///
/// ```swift
/// @JSONCodable
/// struct Metric {
///     @Key(exactly: "cpu.load") var load: Double   // {"cpu.load": 0.5}
/// }
/// ```
@attached(peer)
public macro Key(exactly name: String, _ alternatives: String...) = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// The JSON names a property is read from (tried in order, as in
/// ``Key(_:_:)``) and the one it is written at, when they differ.
///
/// ```swift
/// @JSONCodable
/// struct User {
///     @Key("user_name", "name", encoding: "userName") var name: String
/// }
/// // reads {"user_name": "Ada"} or {"name": "Ada"}, writes {"userName":"Ada"}
/// ```
@attached(peer)
public macro Key(_ name: String, _ alternatives: String..., encoding: String) =
    #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// The JSON names a property is read from and written at, taken as they
/// are even when they contain dots.
///
/// ```swift
/// @JSONCodable
/// struct Metric {
///     @Key(exactly: "cpu.load", encoding: "cpu.load.avg") var load: Double
/// }
/// ```
@attached(peer)
public macro Key(exactly name: String, _ alternatives: String..., encoding: String) =
    #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// The JSON name of a property of a ``JSONCodable()`` type (or an enum
/// case's tag) made from its Swift name by `naming`, at compile time,
/// whatever the type's ``JSONCodable(keys:)``.
///
/// ```swift
/// @JSONCodable
/// struct Event {
///     @Key(.snakeCase) var startDate: Date     // "start_date"
///     @Key(.kebabCase) var retryAfter: Int     // "retry-after"
///     var id: Int                              // "id"
/// }
/// ```
@attached(peer)
public macro Key(_ naming: KeyNaming) = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// The value a property of a ``JSONCodable()`` type takes when its member
/// is missing or `null` (a value of another type is still an error; with
/// ``LossyDecoding()`` too, it also takes the default). Each default taken
/// is recorded in the ``DecodingReport`` of `decodeWithReport(_:from:)`. The expression is checked against the
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
///     @Defaulted(3) var retries: Int                       // missing or null → 3
///     @Defaulted([String]()) var tags: [String]
///     @LossyDecoding @Defaulted(false) var beta: Bool      // also "yes", 1, {} → false
/// }
/// ```
@attached(peer)
public macro Defaulted<Value>(_ value: Value) = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// The values a property of a ``JSONCodable()`` type takes when its member
/// is missing or `null` (`value`), and when it holds a value that fails to
/// decode (`invalid`: of another type, an unknown enum case, a model
/// missing a member…). Each is recorded in the ``DecodingReport`` of
/// `decodeWithReport(_:from:)`, as the default taken for a missing, `null`
/// or invalid member. Both expressions are checked against the property's
/// type, as ``Defaulted(_:)``'s is; ``LossyDecoding()`` does not combine
/// with it (it would give a value for invalid members too).
///
/// ```swift
/// @JSONCodable
/// struct Settings {
///     @Defaulted(20, ifInvalid: 0) var pageSize: Int        // missing or null → 20; "big" → 0
///     @Defaulted(Theme.light, ifInvalid: .unknown) var theme: Theme
/// }
/// ```
@attached(peer)
public macro Defaulted<Value>(_ value: Value, ifInvalid invalid: Value) =
    #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// On a property of a ``JSONCodable()`` type, its initial value as its
/// default: taken, and recorded, as ``Defaulted(_:)``'s value is. On a
/// case without values of an enum with raw values or a
/// ``Discriminator(_:)``, the case decoded for a raw value or tag no case
/// has (recorded in the ``DecodingReport`` of `decodeWithReport(_:from:)`);
/// it is written as its own raw value or tag.
///
/// ```swift
/// @JSONCodable
/// struct Settings {
///     @Defaulted var retries: Int = 3                  // missing or null → 3
///     @LossyDecoding @Defaulted var theme: Theme = .light  // also a value that fails → .light
/// }
///
/// @JSONCodable
/// enum Theme: String {
///     case light, dark
///     @Defaulted case unknown                          // "sepia" → .unknown
/// }
/// ```
@attached(peer)
public macro Defaulted() = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

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

/// Decodes a property of a ``JSONCodable()`` type leniently. On an array
/// or a `[String: Value]` dictionary, elements (or members) that fail to
/// decode are left out, each recorded in the ``DecodingReport`` of
/// `decodeWithReport(_:from:)` (as ``Lossy`` does for plain `Codable`
/// types); a missing or `null` member gives an empty collection (`nil` for
/// an optional property, the default with ``Defaulted(_:)``), and a value
/// that is no collection is still an error. On any other property, a
/// value that fails to decode (of another type, an unknown enum case, a
/// model missing a member…) reads as missing: `nil` for an optional
/// (recorded as dropped), the default with ``Defaulted(_:)`` (recorded as
/// the default taken); another property needs one of the two. Encoding
/// writes the value as it is.
///
/// Which to use: `@LossyDecoding` on the properties of a ``JSONCodable()``
/// type (the property keeps its own type); the property wrapper ``Lossy``
/// on an array of a plain `Codable` type, with any coder.
///
/// ```swift
/// @JSONCodable
/// struct Feed {
///     @LossyDecoding var items: [Item]           // [{"id": 1}, {"id": "x"}] -> one item
///     @LossyDecoding var scores: [String: Int]   // {"a": 1, "b": null} -> ["a": 1]
///     @LossyDecoding var link: URL?              // "not a url" -> nil
///     @LossyDecoding @Defaulted(0) var rank: Int // "first" -> 0
/// }
/// ```
@attached(peer)
public macro LossyDecoding() = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// Reads a property of a ``JSONCodable()`` type with every coercion of
/// ``JSON/Decoder/Leniency`` in force, whatever the decoder's setting:
/// `"12"` for `12`, `true` for `1`, `12` for `"12"`, and `"yes"`, `"no"`,
/// `"true"`, `"false"`, `"1"`, `"0"`, `1`, `0`, `1.0` and `0.0` for a `Bool`.
/// The rest of the decode stays strict. Each coercion is recorded in the
/// ``DecodingReport``; a value no coercion fits fails with the strict
/// decode's error. The property is coded as a ``CoercedValue``, and
/// written as it is.
///
/// ```swift
/// @JSONCodable
/// struct Flags {
///     @Coerced var enabled: Bool     // true, "yes", "1", 1 or 1.0
///     @Coerced var count: Int        // 3 or "3"
///     @Coerced var label: String?    // "a" or 12 ("12")
/// }
/// ```
///
/// On a ``JSONCodable()`` struct or class, `@Coerced` applies to each
/// property whose type coercions apply to (`Bool`, `String`, the integer
/// and floating-point types, arrays and `[String: …]` dictionaries of them,
/// and their optionals) and that has no coder of its own (``CodedBy(_:)``,
/// ``DateStrategy(_:)``); the others, and the models they hold, stay strict.
///
/// ```swift
/// @Coerced
/// @JSONCodable
/// struct Row {
///     var id: Int              // 3 or "3"
///     var flags: [Bool]        // [true, "no", 1]
///     var owner: User          // User's members read as User declares them
/// }
/// ```
@attached(peer)
public macro Coerced() = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// The format of a `Date` (or `Date?`) property of a ``JSONCodable()``
/// type, whatever the coder's own date strategy: one of the strategies
/// that carry no value (`.deferredToDate`, `.secondsSince1970`,
/// `.millisecondsSince1970`, `.iso8601`), used for reading and writing.
/// It is ``CodedBy(_:)`` with the matching ``DateCoders`` type
/// (`@DateStrategy(.iso8601)` is `@CodedBy(DateCoders.ISO8601.self)`), so
/// Foundation's coders read and write it the same way.
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
/// `["user": ["age": 3]]`). Beside ``Flattened()`` properties, the
/// members a flattened type names (its `claimedMemberKeys`) are not
/// collected either, and a collected member of such a name is not written
/// again. One per model.
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
///
/// A key with dots is a path of nested objects, as ``Key(_:_:)``'s: the
/// tag sits in them, the case's values beside the path's first object,
/// and a missing or `null` object on the way is the error of opening it
/// (``Discriminator(exactly:)`` takes a key with dots as it is).
///
/// ```swift
/// @JSONCodable
/// @Discriminator("meta.type")
/// enum Shape {
///     case circle(radius: Double)            // {"meta":{"type":"circle"},"radius":2}
///     case empty                             // {"meta":{"type":"empty"}}
/// }
/// ```
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

/// ``Discriminator(_:)`` with a tag's key taken as it is, even when it
/// contains dots (not a path of nested objects).
///
/// ```swift
/// @JSONCodable
/// @Discriminator(exactly: "event.type")
/// enum Event {
///     case click(x: Int)                     // {"event.type":"click","x":1}
/// }
/// ```
@attached(peer)
public macro Discriminator(exactly key: String) = #externalMacro(module: "PeregrineMacrosPlugin", type: "DiscriminatorMacro")

/// ``Discriminator(_:content:)`` with a tag's key taken as it is, even
/// when it contains dots.
///
/// ```swift
/// @JSONCodable
/// @Discriminator(exactly: "event.type", content: "value")
/// enum Event {
///     case click(x: Int)                     // {"event.type":"click","value":{"x":1}}
/// }
/// ```
@attached(peer)
public macro Discriminator(exactly key: String, content: String) = #externalMacro(module: "PeregrineMacrosPlugin", type: "DiscriminatorMacro")
