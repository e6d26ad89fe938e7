/// What a ``TapeDecoding`` decoder reads values from: the tape of a parsed
/// JSON document (``DecodingState``) or of a binary file (``BinaryDecodingState``).
///
/// The decoder and its containers hold a source and a tape index, and do
/// everything Codable asks (number conversions, key lookups, `decodeIfPresent`,
/// nested and super decoders, array loops) the same way for every source; a
/// source tells what a tape index holds, finds members and elements, and
/// builds its own errors. A source's type is always known where it is used
/// (never an existential), so each source gets its own specialised hot paths.
protocol DecodingSource: AnyObject {
    /// How a keyed container finds the members of one object.
    associatedtype Members

    var userInfo: [CodingUserInfoKey: Any] { get }

    /// The coding path of the value at tape index `index`, in O(depth).
    func codingPath(to index: Int) -> [any CodingKey]

    /// The tape index of the value at `index` (behind any wrapper the
    /// source has, such as a binary shared value), and what it holds.
    func value(at index: Int) -> (index: Int, value: SourceValue)

    /// The double at `index` when the tape stores one there as such (the
    /// fast path of every `Double` read), else `nil`.
    func storedDouble(at index: Int) -> Double?

    /// The string at `value`, a ``SourceValue/string``.
    func string(at value: Int) -> String

    /// The text of the number at `value`, as written.
    func numberText(at value: Int) -> String

    /// How the value at `value` reads in an error: `string "12a"`, `number 1.5`, `null`…
    func describe(_ value: Int) -> String

    // MARK: Containers

    /// The number of elements (members for objects) of the container at `container`.
    func count(of container: Int) -> Int

    /// The tape index just past the last descendant of the container at `container`.
    func end(of container: Int) -> Int

    /// The tape index of the element after the one at `element`.
    func next(after element: Int) -> Int

    /// The lookup of the members of the object at `object`.
    func members(of object: Int) -> Members

    /// The tape index of the object `members` looks into.
    func object(of members: Members) -> Int

    /// The names of the members, as the model sees them.
    func memberNames(in members: Members) -> [String]

    // MARK: Values a source reads its own way

    /// The `Double` of the number at `value` kept as text.
    func double(fromNumberText value: Int) throws -> Double

    /// The value at `value`, of another kind, read as a `Bool`, `String`,
    /// `Double` or integer, when the source allows it (JSON's ``JSON/Decoder/Leniency``).
    func coercedBool(at value: Int) -> Bool?
    func coercedString(at value: Int) -> String?
    func coercedDouble(at value: Int) -> Double?
    func coercedInteger<Integer: FixedWidthInteger>(_ type: Integer.Type, at value: Int) -> Integer?

    // MARK: Errors

    /// A value of another kind than `expected` (for `null`, a missing value).
    func mismatch(_ type: Any.Type, at value: Int, expected: String) -> DecodingError

    /// A value of the right kind that cannot be represented.
    func invalidValue(at value: Int, _ message: String) -> DecodingError

    /// No member named `key` in the object at `object`.
    func keyNotFound(_ key: any CodingKey, in object: Int) -> DecodingError

    /// No element `position` in the container at `container`, for a `type`.
    func elementNotFound(_ type: Any.Type, in container: Int, position: Int) -> DecodingError
}

/// What a tape index holds, as ``TapeDecoding`` reads it.
enum SourceValue {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    /// A number kept as its text: no Int64, UInt64 or Double holds it exactly.
    case numberText
    case string
    /// What an unkeyed container reads: an array (or a binary set or dictionary).
    case array
    /// What a keyed container reads: an object (or a binary record).
    case object
    /// Anything else (a binary date, data, URL, UUID or decimal).
    case other
}
