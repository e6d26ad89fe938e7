extension Scanner {
    /// Scans and converts the number at `index` digit by digit: a `-` or a
    /// digit, and in JSON5 also `+`, `.`, `Infinity`, `NaN` and hexadecimal.
    /// The scanner tries ``scanPlainNumber()`` first (outside JSON5).
    mutating func scanNumber() throws(JSON.ParseError) {
        let start = index
        var position = start
        var digits = DecimalDigits()
        // Whether the text is in RFC 8259's number grammar (not `+1`, `.5`, `5.`).
        var isStandard = true
        let negative = input[position] == UInt8(ascii: "-")  // bounds proven by the caller
        if negative {
            position += 1
        } else if Grammar.isExtended, input[position] == UInt8(ascii: "+") {  // bounds proven
            position += 1
            isStandard = false
        }
        if Grammar.isExtended, options.json5, position < input.count, try scanJSON5Number(at: position, start: start, negative: negative) {
            return
        }

        // Integer part: "0" or a non-zero digit followed by digits; JSON5 may omit it before a '.'.
        var integerDigits = 0
        if position < input.count, input[position] == UInt8(ascii: "0") {  // bounds proven
            position += 1
            if position < input.count, input[position].isDigit {  // bounds proven
                throw error(.invalidNumber, at: start, "leading zeros are not allowed in numbers")
            }
            digits.append(0, fractional: false)
            integerDigits = 1
        } else {
            while position < input.count, input[position].isDigit {  // bounds proven
                digits.append(input[position] &- UInt8(ascii: "0"), fractional: false)
                position += 1
                integerDigits += 1
            }
        }
        let leadingPoint = Grammar.isExtended && options.json5 && position < input.count && input[position] == UInt8(ascii: ".")  // bounds proven
        guard integerDigits > 0 || leadingPoint else {
            throw error(.invalidNumber, at: position, "expected a digit, found \(found(at: position))")
        }
        let integerEnd = position
        var isFloat = false

        if position < input.count, input[position] == UInt8(ascii: ".") {  // bounds proven
            isFloat = true
            position += 1
            var fractionDigits = 0
            while position < input.count, input[position].isDigit {  // bounds proven
                digits.append(input[position] &- UInt8(ascii: "0"), fractional: true)
                position += 1
                fractionDigits += 1
            }
            if fractionDigits == 0 || integerDigits == 0 {
                // JSON5 allows `5.` and `.5`, never a lone `.`.
                guard Grammar.isExtended, options.json5, fractionDigits + integerDigits > 0 else {
                    throw error(.invalidNumber, at: position, "expected a digit after '.', found \(found(at: position))")
                }
                isStandard = false
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

        let lossless = options.numbers == .lossless && isStandard
        if isFloat {
            let text = UnsafeBufferPointer(rebasing: input[start..<position])  // bounds proven: start <= position <= count (the text just scanned)
            let value = digits.double(negative: negative, text: text)
            if lossless, !(value.map(digits.roundTrips) ?? false) {
                tape.append(TapeEntry(.decimal, offset: start, payload: UInt64(position - start)))
                return
            }
            guard let value, value.isFinite else {
                if keepsOutOfRange(isStandard: isStandard) {
                    tape.append(TapeEntry(.decimal, offset: start, payload: UInt64(position - start)))
                    return
                }
                throw error(.numberOutOfRange, at: start, "the number is too large for a Double")
            }
            tape.append(TapeEntry(.double, offset: start, payload: value.bitPattern))
        } else {
            let magnitudeStart = integerEnd - integerDigits
            // bounds proven: start <= magnitudeStart <= integerEnd <= count (the integer digits just scanned)
            let magnitude = decimalMagnitude(UnsafeBufferPointer(rebasing: input[magnitudeStart..<integerEnd]))
            if let entry = magnitude.flatMap({ integerEntry($0, negative: negative, offset: start) }) {
                tape.append(entry)
            } else if keepsOutOfRange(isStandard: isStandard) {
                tape.append(TapeEntry(.decimal, offset: start, payload: UInt64(position - start)))
            } else {
                throw error(.numberOutOfRange, at: start, "the integer does not fit in Int64 or UInt64")
            }
        }
    }

    /// Whether a standard number that no `Int64`, `UInt64` or `Double`
    /// holds is kept as its text rather than being an error (asked only
    /// then, so the common path never reads the options).
    private func keepsOutOfRange(isStandard: Bool) -> Bool {
        isStandard && (options.numbers == .lossless || options.keepsOutOfRangeNumbers)
    }

    /// Scans JSON5's `Infinity`, `NaN` and hexadecimal integers after the
    /// sign; `false` when the number is none of these.
    private mutating func scanJSON5Number(at position: Int, start: Int, negative: Bool) throws(JSON.ParseError) -> Bool {
        let byte = input[position]  // bounds proven by the caller
        if byte == UInt8(ascii: "I") || byte == UInt8(ascii: "N") {
            let word: StaticString = byte == UInt8(ascii: "I") ? "Infinity" : "NaN"
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard position + expected.count <= input.count,
                input[position..<position + expected.count].elementsEqual(expected)  // bounds proven
            else {
                throw error(.invalidLiteral, at: start, "expected '\(word)'")
            }
            let value: Double = byte == UInt8(ascii: "N") ? .nan : negative ? -.infinity : .infinity
            tape.append(TapeEntry(.double, offset: start, payload: value.bitPattern))
            index = position + expected.count
            return true
        }
        guard byte == UInt8(ascii: "0"), position + 1 < input.count, input[position + 1] | 0x20 == UInt8(ascii: "x") else {  // bounds proven
            return false
        }
        var end = position + 2
        while end < input.count, hexValue(input[end..<end + 1]) != nil { end += 1 }  // bounds proven
        guard end > position + 2 else {
            throw error(.invalidNumber, at: end, "expected a hexadecimal digit, found \(found(at: end))")
        }
        let hexDigits = input[(position + 2)..<end]  // bounds proven: position + 2 < end <= count (guard and loop above)
        guard hexDigits.drop(while: { $0 == UInt8(ascii: "0") }).count <= 16, let magnitude = hexValue(hexDigits),
            let entry = integerEntry(magnitude, negative: negative, offset: start)
        else {
            throw error(.numberOutOfRange, at: start, "the integer does not fit in Int64 or UInt64")
        }
        tape.append(entry)
        index = end
        return true
    }

    /// The value of decimal digits, or `nil` beyond `UInt64`.
    private func decimalMagnitude(_ digits: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var magnitude: UInt64 = 0
        for digit in digits {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit &- UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            magnitude = sum
        }
        return magnitude
    }

    /// The tape entry for an integer: `Int64` when it fits, else `UInt64`;
    /// `-0` is the double negative zero. `nil` when out of range.
    func integerEntry(_ magnitude: UInt64, negative: Bool, offset: Int) -> TapeEntry? {
        if negative {
            if magnitude == 0 { return TapeEntry(.double, offset: offset, payload: (-0.0 as Double).bitPattern) }
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return TapeEntry(.int64, offset: offset, payload: 0 &- magnitude)
        }
        return TapeEntry(magnitude <= UInt64(Int64.max) ? .int64 : .uint64, offset: offset, payload: magnitude)
    }
}
