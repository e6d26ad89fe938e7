/// The strict RFC 8259 scanner: one pass over UTF-8 bytes that validates the
/// whole text and writes its tape (see ``TapeEntry``).
///
/// The scanner is iterative. Open arrays and objects live on an explicit
/// stack of ``Frame``s, so the call stack has the same height for `1` as for
/// 512 nested arrays. Strings are validated (escapes, surrogate pairs, UTF-8
/// per Unicode Table 3-7) but not decoded; numbers are converted eagerly so the
/// tape holds their bits.
///
/// Every read of `input` is preceded by a check of `index` against
/// `input.count`; errors are built on a cold path that also computes the line
/// and column.
struct Scanner {
    private let input: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    private var index = 0
    private var tape: [TapeEntry] = []
    private var stack: [Frame] = []

    /// An array or object whose closing bracket has not been reached yet.
    private struct Frame {
        var tapeIndex: Int
        var count: UInt64
        var isObject: Bool
    }

    /// Scans `input` completely and returns its tape.
    static func scan(
        _ input: UnsafeBufferPointer<UInt8>, options: JSON.ParseOptions
    ) throws(JSON.ParseError) -> [TapeEntry] {
        var tape: [TapeEntry] = []
        try scan(input, options: options, into: &tape)
        return tape
    }

    /// Scans `input` completely into `tape`, replacing its contents but
    /// keeping its capacity (for a parser that reads many documents).
    static func scan(
        _ input: UnsafeBufferPointer<UInt8>, options: JSON.ParseOptions, into tape: inout [TapeEntry]
    ) throws(JSON.ParseError) {
        var scanner = Scanner(input: input, maxDepth: options.maxDepth)
        tape.removeAll(keepingCapacity: true)
        swap(&scanner.tape, &tape)
        defer { swap(&scanner.tape, &tape) }
        try scanner.scanDocument()
    }

    private init(input: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.input = input
        self.maxDepth = maxDepth
    }

    private mutating func scanDocument() throws(JSON.ParseError) {
        guard input.count <= UInt32.max else {
            throw error(.documentTooLarge, at: 0, "inputs of 4 GiB or more are not supported")
        }
        try skipByteOrderMark()
        // Real documents have one value per 8 (numbers) to 25 (text) bytes.
        // One 16-byte entry per 16 input bytes makes the tape about as large
        // as the input for text-heavy documents; number-dense ones grow it.
        tape.reserveCapacity(input.count / 16 + 1)
        try scanValues()
        skipWhitespace()
        if index < input.count {
            throw error(.trailingContent, at: index, "expected end of input after the value, found \(found(at: index))")
        }
    }

    /// Skips a UTF-8 byte order mark (RFC 8259 §8.1 lets parsers ignore it) and
    /// rejects UTF-16 and UTF-32, recognised by a BOM or by the zero bytes
    /// that an ASCII first character has in those encodings.
    private mutating func skipByteOrderMark() throws(JSON.ParseError) {
        let bytes = input
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
        } else if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
            || (bytes.count >= 2 && bytes[0] == 0)  // bounds proven: count >= 2
            || (bytes.count >= 4 && bytes[1] == 0 && bytes[3] == 0)  // bounds proven: count >= 4
        {
            throw error(.unsupportedEncoding, at: 0, "the input is UTF-16 or UTF-32; JSON must be UTF-8")
        }
    }

    // MARK: Structure

    private mutating func scanValues() throws(JSON.ParseError) {
        while true {
            skipWhitespace()
            if try scanValue() { continue }
            // A value is complete: close every container that ends here, then
            // move on to the next element or member.
            while let top = stack.last {
                skipWhitespace()
                let closing = top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                guard index < input.count else { throw unexpected(afterElement(top)) }
                let byte = input[index]  // bounds proven above
                if byte == UInt8(ascii: ",") {
                    let comma = index
                    index += 1
                    stack[stack.count - 1].count += 1
                    skipWhitespace()
                    if index < input.count, input[index] == closing {  // bounds proven
                        throw error(.trailingComma, at: comma, "a comma must be followed by another \(top.isObject ? "member" : "element")")
                    }
                    if top.isObject { try scanMemberKey() }
                    break
                } else if byte == closing {
                    index += 1
                    stack.removeLast()
                    tape[top.tapeIndex].payload = UInt64(tape.count) | top.count << 32
                } else {
                    throw unexpected(afterElement(top))
                }
            }
            if stack.isEmpty { return }
        }
    }

    private func afterElement(_ frame: Frame) -> String {
        frame.isObject ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element"
    }

    /// Scans the value at `index`; returns `true` when it opened a non-empty
    /// container, whose first element comes next.
    private mutating func scanValue() throws(JSON.ParseError) -> Bool {
        guard index < input.count else { throw unexpected("expected a value") }
        switch input[index] {  // bounds proven above
        case UInt8(ascii: "\""): try scanString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanNumber()
        case UInt8(ascii: "["): return try openContainer(isObject: false)
        case UInt8(ascii: "{"): return try openContainer(isObject: true)
        case UInt8(ascii: "t"): try scanLiteral("true", .true)
        case UInt8(ascii: "f"): try scanLiteral("false", .false)
        case UInt8(ascii: "n"): try scanLiteral("null", .null)
        default:
            throw unexpected("expected a value")
        }
        return false
    }

    private mutating func openContainer(isObject: Bool) throws(JSON.ParseError) -> Bool {
        guard stack.count < maxDepth else {
            throw error(.tooDeep, at: index, "arrays and objects are nested deeper than \(maxDepth) levels")
        }
        let tapeIndex = tape.count
        tape.append(TapeEntry(isObject ? .object : .array, offset: index))
        index += 1
        skipWhitespace()
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if index < input.count, input[index] == closing {  // bounds proven
            index += 1
            tape[tapeIndex].payload = UInt64(tape.count)
            return false
        }
        stack.append(Frame(tapeIndex: tapeIndex, count: 1, isObject: isObject))
        if isObject { try scanMemberKey() }
        return true
    }

    /// Scans `"key"` and the `:` after it.
    private mutating func scanMemberKey() throws(JSON.ParseError) {
        guard index < input.count, input[index] == UInt8(ascii: "\"") else {  // bounds proven
            throw unexpected("expected a string key")
        }
        try scanString()
        skipWhitespace()
        guard index < input.count, input[index] == UInt8(ascii: ":") else {  // bounds proven
            throw unexpected("expected ':' after an object key")
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < input.count {
            switch input[index] {  // bounds proven by the loop condition
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    /// Scans `true`, `false` or `null` (the first letter is already known)
    /// by comparing its last four bytes as one word.
    private mutating func scanLiteral(_ word: StaticString, _ kind: TapeEntry.Kind) throws(JSON.ParseError) {
        let length = word.utf8CodeUnitCount
        guard index + length <= input.count else {
            throw error(.invalidLiteral, at: index, "expected '\(word)'")
        }
        let tail = UnsafeRawPointer(word.utf8Start + (length - 4)).loadUnaligned(as: UInt32.self)
        let found = UnsafeRawBufferPointer(input).loadUnaligned(fromByteOffset: index + length - 4, as: UInt32.self)  // bounds proven
        guard found == tail else {
            throw error(.invalidLiteral, at: index, "expected '\(word)'")
        }
        tape.append(TapeEntry(kind, offset: index))
        index += length
    }

    // MARK: Strings

    /// Validates the string whose opening quote is at `index` and appends its entry.
    private mutating func scanString() throws(JSON.ParseError) {
        let quote = index
        var position = quote + 1
        var flags: UInt8 = 0
        let raw = UnsafeRawBufferPointer(input)
        while true {
            position = skipPlainASCII(raw, from: position)
            guard position < input.count else {
                throw error(.unterminatedString, at: quote, "the string starting here is not closed by '\"'")
            }
            let byte = input[position]  // bounds proven above
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                flags = TapeEntry.hasEscapes
                position = try scanEscape(at: position, quote: quote)
            } else if byte < 0x20 {
                throw error(.controlCharacterInString, at: position, "control character \(found(at: position)) must be escaped in a string")
            } else if byte < 0x80 {
                position += 1
            } else {
                // Non-ASCII text comes in runs: validate the whole run here
                // rather than returning to the 16-byte scan for each scalar.
                repeat {
                    position = try scanUTF8Sequence(at: position)
                } while position < input.count && input[position] >= 0x80  // bounds proven
            }
        }
        tape.append(TapeEntry(.string, offset: quote + 1, flags: flags, payload: UInt64(position - quote - 1)))
        index = position + 1
    }

    /// The index of the first byte at or after `start` that is a quote, a
    /// backslash, a control character or non-ASCII, 16 bytes at a time; at
    /// most the last 15 bytes of the input are left to the caller's byte loop.
    ///
    /// The test uses only lane-wise wrapping arithmetic, which compiles to
    /// vector instructions (Swift's `SIMDMask` operators do not, and run about
    /// 400 times slower here). A lane's high bit ends up set exactly when its
    /// byte is special: `(x &- 1) & ~x` has it only for `x == 0`, and
    /// `(c &- 0x20) & ~c` only for `c < 0x20`.
    @inline(__always)
    private func skipPlainASCII(_ raw: UnsafeRawBufferPointer, from start: Int) -> Int {
        let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        let spaces = SIMD16<UInt8>(repeating: 0x20)
        let ones = SIMD16<UInt8>(repeating: 1)
        let highBits = SIMD16<UInt8>(repeating: 0x80)
        var position = start
        while position + 16 <= raw.count {
            let chunk = raw.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)  // bounds proven
            let quote: SIMD16<UInt8> = chunk ^ quotes
            let backslash: SIMD16<UInt8> = chunk ^ backslashes
            let isQuote: SIMD16<UInt8> = (quote &- ones) & ~quote
            let isBackslash: SIMD16<UInt8> = (backslash &- ones) & ~backslash
            let isControl: SIMD16<UInt8> = (chunk &- spaces) & ~chunk
            let special: SIMD16<UInt8> = (isQuote | isBackslash | isControl | chunk) & highBits
            let lanes = unsafeBitCast(special, to: SIMD2<UInt64>.self)
            if lanes[0] != 0 { return position + lanes[0].trailingZeroBitCount / 8 }
            if lanes[1] != 0 { return position + 8 + lanes[1].trailingZeroBitCount / 8 }
            position += 16
        }
        return position
    }

    /// Validates the escape at `position` (a backslash); returns the index after it.
    private func scanEscape(at position: Int, quote: Int) throws(JSON.ParseError) -> Int {
        guard position + 1 < input.count else {
            throw error(.unterminatedString, at: quote, "the string starting here is not closed by '\"'")
        }
        switch input[position + 1] {  // bounds proven above
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return position + 2
        case UInt8(ascii: "u"):
            let unit = try hexQuad(at: position + 2, escape: position)
            switch unit {
            case 0xD800...0xDBFF:
                guard position + 7 < input.count,
                    input[position + 6] == UInt8(ascii: "\\"), input[position + 7] == UInt8(ascii: "u"),  // bounds proven
                    case 0xDC00...0xDFFF = try hexQuad(at: position + 8, escape: position + 6)
                else {
                    throw error(.unpairedSurrogate, at: position, "high surrogate \\u\(hex(unit)) is not followed by a low surrogate escape")
                }
                return position + 12
            case 0xDC00...0xDFFF:
                throw error(.unpairedSurrogate, at: position, "low surrogate \\u\(hex(unit)) does not follow a high surrogate")
            default:
                return position + 6
            }
        default:
            throw error(.invalidEscape, at: position, "invalid escape: backslash followed by \(found(at: position + 1))")
        }
    }

    /// Reads the four hexadecimal digits of a `\u` escape.
    private func hexQuad(at position: Int, escape: Int) throws(JSON.ParseError) -> UInt16 {
        guard position + 4 <= input.count else {
            throw error(.invalidUnicodeEscape, at: escape, "\\u must be followed by four hexadecimal digits")
        }
        var unit: UInt16 = 0
        for byte in input[position..<position + 4] {  // bounds proven above
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw error(.invalidUnicodeEscape, at: escape, "\\u must be followed by four hexadecimal digits")
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    private func hex(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// Validates one multi-byte UTF-8 sequence whose lead byte is at `position`
    /// (Unicode Table 3-7: no overlong forms, no surrogates, nothing above
    /// U+10FFFF); returns the index after it.
    private func scanUTF8Sequence(at position: Int) throws(JSON.ParseError) -> Int {
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
        default:
            throw error(.invalidUTF8, at: position, "byte 0x\(String(lead, radix: 16, uppercase: true)) cannot start a UTF-8 sequence")
        }
        guard position + length <= input.count,
            second.contains(input[position + 1]),  // bounds proven: length >= 2
            input[(position + 2)..<(position + length)].allSatisfy({ $0 & 0xC0 == 0x80 })
        else {
            throw error(.invalidUTF8, at: position, "ill-formed UTF-8 sequence starting with byte 0x\(String(lead, radix: 16, uppercase: true))")
        }
        return position + length
    }

    // MARK: Numbers

    /// Scans and converts the number at `index` (a `-` or a digit).
    private mutating func scanNumber() throws(JSON.ParseError) {
        let start = index
        var digits = DecimalDigits()
        var position = start
        let negative = input[position] == UInt8(ascii: "-")  // bounds proven by the caller
        if negative { position += 1 }

        // Integer part: "0" or a non-zero digit followed by digits.
        guard position < input.count, input[position].isDigit else {  // bounds proven
            throw error(.invalidNumber, at: position, "expected a digit, found \(found(at: position))")
        }
        if input[position] == UInt8(ascii: "0") {  // bounds proven above
            position += 1
            if position < input.count, input[position].isDigit {  // bounds proven
                throw error(.invalidNumber, at: start, "leading zeros are not allowed in numbers")
            }
            digits.append(0, fractional: false)
        } else {
            while position < input.count, input[position].isDigit {  // bounds proven
                digits.append(input[position] &- UInt8(ascii: "0"), fractional: false)
                position += 1
            }
        }
        let integerEnd = position
        var isFloat = false

        if position < input.count, input[position] == UInt8(ascii: ".") {  // bounds proven
            isFloat = true
            position += 1
            guard position < input.count, input[position].isDigit else {  // bounds proven
                throw error(.invalidNumber, at: position, "expected a digit after '.', found \(found(at: position))")
            }
            while position < input.count, input[position].isDigit {  // bounds proven
                digits.append(input[position] &- UInt8(ascii: "0"), fractional: true)
                position += 1
            }
        }

        if position < input.count, input[position] | 0x20 == UInt8(ascii: "e") {  // bounds proven
            isFloat = true
            position += 1
            var exponentNegative = false
            if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") {  // bounds proven
                exponentNegative = input[position] == UInt8(ascii: "-")  // bounds proven
                position += 1
            }
            guard position < input.count, input[position].isDigit else {  // bounds proven
                throw error(.invalidNumber, at: position, "expected a digit in the exponent, found \(found(at: position))")
            }
            var exponent = 0
            while position < input.count, input[position].isDigit {  // bounds proven
                // Saturate: anything beyond this is zero or infinity anyway.
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(input[position] &- UInt8(ascii: "0")) }
                position += 1
            }
            digits.exponent += exponentNegative ? -exponent : exponent
        }
        index = position

        let text = UnsafeBufferPointer(rebasing: input[start..<position])
        if isFloat {
            guard let value = digits.double(negative: negative, text: text), value.isFinite else {
                throw error(.numberOutOfRange, at: start, "the number is too large for a Double")
            }
            tape.append(TapeEntry(.double, offset: start, payload: value.bitPattern))
        } else {
            let magnitudeText = UnsafeBufferPointer(rebasing: input[(negative ? start + 1 : start)..<integerEnd])
            guard let entry = integerEntry(magnitudeText, negative: negative, offset: start) else {
                throw error(.numberOutOfRange, at: start, "the integer does not fit in Int64 or UInt64")
            }
            tape.append(entry)
        }
    }

    /// The tape entry for an integer: `Int64` when it fits, else `UInt64`;
    /// `-0` is the double negative zero. `nil` when out of range.
    private func integerEntry(_ digits: UnsafeBufferPointer<UInt8>, negative: Bool, offset: Int) -> TapeEntry? {
        var magnitude: UInt64 = 0
        for digit in digits {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit &- UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            magnitude = sum
        }
        if negative {
            if magnitude == 0 { return TapeEntry(.double, offset: offset, payload: (-0.0 as Double).bitPattern) }
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return TapeEntry(.int64, offset: offset, payload: 0 &- magnitude)
        }
        return TapeEntry(magnitude <= UInt64(Int64.max) ? .int64 : .uint64, offset: offset, payload: magnitude)
    }

    // MARK: Errors

    /// How the byte at `position` reads in a message: `'x'`, `U+0009`, `byte 0xFF` or `end of input`.
    private func found(at position: Int) -> String {
        guard position < input.count else { return "end of input" }
        let byte = input[position]  // bounds proven above
        switch byte {
        case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        case ..<0x80: return "U+\(hex(UInt16(byte)))"
        default:
            let sequence = input[position..<min(position + 4, input.count)]
            if let scalar = String(decoding: sequence, as: UTF8.self).unicodeScalars.first, scalar != "\u{FFFD}" {
                return "'\(scalar)'"
            }
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    /// `expectation, found …` at `index`: an unexpected character, or the end of input.
    @inline(never)
    private func unexpected(_ expectation: String) -> JSON.ParseError {
        let kind: JSON.ParseError.Kind = index < input.count ? .unexpectedCharacter : .unexpectedEndOfInput
        return error(kind, at: index, "\(expectation), found \(found(at: index))")
    }

    @inline(never)
    private func error(_ kind: JSON.ParseError.Kind, at offset: Int, _ message: String) -> JSON.ParseError {
        JSON.ParseError(kind, at: offset, in: input, message)
    }
}

extension UInt8 {
    @inline(__always)
    fileprivate var isDigit: Bool { self &- UInt8(ascii: "0") < 10 }
}
