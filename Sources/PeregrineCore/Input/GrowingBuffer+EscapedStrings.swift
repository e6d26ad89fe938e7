/// Which bytes a JSON string's text escapes beyond what JSON requires
/// (`"`, `\` and control characters).
struct EscapeRules {
    /// `/` as `\/`.
    let slashes: Bool
    /// Every non-ASCII scalar as `\uXXXX` (a surrogate pair above U+FFFF).
    let unicode: Bool
    /// `/` in every lane when slashes are escaped, else `"` (matched anyway).
    private let slashLanes: SIMD16<UInt8>
    /// Lanes that keep a byte's high bit when non-ASCII is escaped.
    private let nonASCIILanes: SIMD16<UInt8>

    init(slashes: Bool, unicode: Bool) {
        self.slashes = slashes
        self.unicode = unicode
        slashLanes = SIMD16(repeating: slashes ? UInt8(ascii: "/") : UInt8(ascii: "\""))
        nonASCIILanes = SIMD16(repeating: unicode ? 0xFF : 0x00)
    }

    /// Only what JSON requires: `"`, `\` and control characters.
    static var plain: EscapeRules { EscapeRules(slashes: false, unicode: false) }

    /// What JSON requires, and `/` as `\/`: Foundation's default.
    static var withSlashes: EscapeRules { EscapeRules(slashes: true, unicode: false) }

    /// The lanes of `chunk` that need escaping, a bit each (lane 0 the
    /// lowest; see ``SIMD16/highBitLanes``).
    ///
    /// Lane arithmetic sets the high bits: for an ASCII byte `c` (high bit
    /// clear), `(c ^ k) - 1` has its high bit set exactly when `c == k`, and
    /// `c - 0x20` exactly when `c < 0x20`; so the candidates ORed together,
    /// masked by `~c`, flag `"`, `\`, controls and (when escaped) `/`, and
    /// `c & nonASCIILanes` adds the non-ASCII bytes when those are escaped.
    @inline(__always)
    func escapes(in chunk: SIMD16<UInt8>) -> UInt32 {
        let ones = SIMD16<UInt8>(repeating: 1)
        let quote = (chunk ^ SIMD16(repeating: UInt8(ascii: "\""))) &- ones
        let backslash = (chunk ^ SIMD16(repeating: UInt8(ascii: "\\"))) &- ones
        let control = chunk &- SIMD16(repeating: 0x20)
        guard !isPlain else { return ((quote | backslash | control) & ~chunk).highBitLanes }
        let slash = (chunk ^ slashLanes) &- ones
        return ((quote | backslash | slash | control) & ~chunk | chunk & nonASCIILanes).highBitLanes
    }

    /// Whether only what JSON requires is escaped.
    var isPlain: Bool { !slashes && !unicode }

    /// The offset of the first lane of `chunk` that needs escaping, or 16.
    @inline(__always)
    func firstEscape(in chunk: SIMD16<UInt8>) -> Int {
        (escapes(in: chunk) | 1 << 16).trailingZeroBitCount
    }
}

/// Up to three bytes written right after a string's closing quote, in the
/// same reservation: what follows a key (`:`, `: `, or Foundation's
/// pretty ` : `), or nothing.
struct StringSuffix {
    /// The bytes, the first in the low byte.
    let bytes: UInt32
    let count: Int

    static let none = StringSuffix(bytes: 0, count: 0)
    static let colon = StringSuffix(bytes: 0x3A, count: 1)  // ":"
    static let colonSpace = StringSuffix(bytes: 0x20_3A, count: 2)  // ": "
    static let spacedColon = StringSuffix(bytes: 0x20_3A_20, count: 3)  // " : "

    private init(bytes: UInt32, count: Int) {
        self.bytes = bytes
        self.count = count
    }
}

extension GrowingBuffer where Element == UInt8 {
    /// Appends `string` as JSON string text, with or without the quotes.
    ///
    /// ```swift
    /// output.appendString("a\"b", escaping: .plain)   // "a\"b"
    /// ```
    @inline(__always)
    mutating func appendString(
        _ string: String, quoted: Bool = true, escaping rules: EscapeRules, then suffix: StringSuffix = .none
    ) {
        if let done: Void = string.utf8.withContiguousStorageIfAvailable({
            appendString($0, quoted: quoted, escaping: rules, then: suffix)
        }) {
            return done
        }
        var string = string  // a bridged string without contiguous UTF-8
        string.withUTF8 { appendString($0, quoted: quoted, escaping: rules, then: suffix) }
    }

    /// Appends the valid UTF-8 `utf8` as JSON string text, with or without
    /// the quotes, and then `suffix`.
    ///
    /// `\b`, `\f`, `\n`, `\r`, `\t`, `\"` and `\\` use their short escapes, as
    /// jq, Foundation and most writers do; every other control character is
    /// written as `\u00XX` (lowercase hex); `rules` add `\/` and `\uXXXX`.
    ///
    /// A quoted string shorter than 16 bytes that needs no escaping — most
    /// keys and many values — is written here, inline in the caller:
    /// ``copyShortRun(_:count:to:rules:)`` copies and checks it at once; one
    /// of 16 to 31 bytes goes to ``appendMediumString(_:rules:suffix:)``.
    /// Everything else goes to ``appendEscapedString(_:quoted:rules:suffix:)``.
    @inline(__always)
    mutating func appendString(
        _ utf8: UnsafeBufferPointer<UInt8>, quoted: Bool = true, escaping rules: EscapeRules, then suffix: StringSuffix = .none
    ) {
        let count = utf8.count
        if quoted, count < 16 {
            let out = reserve(count + 20)
            if Self.copyShortRun(utf8.baseAddress, count: count, to: out + 1, rules: rules) == count {
                // bounds proven: room for count + 20 bytes: quote, text, quote, suffix and 16 spare
                out[0] = UInt8(ascii: "\"")
                out[count + 1] = UInt8(ascii: "\"")
                UnsafeMutableRawPointer(out + count + 2).storeBytes(of: suffix.bytes, as: UInt32.self)
                return advance(by: count + 2 + suffix.count)
            }
        } else if quoted, count < 32, appendMediumString(utf8, rules: rules, suffix: suffix) {
            return
        }
        appendEscapedString(utf8, quoted: quoted, rules: rules, suffix: suffix)
    }

    /// Writes the quoted string `utf8` of 16 to 31 bytes and `suffix` when
    /// it needs no escaping (most long keys): two overlapping 16-byte
    /// copies and checks, kept out of line but lighter than the loop of
    /// ``appendEscapedString(_:quoted:rules:suffix:)``; `false` (nothing
    /// written) otherwise.
    @inline(never)
    private mutating func appendMediumString(_ utf8: UnsafeBufferPointer<UInt8>, rules: EscapeRules, suffix: StringSuffix) -> Bool {
        let count = utf8.count
        guard count >= 16, let input = UnsafeRawPointer(utf8.baseAddress) else { return false }
        let low = input.loadUnaligned(as: SIMD16<UInt8>.self)
        let high = input.loadUnaligned(fromByteOffset: count - 16, as: SIMD16<UInt8>.self)  // bounds proven: 16 <= count
        let escapes = rules.escapes(in: low) | rules.escapes(in: high)
        guard escapes == 0 else { return false }
        let out = reserve(count + 6)
        // bounds proven: room for count + 6 bytes: quote, text, quote and the suffix's 4-byte store
        let to = UnsafeMutableRawPointer(out + 1)
        to.storeBytes(of: low, as: SIMD16<UInt8>.self)
        to.storeBytes(of: high, toByteOffset: count - 16, as: SIMD16<UInt8>.self)
        out[0] = UInt8(ascii: "\"")
        out[count + 1] = UInt8(ascii: "\"")
        UnsafeMutableRawPointer(out + count + 2).storeBytes(of: suffix.bytes, as: UInt32.self)
        advance(by: count + 2 + suffix.count)
        return true
    }

    /// ``appendString(_:quoted:escaping:then:)`` for any string. Three
    /// copies of one loop, each out of line: JSON's own rules, and
    /// Foundation's default of `/` escaped too, are constants in theirs, so
    /// its lane arithmetic drops the `/` or non-ASCII steps.
    @inline(__always)
    private mutating func appendEscapedString(
        _ utf8: UnsafeBufferPointer<UInt8>, quoted: Bool, rules: EscapeRules, suffix: StringSuffix
    ) {
        if rules.isPlain {
            appendPlainEscapedString(utf8, quoted: quoted, suffix: suffix)
        } else if !rules.unicode {
            appendSlashEscapedString(utf8, quoted: quoted, suffix: suffix)
        } else {
            appendAnyEscapedString(utf8, quoted: quoted, rules: rules, suffix: suffix)
        }
    }

    @inline(never)
    private mutating func appendPlainEscapedString(_ utf8: UnsafeBufferPointer<UInt8>, quoted: Bool, suffix: StringSuffix) {
        appendEscapedString(utf8, quoted: quoted, inlinedRules: .plain, suffix: suffix)
    }

    @inline(never)
    private mutating func appendSlashEscapedString(_ utf8: UnsafeBufferPointer<UInt8>, quoted: Bool, suffix: StringSuffix) {
        appendEscapedString(utf8, quoted: quoted, inlinedRules: .withSlashes, suffix: suffix)
    }

    @inline(never)
    private mutating func appendAnyEscapedString(
        _ utf8: UnsafeBufferPointer<UInt8>, quoted: Bool, rules: EscapeRules, suffix: StringSuffix
    ) {
        appendEscapedString(utf8, quoted: quoted, inlinedRules: rules, suffix: suffix)
    }

    /// The loop: clean bytes are found and copied 32 at a time (each block
    /// is stored whole, in room reserved beyond the string), then 16, then
    /// the tail by ``copyShortRun(_:count:to:rules:)``; a block with bytes
    /// to escape is written in place, escape by escape.
    @inline(__always)
    private mutating func appendEscapedString(
        _ utf8: UnsafeBufferPointer<UInt8>, quoted: Bool, inlinedRules rules: EscapeRules, suffix: StringSuffix
    ) {
        let count = utf8.count
        // Room invariant: from `out`, room for `written + (count - position) + spare + 35`
        // bytes (the rest as it stands, `spare` more for two-byte escapes written
        // in place, the closing quote, the suffix and one 32-byte store).
        var spare = Self.escapeSpare(count)
        var out = reserve(count + spare + 36)
        var written = 0
        if quoted {
            out[0] = UInt8(ascii: "\"")  // bounds proven: room for count + 36
            written = 1
        }
        var position = 0
        while position < count, let input = utf8.baseAddress {
            // A block of `length` bytes from `position`, stored at `out + written`,
            // and its lanes that need escaping: 32 bytes at a time while they are
            // clean, then 16, then the rest.
            let remaining = count - position
            let from = UnsafeRawPointer(input + position)
            let to = UnsafeMutableRawPointer(out + written)
            let length: Int
            let first: SIMD16<UInt8>
            var second = SIMD16<UInt8>()
            let firstEscapes: UInt32
            var secondEscapes: UInt32 = 0
            if remaining >= 32 {
                first = from.loadUnaligned(as: SIMD16<UInt8>.self)  // bounds proven: 32 <= remaining
                second = from.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
                to.storeBytes(of: first, as: SIMD16<UInt8>.self)  // bounds proven: room invariant, 32 <= remaining + 35
                to.storeBytes(of: second, toByteOffset: 16, as: SIMD16<UInt8>.self)
                (firstEscapes, secondEscapes) = (rules.escapes(in: first), rules.escapes(in: second))
                length = 32
                if firstEscapes | secondEscapes == 0 {
                    written += 32
                    position += 32
                    continue
                }
            } else if remaining >= 16 {
                first = from.loadUnaligned(as: SIMD16<UInt8>.self)  // bounds proven: 16 <= remaining
                to.storeBytes(of: first, as: SIMD16<UInt8>.self)  // bounds proven: room invariant
                firstEscapes = rules.escapes(in: first)
                length = 16
                if firstEscapes == 0 {
                    written += 16
                    position += 16
                    continue
                }
            } else {
                // bounds proven: room invariant; the remaining bytes
                if Self.copyShortRun(input + position, count: remaining, to: out + written, rules: rules) == remaining {
                    written += remaining
                    position += remaining
                    continue
                }
                // Stored already; read again in order, for the lanes below.
                first = Self.loadRun(input + position, count: remaining)
                firstEscapes = rules.escapes(in: first)
                length = remaining
            }
            // The block's lane `start` is at `out + written`, and so are the
            // lanes after it until the next escape. A `"`, `\` or `/` (URLs
            // have several) takes two bytes, written in place while `spare`
            // lasts: a `\`, then the block again from that lane, one byte on.
            var flagged = firstEscapes | secondEscapes << 16  // a bit for each lane to escape
            var start = 0
            var shifted = (first, second, SIMD16<UInt8>(), SIMD16<UInt8>())
            var escapedElsewise = false
            while flagged != 0 {
                let lane = flagged.trailingZeroBitCount
                flagged &= flagged &- 1
                written += lane - start
                position += lane - start
                start = lane
                let byte = input[position]  // bounds proven: lane < length (only the block's bytes are flagged)
                // The printable ASCII bytes ``EscapeRules/escapes(in:)`` flags are `"`, `\` and `/`.
                assert(byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\"))
                guard spare > 0, byte &- 0x20 < 0x5F else {
                    escapedElsewise = true
                    break
                }
                out[written] = UInt8(ascii: "\\")  // bounds proven: room invariant, 1 <= count - position
                withUnsafeBytes(of: &shifted) {
                    // bounds proven: lane + 32 <= 64 bytes of `shifted`; room invariant, 33 <= 1 + 1 + 35 from `out + written`
                    let to = UnsafeMutableRawPointer(out + written + 1)
                    to.storeBytes(of: $0.loadUnaligned(fromByteOffset: lane, as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
                    to.storeBytes(of: $0.loadUnaligned(fromByteOffset: lane + 16, as: SIMD16<UInt8>.self), toByteOffset: 16, as: SIMD16<UInt8>.self)
                }
                written += 1
                spare -= 1
            }
            if !escapedElsewise {
                written += length - start
                position += length - start
                continue
            }
            // Any other escape: at most 12 bytes for 4, in room reserved again.
            advance(by: written)
            spare = Self.escapeSpare(count - position)
            out = reserve(count - position + spare + 12 + 35)
            written = 0
            position += writeEscape(input, at: position, count: count, to: out, written: &written)
        }
        if quoted {
            out[written] = UInt8(ascii: "\"")  // bounds proven: room invariant
            written += 1
        }
        UnsafeMutableRawPointer(out + written).storeBytes(of: suffix.bytes, as: UInt32.self)  // bounds proven: room invariant
        advance(by: written + suffix.count)
    }

    /// The `count` bytes (1 to 15) at `input` in the first lanes of a
    /// vector, letters (which never need escaping) in the rest. The bytes
    /// are read as ``copyShortRun(_:count:to:rules:)`` reads them (two
    /// overlapping loads, or single bytes), and shifted into place.
    @inline(__always)
    private static func loadRun(_ input: UnsafePointer<UInt8>, count: Int) -> SIMD16<UInt8> {
        let from = UnsafeRawPointer(input)
        // bounds proven for every load below: each lies within `count` bytes from `input`;
        // every shift is less than the word's width
        let low: UInt64
        var high = letters
        if count >= 8 {
            low = from.loadUnaligned(as: UInt64.self)
            if count > 8 {
                let last = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                high = last &>> (8 * (16 - count)) | letters &<< (8 * (count - 8))
            }
        } else if count >= 4 {
            let first = UInt64(from.loadUnaligned(as: UInt32.self))
            let last = UInt64(from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            low = first | (last &>> (8 * (8 - count))) &<< 32 | letters &<< (8 * count)
        } else {
            let (first, middle, last) = (UInt64(input[0]), UInt64(input[count / 2]), UInt64(input[count - 1]))
            low = first | middle &<< (8 * (count / 2)) | last &<< (8 * (count - 1)) | letters &<< (8 * count)
        }
        return unsafeBitCast(SIMD2(low, high), to: SIMD16<UInt8>.self)
    }

    /// The room kept beyond a string's `count` bytes for two-byte escapes
    /// written in place: one per byte of a short string, 256 for a long
    /// one (then the room is reserved again), so the reservation stays
    /// within the string's length of what it writes.
    @inline(__always)
    private static func escapeSpare(_ count: Int) -> Int { min(count, 256) }

    /// Copies the `count` bytes (fewer than 16) at `input` to `out`, where
    /// there is room for 16, and returns how many of them come before the
    /// first that needs escaping (`count` if none does).
    ///
    /// The bytes are read as two overlapping loads of 8, of 4, or single
    /// bytes (no byte loop, no call to `memcpy`), stored the same way, and
    /// checked as one vector whose unused lanes hold letters:
    ///
    /// ```
    ///   count 8–15: lanes 0–7 bytes 0–7, lanes 8–15 the last 8 bytes
    ///   count 4–7:  lanes 0–3 bytes 0–3, lanes 4–7 the last 4 bytes
    ///   count 1–3:  lanes 0, 1, 2 bytes 0, count / 2, count - 1
    /// ```
    @inline(__always)
    static func copyShortRun(_ input: UnsafePointer<UInt8>?, count: Int, to out: UnsafeMutablePointer<UInt8>, rules: EscapeRules) -> Int {
        guard let input, count > 0 else { return 0 }
        let to = UnsafeMutableRawPointer(out)
        let from = UnsafeRawPointer(input)
        // bounds proven for every load and store below: each lies within `count` bytes from its start
        if count >= 8 {
            let low = from.loadUnaligned(as: UInt64.self)
            let high = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: low, as: UInt64.self)
            to.storeBytes(of: high, toByteOffset: count - 8, as: UInt64.self)
            let lane = rules.firstEscape(in: unsafeBitCast(SIMD2(low, high), to: SIMD16<UInt8>.self))
            return lane < 8 ? lane : min(count - 16 + lane, count)
        }
        if count >= 4 {
            let low = from.loadUnaligned(as: UInt32.self)
            let high = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: low, as: UInt32.self)
            to.storeBytes(of: high, toByteOffset: count - 4, as: UInt32.self)
            let lanes = SIMD2(UInt64(low) | UInt64(high) << 32, letters)
            let lane = rules.firstEscape(in: unsafeBitCast(lanes, to: SIMD16<UInt8>.self))
            return lane < 4 ? lane : min(count - 8 + lane, count)
        }
        let (first, middle, last) = (input[0], input[count / 2], input[count - 1])
        out[0] = first
        out[count / 2] = middle
        out[count - 1] = last
        let lanes = SIMD2(letters << 24 | UInt64(first) | UInt64(middle) << 8 | UInt64(last) << 16, letters)
        let lane = rules.firstEscape(in: unsafeBitCast(lanes, to: SIMD16<UInt8>.self))
        return lane == 0 ? 0 : lane == 1 ? count / 2 : lane == 2 ? count - 1 : count
    }

    /// Eight lowercase letters, which never need escaping: the lanes a
    /// short run leaves empty.
    private static let letters: UInt64 = 0x6161_6161_6161_6161

    /// Writes the escape of the scalar at `position` (which needs one) at
    /// `out + written`, where there is room for 12 bytes; returns how many
    /// input bytes it stood for.
    @inline(never)
    private func writeEscape(
        _ input: UnsafePointer<UInt8>, at position: Int, count: Int, to out: UnsafeMutablePointer<UInt8>, written: inout Int
    ) -> Int {
        let byte = input[position]  // bounds proven: position < count (the caller's loop)
        let short: UInt8
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): short = byte
        case UInt8(ascii: "\n"): short = UInt8(ascii: "n")
        case UInt8(ascii: "\t"): short = UInt8(ascii: "t")
        case UInt8(ascii: "\r"): short = UInt8(ascii: "r")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        case ..<0x80:
            writeUnicodeEscape(UInt16(byte), to: out + written)  // bounds proven: room for 12
            written += 6
            return 1
        default:
            let (scalar, length) = decodeScalar(input, at: position, count: count)
            if scalar > 0xFFFF {
                let offset = scalar - 0x10000
                writeUnicodeEscape(UInt16(truncatingIfNeeded: 0xD800 + (offset >> 10)), to: out + written)
                writeUnicodeEscape(UInt16(truncatingIfNeeded: 0xDC00 + (offset & 0x3FF)), to: out + written + 6)
                written += 12
            } else {
                writeUnicodeEscape(UInt16(truncatingIfNeeded: scalar), to: out + written)
                written += 6
            }
            return length
        }
        out[written] = UInt8(ascii: "\\")  // bounds proven: room for 12
        out[written + 1] = short
        written += 2
        return 1
    }

    /// Writes `\uXXXX` (lowercase hex) at `out`.
    @inline(__always)
    private func writeUnicodeEscape(_ unit: UInt16, to out: UnsafeMutablePointer<UInt8>) {
        out[0] = UInt8(ascii: "\\")  // bounds proven by callers: room for 6
        out[1] = UInt8(ascii: "u")
        for digit in 0..<4 {
            let nibble = UInt8(truncatingIfNeeded: unit >> UInt16(12 - 4 * digit)) & 0xF
            out[2 + digit] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
        }
    }

    /// Decodes the scalar whose lead byte is at `position` of valid UTF-8,
    /// returning it and its length in bytes.
    private func decodeScalar(_ input: UnsafePointer<UInt8>, at position: Int, count: Int) -> (UInt32, Int) {
        let lead = UInt32(input[position])  // bounds proven: position < count (the caller's loop)
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var scalar = lead & (0x7F >> UInt32(length))
        for offset in 1..<length where position + offset < count {
            scalar = scalar << 6 | (UInt32(input[position + offset]) & 0x3F)  // bounds proven: position + offset < count (where clause)
        }
        return (scalar, length)
    }
}

extension String {
    /// `string` as JSON string text under `rules`, with or without the
    /// quotes: how messages at every layer quote a name or a value, and what
    /// ``JSON/serializedString(escaping:includeQuotes:options:)`` returns.
    ///
    /// ```swift
    /// String(jsonEscaping: "say \"hi\"")   // "\"say \\\"hi\\\"\""
    /// ```
    init(jsonEscaping string: String, quoted: Bool = true, rules: EscapeRules = .plain) {
        var output = GrowingBuffer<UInt8>(capacity: string.utf8.count + 2)
        output.appendString(string, quoted: quoted, escaping: rules)
        self = output.withElements { String(decoding: $0, as: UTF8.self) }
    }
}
