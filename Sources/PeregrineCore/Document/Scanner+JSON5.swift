extension Scanner {
    /// Scans a value that only the extended grammar has: a single-quoted
    /// string, a `<…>` set, or a JSON5 number (`+1`, `.5`, `Infinity`, `NaN`).
    /// Returns `true` when it opened a non-empty set.
    mutating func scanExtendedValue() throws(JSON.ParseError) -> Bool {
        switch input[index] {  // bounds proven by the caller
        case UInt8(ascii: "'") where options.allowSingleQuotes || options.json5:
            try scanString(SingleQuote.self)
            return false
        case UInt8(ascii: "<") where options.allowSets:
            return try openContainer(closer: UInt8(ascii: ">"))
        case UInt8(ascii: "+") where options.json5, UInt8(ascii: ".") where options.json5,
            UInt8(ascii: "I") where options.json5, UInt8(ascii: "N") where options.json5:
            try scanNumber()
            return false
        default:
            throw unexpected("expected a value")
        }
    }

    /// Scans a single-quoted key or a JSON5 identifier key at `index`;
    /// `false` when there is neither.
    mutating func scanExtendedKey() throws(JSON.ParseError) -> Bool {
        let byte = input[index]  // bounds proven by the caller
        if byte == UInt8(ascii: "'"), options.allowSingleQuotes || options.json5 {
            try scanString(SingleQuote.self)
            return true
        }
        guard options.json5, identifierCharacterLength(at: index, first: true) > 0 else { return false }
        let start = index
        var flags: UInt8 = 0
        while index < input.count {
            let length = identifierCharacterLength(at: index, first: index == start)
            if length == 0 { break }
            if input[index] == UInt8(ascii: "\\") { flags = TapeEntry.needsDecoding }  // bounds proven
            index += length
        }
        guard index - start <= options.maxStringBytes else {
            throw error(.stringTooLong, at: start, "the key is longer than \(options.maxStringBytes) bytes")
        }
        tape.append(TapeEntry(.string, offset: start, flags: flags, payload: UInt64(index - start)))
        return true
    }

    /// The length of the ECMAScript 5 identifier character at `position`
    /// (`$`, `_`, a letter, after the first also a digit, combining mark or
    /// connector, or a `\uXXXX` escape of one), or 0.
    private func identifierCharacterLength(at position: Int, first: Bool) -> Int {
        let byte = input[position]  // bounds proven by the caller
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "$"), UInt8(ascii: "_"):
            return 1
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return first ? 0 : 1
        case UInt8(ascii: "\\"):
            guard position + 1 < input.count, input[position + 1] == UInt8(ascii: "u"),  // bounds proven
                let value = hexQuad(input, at: position + 2),
                let scalar = Unicode.Scalar(UInt32(value)), isIdentifierScalar(scalar, first: first)
            else { return 0 }
            return 6
        case 0x80...:
            let sequence = input[position..<min(position + 4, input.count)]  // bounds proven: position < count (the caller); the upper end is clamped
            guard let scalar = String(decoding: sequence, as: UTF8.self).unicodeScalars.first, scalar != "\u{FFFD}",
                isIdentifierScalar(scalar, first: first)
            else { return 0 }
            return String(scalar).utf8.count
        default:
            return 0
        }
    }

    private func isIdentifierScalar(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber:
            return true
        case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation:
            return !first
        default:
            return scalar == "$" || scalar == "_" || (!first && (scalar == "\u{200C}" || scalar == "\u{200D}"))
        }
    }

    /// Validates an escape only the extended grammar has: `\'`, and in JSON5
    /// `\v`, `\0`, `\xHH`, a line continuation, or any other character
    /// standing for itself. Returns the index after it, or `nil` if invalid.
    mutating func scanExtendedEscape(at position: Int) throws(JSON.ParseError) -> Int? {
        let escaped = input[position + 1]  // bounds proven by the caller
        if escaped == UInt8(ascii: "'"), options.allowSingleQuotes || options.json5 { return position + 2 }
        guard options.json5 else { return nil }
        switch escaped {
        case UInt8(ascii: "0"):
            if position + 2 < input.count, input[position + 2].isDigit { return nil }  // bounds proven
            try checkScalar(0, at: position)
            return position + 2
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            return nil
        case UInt8(ascii: "x"):
            guard position + 4 <= input.count, let value = hexValue(input[(position + 2)..<(position + 4)]) else {  // bounds proven
                throw error(.invalidEscape, at: position, "\\x must be followed by two hexadecimal digits")
            }
            try checkScalar(UInt32(value), at: position)
            return position + 4
        case 0x80...:
            let continuation = lineTerminatorLength(at: position + 1)
            if continuation > 0 { return position + 1 + continuation }
            var flags: UInt8 = 0
            return try scanUTF8Sequence(at: position + 1, flags: &flags)
        default:
            let continuation = lineTerminatorLength(at: position + 1)
            if continuation > 0 { return position + 1 + continuation }
            return escaped < 0x20 && escaped != UInt8(ascii: "\t") ? nil : position + 2
        }
    }
}
