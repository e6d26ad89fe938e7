/// One entry of a document's tape: 16 bytes describing one JSON value.
///
/// The tape lists the values of a document in document order (pre-order).
/// An object's members follow it as key, value, key, value…; a container's
/// entry records the index just past its last descendant, so skipping a
/// subtree is one jump:
///
/// ```
///   input:  {"a":[1,2],"b":null}
///
///   index   kind     offset  payload
///   0       object   0       end 6, count 2
///   1       string   2       length 1          "a"
///   2       array    5       end 5, count 2
///   3       int64    6       1
///   4       int64    8       2
///   5       string   12      length 1          "b"
///   6       null     15      –
/// ```
///
/// `header` packs the kind (bits 56–63), flags (bits 48–55) and the byte
/// offset in the input (bits 0–31: strings point at their first content byte,
/// everything else at its first byte). `payload` holds a string's raw length
/// in bytes (also a decimal's), a number's bits, or a container's end index (low 32 bits) and
/// element count (high 32 bits; members for objects).
@usableFromInline
struct TapeEntry: Sendable, BitwiseCopyable {
    @usableFromInline
    enum Kind: UInt8, Sendable {
        /// `decimal` is a number kept as its text (lossless numbers): the
        /// offset and length of the text, like a string.
        case null, `true`, `false`, int64, uint64, double, string, array, object, decimal
    }

    /// Flag: the string's bytes are not its UTF-8 as they stand (it has
    /// escapes, or ill-formed bytes to repair under loose Unicode).
    static let needsDecoding: UInt8 = 1
    /// Flag: some of the string's bytes are ill-formed UTF-8 that loose
    /// Unicode let through, to be repaired to U+FFFD when it is decoded
    /// (always with ``needsDecoding``). Without it, the scanner validated
    /// every byte, so the decoded text is well-formed as it stands.
    static let illFormedUTF8: UInt8 = 2
    /// Flag: the number (an `int64`, `uint64` or `double`) has no text in
    /// the input: it was written from an owned value's bits
    /// (``JSON/Document/init(flattening:)``), so its offset points at nothing
    /// of its own and only the payload tells its value.
    static let noText: UInt8 = 4
    /// Flag: every raw byte of the string is ASCII, as the scanner found
    /// while scanning it. A string entry without this flag or
    /// ``knownNonASCII`` (an object key, a string of a flattened value) may
    /// be either, and is read to find out when it is made a `String`.
    static let knownASCII: UInt8 = 8
    /// Flag: some raw byte of the string is above ASCII, as the scanner
    /// found while scanning it.
    static let knownNonASCII: UInt8 = 16

    var header: UInt64
    var payload: UInt64

    init(_ kind: Kind, offset: Int, flags: UInt8 = 0, payload: UInt64 = 0) {
        header = UInt64(kind.rawValue) << 56 | UInt64(flags) << 48 | UInt64(truncatingIfNeeded: offset) & 0xFFFF_FFFF
        self.payload = payload
    }

    var kind: Kind {
        let raw = UInt8(truncatingIfNeeded: header >> 56)
        // A payload-free enum's cases are stored as 0, 1, 2… in declaration
        // order, as its raw values are: checked, the byte is the case (this
        // runs for every entry read, and `init(rawValue:)` is a switch).
        guard raw <= Kind.decimal.rawValue else { return .null }
        return unsafeBitCast(raw, to: Kind.self)
    }
    /// Whether this entry is of kind `kind`, checked on the kind byte
    /// alone (``kind`` also maps a byte no kind has to `.null`).
    @inline(__always)
    func isKind(_ kind: Kind) -> Bool { UInt8(truncatingIfNeeded: header >> 56) == kind.rawValue }

    var flags: UInt8 { UInt8(truncatingIfNeeded: header >> 48) }
    var offset: Int { Int(truncatingIfNeeded: header & 0xFFFF_FFFF) }

    /// For a container: the index of the first entry after its last descendant.
    var endIndex: Int { Int(truncatingIfNeeded: payload & 0xFFFF_FFFF) }
    /// For a container: its number of elements (members for objects).
    var count: Int { Int(truncatingIfNeeded: payload >> 32) }
    /// For a string or decimal: its raw length in bytes (between the quotes).
    var length: Int { Int(truncatingIfNeeded: payload) }

    /// The raw text of a string entry (between its quotes, escapes as
    /// written) or a decimal one, in `input`, the input it was scanned from.
    ///
    /// ```swift
    /// let raw = entry.rawBytes(in: input)
    /// ```
    @inline(__always)
    func rawBytes(in input: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        // bounds proven: the scanner (or flattening) wrote offset + length <= input.count for each
        // string and decimal entry, both below 2^32; checked in debug builds.
        assert(offset &+ length <= input.count, "an entry's text outside its input")
        return UnsafeBufferPointer(start: input.baseAddress.map { $0 + offset }, count: length)
    }

    /// The index of the next sibling of the entry at `index`.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: a call here showed in `Materializer.object`'s profile
    #else
    @inline(__always)
    #endif
    func nextSibling(after index: Int) -> Int {
        switch kind {
        case .array, .object: return endIndex
        default: return index + 1
        }
    }

    /// Whether this key entry and `other` are the same name without escapes,
    /// compared byte for byte in `input`: equal raw bytes. A key with escapes
    /// is never the same here, for its raw bytes do not show its name.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    func isSamePlainKey(as other: TapeEntry, in input: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = input.baseAddress else { return false }
        return isSamePlainKey(as: other, inInputAt: base, count: input.count)
    }

    /// Whether this key entry, written without escapes, is `wanted`: its
    /// raw length, then its raw bytes in `input`.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    func isPlainKey(_ wanted: UnsafeBufferPointer<UInt8>, in input: UnsafeBufferPointer<UInt8>) -> Bool {
        guard length == wanted.count, let base = input.baseAddress else { return false }
        // bounds proven: the scanner (or flattening) wrote offset + length <= input.count for each string
        // entry, as `isSamePlainKey(as:inInputAt:count:)` relies on; checked in debug builds.
        assert(offset &+ length <= input.count, "a key entry outside its input")
        return bytesEqual(UnsafeBufferPointer(start: base + offset, count: length), wanted)
    }

    /// ``isSamePlainKey(as:in:)`` in the input of `count` bytes at `base`
    /// (for loops that unwrap the input's address once).
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    func isSamePlainKey(as other: TapeEntry, inInputAt base: UnsafePointer<UInt8>, count: Int) -> Bool {
        // Equal payloads are equal raw lengths; both must be strings without escapes. Both are
        // keys, so strings: their kinds and flags ORed (but for the flags of ASCII, which say
        // nothing of escapes) are a plain string's only when both are.
        let plainString = UInt64(Kind.string.rawValue) << 8
        let asciiFlags = UInt64(Self.knownASCII | Self.knownNonASCII)
        guard payload == other.payload, (header | other.header) >> 48 & ~asciiFlags == plainString else { return false }
        // bounds proven: the scanner (or flattening) wrote offset + length <= count, the input's size,
        // for each string entry, as `decodeString(in:)` relies on; checked in debug builds.
        assert(offset &+ length <= count && other.offset &+ length <= count, "a key entry outside its input")
        return bytesEqual(UnsafeBufferPointer(start: base + offset, count: length), UnsafeBufferPointer(start: base + other.offset, count: length))
    }
}
