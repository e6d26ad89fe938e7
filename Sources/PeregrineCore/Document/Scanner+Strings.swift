extension Scanner {
    /// Validates the string whose opening quote (`"`, or `'` in the extended
    /// grammar) is at `index` and appends its entry. The quote is a type so
    /// that each specialization has it as a constant in the 16-byte loop.
    /// Its entry tells whether the string is ASCII (``TapeEntry/knownASCII``
    /// or ``TapeEntry/knownNonASCII``), so that making a `String` of it
    /// needs not read it again to find out.
    mutating func scanString<Quote: StringQuote>(_ quote: Quote.Type) throws(JSON.ParseError) {
        var position = index
        try scanStringInline(quote, at: &position, inlinedKey: false)
        index = position
    }

    /// ``scanString(_:)`` for callers that take its body in: object keys,
    /// most of them short, where the call would cost as much as the scan.
    /// (Taken into the value loop, it slows the number paths instead.)
    /// `inlinedKey` is `true` for the double-quoted keys that `scanValues`
    /// takes this body in for, and keeps that copy light: it does not track
    /// whether the key is ASCII (the key cache makes each key's `String`
    /// once) and checks every escape out of line. Values and JSON5's
    /// single-quoted keys go through ``scanString(_:)``.
    /// `index` is the caller's position, moved past the closing quote.
    @inline(__always)
    mutating func scanStringInline<Quote: StringQuote>(_: Quote.Type, at index: inout Int, inlinedKey: Bool) throws(JSON.ParseError) {
        let quoteByte = Quote.byte
        let quote = index
        // Positions below lie within the input (below input.count): `&+` and `&-` cannot overflow.
        var position = quote &+ 1
        // ASCII until a byte above it turns up, for the callers that mark it.
        var flags = inlinedKey ? 0 : TapeEntry.knownASCII
        let raw = UnsafeRawBufferPointer(input)
        while true {
            position = skipPlainASCII(raw, from: position, quote: quoteByte)
            guard position < input.count else { throw unterminatedString(at: quote) }
            let byte = input[position]  // bounds proven above
            if byte == quoteByte { break }
            if byte == UInt8(ascii: "\\") {
                flags |= TapeEntry.needsDecoding
                // A two-byte escape is checked here; `\u`, the extended ones and
                // errors out of line. (Keys, which seldom hold escapes, leave the
                // value loop they are inlined in lighter without this check.)
                if !inlinedKey, position &+ 1 < input.count, Self.isTwoByteEscape(input[position &+ 1]) {  // bounds proven
                    position &+= 2  // below input.count
                } else {
                    position = try scanEscape(at: position, quote: quote)
                }
            } else if byte < 0x20 {
                throw controlCharacter(at: position)
            } else if byte < 0x80 {
                position &+= 1
            } else {
                if !inlinedKey { flags = flags & ~TapeEntry.knownASCII | TapeEntry.knownNonASCII }
                position = try scanNonASCIIRun(at: position, flags: &flags)
            }
        }
        let length = position &- quote &- 1
        guard length <= options.maxStringBytes else { throw stringTooLong(at: quote) }
        tape.append(TapeEntry(.string, offset: quote &+ 1, flags: flags, payload: UInt64(truncatingIfNeeded: length)))
        index = position &+ 1
    }

    /// The index of the first byte at or after `start` that is the closing
    /// quote, a backslash, a control character or non-ASCII, 16 bytes at a
    /// time; at most the last 15 bytes are left to the caller's byte loop.
    /// Three lane-wise comparisons mark those bytes: equal to the quote,
    /// equal to a backslash, and below 0x20 as a signed byte, which both
    /// the control characters and the bytes of 0x80 and above are.
    @inline(__always)
    private func skipPlainASCII(_ raw: UnsafeRawBufferPointer, from start: Int, quote: UInt8) -> Int {
        let quotes = SIMD16<UInt8>(repeating: quote)
        let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        let spaces = SIMD16<Int8>(repeating: 0x20)
        var position = start
        // `start` is at most raw.count, and so are the positions after it: `&-` and `&+` cannot overflow.
        while raw.count &- position >= 16 {
            let chunk = raw.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)  // bounds proven: 16 bytes remain
            let belowSpace = unsafeBitCast(chunk, to: SIMD16<Int8>.self) .< spaces
            let special = unsafeBitCast(chunk .== quotes, to: SIMD16<UInt8>.self) | unsafeBitCast(chunk .== backslashes, to: SIMD16<UInt8>.self)
                | unsafeBitCast(belowSpace, to: SIMD16<UInt8>.self)
            if let lane = special.firstHighBitLane { return position &+ lane }
            position &+= 16
        }
        return position
    }

    /// Validates the escape at `position` (a backslash); returns the index after it.
    ///
    /// `mutating`, as the checks it calls are, though none changes the
    /// scanner: the string loop is `mutating`, and a non-mutating method it
    /// calls is handed a copy of the scanner (152 bytes, a `memcpy`) each
    /// time, which text full of escapes pays once per escape.
    private mutating func scanEscape(at position: Int, quote: Int) throws(JSON.ParseError) -> Int {
        guard position + 1 < input.count else { throw unterminatedString(at: quote) }
        switch input[position + 1] {  // bounds proven above
        case let byte where Self.isTwoByteEscape(byte):
            return position + 2  // a double-quoted key's: the others check these in their loop
        case UInt8(ascii: "u"):
            return try scanUnicodeEscape(at: position)
        default:
            guard Grammar.isExtended, let end = try scanExtendedEscape(at: position) else {
                throw error(.invalidEscape, at: position, "invalid escape: backslash followed by \(found(at: position + 1))")
            }
            return end
        }
    }

    /// Whether a backslash followed by `byte` is one of JSON's two-byte
    /// escapes: `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r` or `\t`.
    @inline(__always)
    static func isTwoByteEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return true
        default:
            return false
        }
    }

    // Errors are built out of line, which keeps the hot loops' frames small.

    @inline(never)
    private func unterminatedString(at quote: Int) -> JSON.ParseError {
        error(.unterminatedString, at: quote, "the string starting here is not closed by \(found(at: quote))")
    }

    @inline(never)
    private func controlCharacter(at position: Int) -> JSON.ParseError {
        error(.controlCharacterInString, at: position, "control character \(found(at: position)) must be escaped in a string")
    }

    @inline(never)
    private func stringTooLong(at quote: Int) -> JSON.ParseError {
        error(.stringTooLong, at: quote, "the string is longer than \(options.maxStringBytes) bytes")
    }

    /// Validates `\uXXXX` (with its low surrogate when it is a high one),
    /// and the `\u` escapes that directly follow it: text escaped as a
    /// whole (Python's `json.dumps` escapes all non-ASCII by default) is a
    /// run of them, each checked here without a return to the string loop.
    /// Returns the index after the last.
    private mutating func scanUnicodeEscape(at start: Int) throws(JSON.ParseError) -> Int {
        // Positions are below input.count, the size of a buffer in memory:
        // adding at most 12 to one wraps nowhere.
        var position = start
        while true {
            let unit = try hexQuad(at: position &+ 2, escape: position)
            var scalar = UInt32(unit)
            var end = position &+ 6
            switch unit {
            case 0xD800...0xDBFF:
                if position &+ 7 < input.count,
                    input[position &+ 6] == UInt8(ascii: "\\"), input[position &+ 7] == UInt8(ascii: "u"),  // bounds proven
                    case let low = try hexQuad(at: position &+ 8, escape: position &+ 6), (0xDC00...0xDFFF).contains(low)
                {
                    // unit >= 0xD800 and low >= 0xDC00: neither subtraction wraps
                    scalar = 0x10000 &+ (UInt32(unit) &- 0xD800) << 10 &+ (UInt32(low) &- 0xDC00)
                    end = position &+ 12
                } else if !(Grammar.isExtended && options.looseUnicode) {
                    throw error(.unpairedSurrogate, at: position, "high surrogate \\u\(hex(unit)) is not followed by a low surrogate escape")
                }
            case 0xDC00...0xDFFF:
                guard Grammar.isExtended, options.looseUnicode else {
                    throw error(.unpairedSurrogate, at: position, "low surrogate \\u\(hex(unit)) does not follow a high surrogate")
                }
            default:
                break
            }
            try checkScalar(scalar, at: position)
            position = end
            // bounds proven: position + 1 < count before either read
            guard position &+ 1 < input.count, input[position] == UInt8(ascii: "\\"), input[position &+ 1] == UInt8(ascii: "u") else {
                return position
            }
        }
    }

    /// Applies ``JSON/ParseOptions/rejectNUL`` and ``JSON/ParseOptions/rejectNoncharacters``
    /// to an escaped scalar: two tests inline, the error out of line.
    @inline(__always)
    mutating func checkScalar(_ scalar: UInt32, at position: Int) throws(JSON.ParseError) {
        if scalar == 0 && options.rejectNUL || options.rejectNoncharacters && Self.isNoncharacter(scalar) {
            throw rejectedScalar(scalar, at: position)
        }
    }

    /// Whether `scalar` is U+FDD0–U+FDEF or a U+…FFFE/U+…FFFF.
    private static func isNoncharacter(_ scalar: UInt32) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar) || scalar & 0xFFFE == 0xFFFE
    }

    @inline(never)
    private func rejectedScalar(_ scalar: UInt32, at position: Int) -> JSON.ParseError {
        guard scalar != 0 else { return error(.nulCharacter, at: position, "NUL characters are not allowed") }
        return error(.noncharacter, at: position, "noncharacter U+\(String(scalar, radix: 16, uppercase: true)) is not allowed")
    }

    /// Reads the four hexadecimal digits of a `\u` escape.
    private mutating func hexQuad(at position: Int, escape: Int) throws(JSON.ParseError) -> UInt16 {
        guard let value = PeregrineCore.hexQuad(input, at: position) else {
            throw error(.invalidUnicodeEscape, at: escape, "\\u must be followed by four hexadecimal digits")
        }
        return value
    }

    /// The index after the sequence at `position` when it is a well-formed
    /// two-byte sequence or a three-byte one led by E1–EC (most of Latin,
    /// Greek, Cyrillic, CJK and kana), whose continuation bytes may take any
    /// value 80–BF and which hold no noncharacters; `nil` for anything else,
    /// which ``scanUTF8Sequence(at:flags:)`` then checks in full.
    @inline(__always)
    private func skipCommonUTF8Sequence(at position: Int) -> Int? {
        let lead = input[position]  // bounds proven by the caller
        if lead &- 0xE1 < 12, position + 2 < input.count,
            input[position + 1] & 0xC0 == 0x80, input[position + 2] & 0xC0 == 0x80  // bounds proven: position + 2 < count
        {
            return position + 3
        }
        if lead &- 0xC2 < 30, position + 1 < input.count, input[position + 1] & 0xC0 == 0x80 {  // bounds proven
            return position + 2
        }
        return nil
    }

    /// Validates the run of non-ASCII text whose first byte is at `start` and
    /// returns the index after it (non-ASCII text comes in runs: validated
    /// here rather than returning to the 16-byte scan for each scalar).
    /// Two-byte sequences (Latin, Greek, Cyrillic, Hebrew, Arabic) are
    /// checked eight at a time in a 16-byte vector, three-byte ones led by
    /// E1–EC (CJK, kana) five at a time; anything else one at a time.
    /// `mutating` though it changes nothing, as ``scanEscape(at:quote:)``
    /// is: the string loop is `mutating`, and handed to a non-mutating
    /// method the scanner is copied (176 bytes, a `memcpy`) for every run.
    @inline(never)  // out of the key loop, where non-ASCII is rare
    private mutating func scanNonASCIIRun(at start: Int, flags: inout UInt8) throws(JSON.ParseError) -> Int {
        let raw = UnsafeRawBufferPointer(input)
        var position = start
        while true {
            // One sequence first: a lone accented letter in Latin text needs no vector.
            if let next = skipCommonUTF8Sequence(at: position) {
                position = next
            } else {
                position = try scanUTF8Sequence(at: position, flags: &flags)
            }
            guard position < input.count, case let lead = input[position], lead >= 0x80 else { return position }  // bounds proven
            position = lead < 0xE0 ? skipTwoByteSequences(raw, from: position) : skipCommonThreeByteSequences(raw, from: position)
            // The sequence where the vector stopped, if the run goes on, is checked on its own.
            guard position < input.count, input[position] >= 0x80 else { return position }  // bounds proven
        }
    }

    /// The index after the two-byte sequences that follow `start` one after
    /// another, found eight at a time in 16 bytes while 16 bytes remain: the
    /// sequences ``skipCommonUTF8Sequence(at:)`` accepts, so keep them alike.
    @inline(__always)
    private func skipTwoByteSequences(_ raw: UnsafeRawBufferPointer, from start: Int) -> Int {
        // Even lanes must be lead bytes 110xxxxx, odd lanes continuation bytes 10xxxxxx.
        let shapeMask = SIMD16<UInt8>(0xE0, 0xC0, 0xE0, 0xC0, 0xE0, 0xC0, 0xE0, 0xC0, 0xE0, 0xC0, 0xE0, 0xC0, 0xE0, 0xC0, 0xE0, 0xC0)
        let shapeBits = SIMD16<UInt8>(0xC0, 0x80, 0xC0, 0x80, 0xC0, 0x80, 0xC0, 0x80, 0xC0, 0x80, 0xC0, 0x80, 0xC0, 0x80, 0xC0, 0x80)
        let lowBit = SIMD16<UInt8>(repeating: 0xFE)
        let c0 = SIMD16<UInt8>(repeating: 0xC0)
        return skipSequences(raw, from: start, length: 2, shapeMask: shapeMask, shapeBits: shapeBits) { chunk, ones in
            // Among bytes of the right shape, a high bit set only on the overlong leads C0 and C1
            // (zero once their last bit is dropped and C0 XORed away).
            let isC0: SIMD16<UInt8> = (chunk & lowBit) ^ c0
            return (isC0 &- ones) & ~isC0
        }
    }

    /// The index after the three-byte sequences led by E1–EC that follow
    /// `start` one after another, found five at a time in 16 bytes (the last
    /// byte read, not checked) while 16 bytes remain: the sequences
    /// ``skipCommonUTF8Sequence(at:)`` accepts, so keep them alike.
    @inline(__always)
    private func skipCommonThreeByteSequences(_ raw: UnsafeRawBufferPointer, from start: Int) -> Int {
        // Lanes 0, 3, 6, 9 and 12 must be lead bytes 1110xxxx, the others continuation bytes 10xxxxxx.
        let shapeMask = SIMD16<UInt8>(0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xC0)
        let shapeBits = SIMD16<UInt8>(0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0x80)
        let e0 = SIMD16<UInt8>(repeating: 0xE0)
        let toTop = SIMD16<UInt8>(repeating: 0x13)
        return skipSequences(raw, from: start, length: 3, shapeMask: shapeMask, shapeBits: shapeBits) { chunk, ones in
            // Among bytes of the right shape, a high bit set only on E0 (zero after the XOR) and on
            // ED–EF (which wrap to 00–02 after adding 0x13, where E1–EC reach F4–FF and 80–BF 93–D2).
            let isE0: SIMD16<UInt8> = chunk ^ e0
            return ~(chunk &+ toTop) | ((isE0 &- ones) & ~isE0)
        }
    }

    /// The index after the whole sequences of `length` bytes from `start`,
    /// 16 bytes loaded at a time while 16 remain, each lane of the right
    /// shape (`shapeMask` of it equal to `shapeBits`) and without a high bit
    /// from `outside` (given the chunk and a vector of ones); the lanes past
    /// the last whole sequence are read, not checked. Only lane-wise
    /// operations, the same in every lane but for the shape, so that each
    /// step stays one vector instruction.
    @inline(__always)
    private func skipSequences(
        _ raw: UnsafeRawBufferPointer, from start: Int, length: Int, shapeMask: SIMD16<UInt8>, shapeBits: SIMD16<UInt8>,
        outside: (SIMD16<UInt8>, SIMD16<UInt8>) -> SIMD16<UInt8>
    ) -> Int {
        let ones = SIMD16<UInt8>(repeating: 1)
        let step = 16 / length * length
        let checked: UInt32 = 1 << step &- 1  // the lanes below `step`
        var position = start
        while position &+ 16 <= raw.count {  // position < raw.count: no overflow
            let chunk = raw.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)  // bounds proven: position + 16 <= count
            let misshapen = unsafeBitCast(chunk & shapeMask .!= shapeBits, to: SIMD16<UInt8>.self)
            let failed = (misshapen | outside(chunk, ones)).highBitLanes & checked
            guard failed == 0 else {
                // The sequences before the first lane that fails are whole and well-formed.
                return position &+ failed.trailingZeroBitCount / length &* length  // below step <= 16: within the bytes read
            }
            position &+= step
        }
        return position
    }

    /// Validates one multi-byte UTF-8 sequence whose lead byte is at `position`
    /// (Unicode Table 3-7: no overlong forms, no surrogates, nothing above
    /// U+10FFFF); returns the index after it. Under loose Unicode an
    /// ill-formed byte is skipped and the string marked for repair.
    /// `mutating`, as ``scanNonASCIIRun(at:flags:)`` is, so that its callers
    /// pass the scanner's address instead of a copy.
    mutating func scanUTF8Sequence(at position: Int, flags: inout UInt8) throws(JSON.ParseError) -> Int {
        let lead = input[position]  // bounds proven by the caller
        let length: Int
        let second: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: (length, second) = (0, 0...0)
        }
        guard length > 0, position + length <= input.count,
            second.contains(input[position + 1]),  // bounds proven: length >= 2
            length < 3 || input[position + 2] & 0xC0 == 0x80,  // bounds proven: length >= 3
            length < 4 || input[position + 3] & 0xC0 == 0x80  // bounds proven: length == 4
        else {
            if Grammar.isExtended, options.looseUnicode {
                flags |= TapeEntry.needsDecoding | TapeEntry.illFormedUTF8
                return position + 1
            }
            throw error(.invalidUTF8, at: position, "ill-formed UTF-8 sequence starting with byte 0x\(String(lead, radix: 16, uppercase: true))")
        }
        if options.rejectNoncharacters, isNoncharacter(at: position, length: length) {
            throw error(.noncharacter, at: position, "noncharacter \(found(at: position)) is not allowed")
        }
        return position + length
    }

    /// Whether the valid sequence at `position` encodes U+FDD0–U+FDEF or a
    /// U+…FFFE/U+…FFFF.
    private func isNoncharacter(at position: Int, length: Int) -> Bool {
        // bounds proven: the caller validated `length` bytes at `position`
        switch length {
        case 3:
            guard input[position] == 0xEF else { return false }
            let (second, third) = (input[position + 1], input[position + 2])
            return (second == 0xB7 && (0x90...0xAF).contains(third)) || (second == 0xBF && third >= 0xBE)
        case 4:
            return input[position + 1] & 0x0F == 0x0F && input[position + 2] == 0xBF && input[position + 3] >= 0xBE
        default:
            return false
        }
    }
}

/// The quote character of a string, as a type (see `Scanner.scanString`).
protocol StringQuote {
    static var byte: UInt8 { get }
}

/// `"`, the JSON quote.
enum DoubleQuote: StringQuote {
    static var byte: UInt8 { UInt8(ascii: "\"") }
}

/// `'`, allowed by JSON5 and ``JSON/ParseOptions/allowSingleQuotes``.
enum SingleQuote: StringQuote {
    static var byte: UInt8 { UInt8(ascii: "'") }
}
