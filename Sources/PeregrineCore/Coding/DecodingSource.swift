/// What a ``TapeDecoding`` decoder reads values from: the tape of a parsed
/// JSON document (``JSONDecodingState``) or of a binary file (``BinaryDecodingState``).
///
/// The decoder and its containers hold a source and a tape index, and do
/// everything Codable asks (number conversions, key lookups, `decodeIfPresent`,
/// nested and super decoders, array loops) the same way for every source; a
/// source tells what a tape index holds, finds members and elements, and
/// says where a value is for its errors. A source's type is always known where it is used
/// (never an existential), so each source gets its own specialised hot paths.
protocol DecodingSource: AnyObject {
    /// How a keyed container finds the members of one object.
    associatedtype Members

    var userInfo: [CodingUserInfoKey: Any] { get }

    /// The coding path of the document's root in a larger value, which
    /// every coding path starts with (empty for a whole input).
    var pathPrefix: [any CodingKey] { get }

    /// The container and position of every entry, for coding paths.
    var parents: ParentIndex { get }

    /// The key of the step from the container at `container` to its child
    /// at `child` (a member's name as the model sees it, or an element's
    /// position), or `nil` for a container that adds none to a path.
    func pathKey(in container: Int, to child: Int) -> (any CodingKey)?

    /// The tape index of the value at `index` (behind any wrapper the
    /// source has, such as a binary shared value), and what it holds.
    func value(at index: Int) -> (index: Int, value: SourceValue)

    /// Throws a `DecodingError` about the container at `index` when the
    /// thread's stack nears its end (``StackReserve``): every container a
    /// decode opens calls it, so no model, however recursive and however
    /// deep the input, decodes until the thread dies by a signal.
    func checkStack(at index: Int) throws

    /// The untagged enums this decode has decoded (``decodeUntagged(_:at:_:)``).
    var untagged: UntaggedMemo { get set }

    /// The coercions a `CoercedValue` adds to the source's own while it
    /// reads (``coercing(_:_:)``), which can change what a value decodes to.
    var scopedLeniency: JSON.Decoder.Leniency { get }

    /// What `type` is to the source's decoder (``TapeTypeRole``; answers
    /// remembered per type).
    func role(of type: Any.Type) -> TapeTypeRole

    /// The double at `index` when the tape stores one there as such (the
    /// fast path of every `Double` read), else `nil`.
    func storedDouble(at index: Int) -> Double?

    /// The doubles of the array at `index` (coordinates, vectors: the
    /// commonest numeric payload gets a source's tightest loop).
    func doubles(at index: Int) throws -> [Double]

    /// The arrays of doubles of the array at `index` (rings of points).
    func doubleRows(at index: Int) throws -> [[Double]]

    /// The string at `value`, a ``SourceValue/string``.
    func string(at value: Int) -> String

    /// The start of the string at `value` for an error's excerpt: about
    /// its first `maxBytes` bytes, read in O(`maxBytes`) whatever the
    /// string's length, and whether that is the whole string (when it is
    /// not, its last character may be cut and should not be shown).
    func stringExcerpt(at value: Int, maxBytes: Int) -> (text: String, isWhole: Bool)

    /// The text of the number at `value`, as written, cut after `maxBytes`
    /// bytes (``Int/max`` for all of it): an error's excerpt reads no more.
    func numberText(at value: Int, maxBytes: Int) -> String

    /// How the container or other value at `value` reads in an error: `an array`, `a date`…
    func describeStructure(_ value: Int) -> String

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

    /// The number at `value`, a ``SourceValue/double`` or
    /// ``SourceValue/numberText``, as an `Integer`: from its text when the
    /// source has it, else from the `Double` alone (``WholeNumber``).
    func wholeNumber<Integer: FixedWidthInteger>(_ type: Integer.Type, at value: Int) -> WholeNumber<Integer>

    /// The value at `value`, of another kind, read as a `Bool`, `String`,
    /// `Double` or integer, when the source allows it (JSON's ``JSON/Decoder/Leniency``).
    func coercedBool(at value: Int) -> Bool?
    /// Runs `body` with the coercions `leniency` added to the source's own
    /// (a `CoercedValue`'s scope).
    func coercing<T>(_ leniency: JSON.Decoder.Leniency, _ body: () throws -> T) rethrows -> T
    func coercedString(at value: Int) -> String?
    func coercedDouble(at value: Int) -> Double?
    func coercedInteger<Integer: FixedWidthInteger>(_ type: Integer.Type, at value: Int) -> Integer?

    // MARK: Errors

    /// The context of an error about the value at `index`, whose coding
    /// path is `path`: a description led by where the value is, and any
    /// underlying error the source adds.
    func errorContext(at index: Int, path: [any CodingKey], _ message: String, _ failure: DecodingFailure) -> DecodingError.Context

    /// Why the object at `object` has no member `name` although its input
    /// writes one so: a sentence when the key strategy turned that member
    /// into another name, `nil` otherwise. Asked only by the error of a
    /// missing key.
    func renamingNote(for name: String, in object: Int) -> String?
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

extension DecodingSource {
    /// The whole text of the number at `value`, as written.
    func numberText(at value: Int) -> String { numberText(at: value, maxBytes: .max) }
}
