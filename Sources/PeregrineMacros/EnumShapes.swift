/// Lays out a ``JSONCodable()`` enum without tags: each case is its
/// values alone, and decoding tries the cases in declaration order against
/// the value, taking the first that decodes. A case with one unlabeled
/// value is that value (`"hello"`, `12`, `[1, 2]`); one with labeled values
/// (or several) is an object of them; one without values is `null`.
///
/// ```swift
/// @JSONCodable
/// @Untagged
/// enum Setting {
///     case flag(Bool)                       // true
///     case number(Int)                      // 12
///     case text(String)                     // "dark"
///     case range(low: Int, high: Int)       // {"low":1,"high":5}
///     case unset                            // null
/// }
/// ```
///
/// The value is parsed once; each case is tried against it where it lies,
/// and the decode remembers each untagged value's outcome, so a value
/// costs at most one try per case however many cases around it ask, and
/// values nested in values stay linear in the input, with no bound on the
/// number of cases an enum has. A value no
/// case matches is a `dataCorrupted` error at the value, with its coding
/// path, line and column: `the value matches no case of Setting`. Order
/// the cases from the narrowest to the widest: `Int` before `Double`,
/// a model with more required members before one with fewer.
@attached(peer)
public macro Untagged() = #externalMacro(module: "PeregrineMacrosPlugin", type: "DiscriminatorMacro")

/// Codes each case of a ``JSONCodable()`` enum that has one unlabeled
/// value with that value as its member's value, rather than in an object
/// under `_0` as `Codable` synthesis writes it.
///
/// ```swift
/// @JSONCodable
/// @UnwrapSingleValues
/// enum Message {
///     case text(String)                     // {"text":"hello"}, not {"text":{"_0":"hello"}}
///     case image(url: URL, width: Int)      // {"image":{"url":"…","width":2}}, as before
/// }
/// ```
///
/// It applies to the enum's default shape (no ``Discriminator(_:)``; the
/// adjacent shape already has the value as the content). The value may not
/// be optional: `nil` would leave the case's member without a value.
@attached(peer)
public macro UnwrapSingleValues() = #externalMacro(module: "PeregrineMacrosPlugin", type: "DiscriminatorMacro")

/// The integer tags of a case of a ``JSONCodable()`` enum with a
/// ``Discriminator(_:)``: the first written, all read. Every case of the
/// enum then has integer tags.
///
/// ```swift
/// @JSONCodable
/// @Discriminator("type")
/// enum Command {
///     @Key(1) case load(key: String)                  // {"type":1,"key":"a"}
///     @Key(2, 3) case store(key: String, value: Int)  // {"type":2,…}; 3 is read too
/// }
/// ```
///
/// A tag no case has is a `dataCorrupted` error at the tag
/// (`unknown tag 7, expected one of 1, 2, 3`), or the ``Defaulted()`` case.
@attached(peer)
public macro Key(_ tag: Int, _ alternatives: Int...) = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// The Boolean tag of a case of a ``JSONCodable()`` enum with a
/// ``Discriminator(_:)``. Every case of the enum then has a Boolean tag.
///
/// ```swift
/// @JSONCodable
/// @Discriminator("ok")
/// enum Reply {
///     @Key(true) case success(value: Int)           // {"ok":true,"value":1}
///     @Key(false) case failure(message: String)     // {"ok":false,"message":"…"}
/// }
/// ```
@attached(peer)
public macro Key(_ tag: Bool) = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")
