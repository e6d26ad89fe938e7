extension Scanner {
    /// Skips JSON whitespace and, in the extended grammar, comments and the
    /// extra whitespace the options allow. Always inlined: it runs between
    /// every two tokens, and for the strict grammar it is the plain loop.
    @inline(__always)
    mutating func skipWhitespace() throws(JSON.ParseError) {
        var position = index  // kept in a register: the loop runs between every two tokens
        try skipWhitespace(at: &position)
        index = position
    }

    /// ``skipWhitespace()`` from `position`, the caller's own (the value
    /// loop keeps its position in a local variable, not in `index`).
    @inline(__always)
    mutating func skipWhitespace(at position: inout Int) throws(JSON.ParseError) {
        // Most tokens follow no whitespace at all.
        guard position < input.count, Grammar.isExtended || input[position] <= 0x20 else { return }  // bounds proven
        let bytes = UnsafeRawBufferPointer(input)
        while position < input.count {
            let byte = input[position]  // bounds proven by the loop condition
            // Tab (9), newline (10), return (13) and space (32), as bits of one word.
            guard byte <= 0x20, (0x1_0000_2600 as UInt64) &>> byte & 1 != 0 else {
                guard Grammar.isExtended else { break }
                index = position
                guard try skipExtendedWhitespace() else { return }
                position = index
                continue
            }
            position += 1
            // A run of spaces (indentation) follows; a single separator does not.
            if position < input.count, input[position] == 0x20 { position = Self.skipSpaces(bytes, from: position) }  // bounds proven
        }
    }

    /// The position of the first byte that is not a space at or after
    /// `start`, found 16 bytes at a time, then 8 (indentation comes in runs
    /// of spaces); when fewer than 8 bytes remain, the caller's byte loop
    /// reads the rest. The value loop's copy for indented text
    /// (``IndentedLayout``) also calls it after a comma and a newline.
    @inline(__always)
    static func skipSpaces(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var position = start
        let spaces = SIMD16<UInt8>(repeating: 0x20)
        while bytes.count - position >= 16 {
            let others = bytes.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self) .!= spaces  // bounds proven: 16 bytes remain
            if let lane = unsafeBitCast(others, to: SIMD16<UInt8>.self).firstHighBitLane { return position + lane }
            position += 16
        }
        if bytes.count - position >= 8 {
            let others = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)) ^ 0x2020_2020_2020_2020  // bounds proven: 8 bytes remain
            return position + (others == 0 ? 8 : others.trailingZeroBitCount >> 3)
        }
        return position
    }

    /// Skips one comment or one extended whitespace character at `index`;
    /// `false` when there is none.
    @inline(never)
    private mutating func skipExtendedWhitespace() throws(JSON.ParseError) -> Bool {
        let byte = input[index]  // bounds proven by the caller
        let next = index + 1 < input.count ? input[index + 1] : 0  // bounds proven
        if byte == UInt8(ascii: "/"), options.allowComments || options.json5 {
            if next == UInt8(ascii: "/") {
                index += 2
                while index < input.count, lineTerminatorLength(at: index) == 0 { index += 1 }
                return true
            }
            if next == UInt8(ascii: "*") {
                let start = index
                index += 2
                while index + 1 < input.count {
                    if input[index] == UInt8(ascii: "*"), input[index + 1] == UInt8(ascii: "/") {  // bounds proven
                        index += 2
                        return true
                    }
                    index += 1
                }
                throw error(.unterminatedComment, at: start, "the comment starting here is not closed by '*/'")
            }
            return false
        }
        let length = extendedWhitespaceLength(at: index)
        index += length
        return length > 0
    }

    /// The length of the extended whitespace character at `position`, or 0.
    private func extendedWhitespaceLength(at position: Int) -> Int {
        let newlines = options.allowUnicodeNewlines || options.json5
        switch input[position] {  // bounds proven by the caller
        case 0x0B, 0x0C:  // \v, \f
            return newlines ? 1 : 0
        case 0xC2:
            guard position + 1 < input.count else { return 0 }
            let second = input[position + 1]  // bounds proven
            if second == 0x85, options.allowUnicodeNewlines { return 2 }  // U+0085 NEL
            if second == 0xA0, options.json5 { return 2 }  // U+00A0 NBSP
            return 0
        case 0xE2:
            guard position + 2 < input.count, input[position + 1] == 0x80 || input[position + 1] == 0x81 else { return 0 }  // bounds proven
            let third = input[position + 2]  // bounds proven
            if input[position + 1] == 0x80, third == 0xA8 || third == 0xA9 { return newlines ? 3 : 0 }  // bounds proven: position + 2 < count (guard above); U+2028, U+2029
            guard options.json5 else { return 0 }
            // Space separators: U+2000–U+200A, U+202F, U+205F.
            if input[position + 1] == 0x80 { return (0x80...0x8A).contains(third) || third == 0xAF ? 3 : 0 }  // bounds proven
            return third == 0x9F ? 3 : 0
        case 0xE1 where options.json5:  // U+1680
            return position + 2 < input.count && input[position + 1] == 0x9A && input[position + 2] == 0x80 ? 3 : 0  // bounds proven
        case 0xE3 where options.json5:  // U+3000
            return position + 2 < input.count && input[position + 1] == 0x80 && input[position + 2] == 0x80 ? 3 : 0  // bounds proven
        case 0xEF where options.json5:  // U+FEFF
            return position + 2 < input.count && input[position + 1] == 0xBB && input[position + 2] == 0xBF ? 3 : 0  // bounds proven
        default:
            return 0
        }
    }

    /// The length of the line terminator at `position`, or 0.
    func lineTerminatorLength(at position: Int) -> Int {
        PeregrineCore.lineTerminatorLength(in: input, at: position)
    }
}

/// The length of the line terminator at `position` of `bytes` (`\n`, `\r\n`,
/// `\r`, U+2028, U+2029), or 0. `position` must be within `bytes`.
func lineTerminatorLength(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int {
    switch bytes[position] {  // bounds proven by the callers
    case UInt8(ascii: "\n"): return 1
    case UInt8(ascii: "\r"):
        return position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "\n") ? 2 : 1  // bounds proven
    case 0xE2:
        guard position + 2 < bytes.count, bytes[position + 1] == 0x80 else { return 0 }  // bounds proven
        return bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9 ? 3 : 0  // bounds proven
    default:
        return 0
    }
}
