extension JSON.JSONPath.Parser {
    /// The largest magnitude of an index or slice bound: I-JSON's exact
    /// integers, 2^53 − 1 (§2.1).
    static let maximumInteger = 9_007_199_254_740_991

    /// An index or slice bound: `0`, or an optional `-` and digits without
    /// a leading zero.
    mutating func parseInteger() throws(JSON.QueryError) -> Int {
        let start = position
        let negative = peek == UInt8(ascii: "-")
        if negative { position += 1 }
        guard let first = peek, first.isDigit else { throw error("expected a digit") }
        if first == UInt8(ascii: "0") {
            if peek(at: position + 1)?.isDigit == true { throw error("leading zeros are not allowed", at: start) }
            if negative { throw error("-0 is not allowed", at: start) }
            position += 1
            return 0
        }
        var magnitude = 0
        var outOfRange = false
        while let byte = peek, byte.isDigit {
            if !outOfRange {
                magnitude = magnitude * 10 + Int(byte - UInt8(ascii: "0"))
                outOfRange = magnitude > Self.maximumInteger
            }
            position += 1
        }
        guard !outOfRange else { throw error("the integer is outside ±(2^53-1)", at: start) }
        return negative ? -magnitude : magnitude
    }

    /// A number literal (§2.3.5.1): JSON number syntax, plus `-0`.
    mutating func parseNumber() throws(JSON.QueryError) -> JSON {
        let start = position
        if peek == UInt8(ascii: "-") { position += 1 }
        guard let first = peek, first.isDigit else { throw error("expected a digit") }
        if first == UInt8(ascii: "0"), peek(at: position + 1)?.isDigit == true {
            throw error("leading zeros are not allowed", at: start)
        }
        skipDigits()
        if peek == UInt8(ascii: ".") {
            position += 1
            guard peek?.isDigit == true else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if let byte = peek, byte | 0x20 == UInt8(ascii: "e") {
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard peek?.isDigit == true else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        // The syntax is JSON's, so the JSON parser gives the value; lossless
        // numbers keep literals no Double holds (`1e400`) comparable.
        let literal = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let number = try? JSON(parsing: literal, options: .init(numbers: .lossless)) else {
            throw error("invalid number", at: start)
        }
        return number
    }

    private mutating func skipDigits() {
        while peek?.isDigit == true { position += 1 }
    }

    /// A string literal in single or double quotes (§2.3.1.1).
    mutating func parseString() throws(JSON.QueryError) -> String {
        let start = position
        let quote = peek ?? UInt8(ascii: "'")
        position += 1
        var decoded: [UInt8] = []
        while true {
            guard let byte = peek else { throw error("unterminated string", at: start) }
            switch byte {
            case quote:
                position += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(quote: quote, into: &decoded)
            case ..<0x20:
                throw error("control characters must be escaped in strings")
            default:
                decoded.append(byte)
                position += 1
            }
        }
    }

    /// An escape at `\`: one of `b f n r t / \`, the enclosing quote, or
    /// `\uXXXX` (a surrogate pair as two escapes).
    private mutating func parseEscape(quote: UInt8, into decoded: inout [UInt8]) throws(JSON.QueryError) {
        let start = position
        position += 1
        guard let letter = peek else { throw error("unterminated string", at: start) }
        position += 1
        switch letter {
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "/"), UInt8(ascii: "\\"), quote: decoded.append(letter)
        case UInt8(ascii: "u"):
            var value = try parseHexUnit(escapeStart: start)
            if (0xDC00...0xDFFF).contains(value) {
                throw error("a low surrogate must follow a high surrogate", at: start)
            }
            if (0xD800...0xDBFF).contains(value) {
                guard peek == UInt8(ascii: "\\"), peek(at: position + 1) == UInt8(ascii: "u") else {
                    throw error("a high surrogate must be followed by a low surrogate", at: start)
                }
                position += 2
                let low = try parseHexUnit(escapeStart: start)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("a high surrogate must be followed by a low surrogate", at: start)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw error("invalid escape sequence", at: start) }
            UTF8.encode(scalar) { decoded.append($0) }
        default:
            throw error("invalid escape sequence", at: start)
        }
    }

    /// Four hexadecimal digits after `\u`.
    private mutating func parseHexUnit(escapeStart: Int) throws(JSON.QueryError) -> UInt32 {
        let end = position + 4
        guard end <= bytes.count,
            let value = bytes.withUnsafeBufferPointer({ hexValue($0[position..<end]) })  // bounds proven: 0 <= position < end <= bytes.count (guard above)
        else {
            throw error("expected four hexadecimal digits after '\\u'", at: escapeStart)
        }
        position = end
        return UInt32(truncatingIfNeeded: value)
    }
}
