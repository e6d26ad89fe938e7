extension Scanner {
    /// Scans the number at `index` (the caller's position, moved past the
    /// number when it returns `true`) when it is a plain RFC 8259 number of at
    /// most 19 digits whose value an `Int64`, `UInt64` or `Double` holds:
    /// nearly every number of real payloads. The digits go straight into one
    /// `UInt64` (eight at a time while eight bytes remain), and their count
    /// comes from positions, not from a counter per digit.
    ///
    /// Returns `false`, having read nothing, for anything else (JSON5,
    /// leading zeros, longer mantissas, huge exponents, lossless decimals,
    /// out-of-range values, malformed text): ``scanNumber()`` then reads it
    /// digit by digit and gives the exact error.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    mutating func scanPlainNumber(at index: inout Int) -> Bool {
        let count = input.count
        let start = index
        let negative = input[start] == UInt8(ascii: "-")  // bounds proven by the caller: index < count
        // Wrapping arithmetic on positions: they lie within the input, below 4 GiB.
        let integerStart = negative ? start &+ 1 : start
        guard integerStart < count else { return false }
        var mantissa: UInt64 = 0
        var position: Int
        if input[integerStart] == UInt8(ascii: "0") {  // bounds proven above
            position = integerStart + 1
            // A digit after a leading zero: the careful path's error.
            guard position >= count || !input[position].isDigit else { return false }  // bounds proven: position < count
        } else {
            position = Self.scanIntegerDigits(input, from: integerStart, into: &mantissa)
            guard position > integerStart else { return false }  // no digit: the careful path's error
        }
        let integerDigits = position &- integerStart

        var fractionDigits = 0
        var isFloat = false
        if position < count, input[position] == UInt8(ascii: ".") {  // bounds proven
            isFloat = true
            let fractionStart = position &+ 1
            position = Self.scanDigits(input, from: fractionStart, into: &mantissa)
            fractionDigits = position &- fractionStart
            guard fractionDigits > 0 else { return false }
        }
        // 19 digits always fit a UInt64; past that, wrapping lost some.
        guard integerDigits &+ fractionDigits <= 19 else { return false }

        var exponent = 0
        if position < count, input[position] | 0x20 == UInt8(ascii: "e") {  // bounds proven
            isFloat = true
            position += 1
            let exponentNegative = position < count && input[position] == UInt8(ascii: "-")  // bounds proven
            if position < count, exponentNegative || input[position] == UInt8(ascii: "+") { position += 1 }  // bounds proven
            let exponentStart = position
            // Up to four digits here; longer exponents take the careful path.
            while position < count, position - exponentStart < 4, input[position].isDigit {  // bounds proven
                exponent = exponent * 10 + Int(input[position] &- UInt8(ascii: "0"))  // bounds proven; at most 9999
                position += 1
            }
            guard position > exponentStart, position >= count || !input[position].isDigit else { return false }  // bounds proven
            if exponentNegative { exponent = -exponent }
        }

        let entry: TapeEntry
        if isFloat {
            // `exponent` is at most 9999 in magnitude and `fractionDigits` at most 19: no overflow.
            guard options.numbers != .lossless, let value = Self.double(mantissa, exponent &- fractionDigits, negative: negative, powers: powersOfTen) else {
                return false
            }
            entry = TapeEntry(.double, offset: start, payload: value.bitPattern)
        } else {
            guard let integer = integerEntry(mantissa, negative: negative, offset: start) else { return false }
            entry = integer
        }
        tape.append(entry)
        index = position
        return true
    }

    /// ``scanDigits(_:from:into:)`` for the first digits of a number, into a
    /// `mantissa` of 0: the first word's value is the mantissa, without the
    /// multiply by a power of ten that later words need.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    private static func scanIntegerDigits(_ input: UnsafeBufferPointer<UInt8>, from start: Int, into mantissa: inout UInt64) -> Int {
        let bytes = UnsafeRawBufferPointer(input)
        var position = start
        if bytes.count &- start >= 8 {
            let word = DigitWord(bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))  // bounds proven: 8 bytes remain
            if word.others != 0 {
                let run = word.run
                if run > 0 { mantissa = word.valueOfRun(run) }
                return start &+ run
            }
            mantissa = word.value
            position = start &+ 8
        }
        return scanDigits(input, from: position, into: &mantissa)
    }

    /// Reads digits from `start` into `mantissa` (wrapping: the caller
    /// checks the digit count) and returns the position of the first
    /// non-digit. While eight bytes remain they are read as one word: all
    /// digits, or the run of digits before the first other byte.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    private static func scanDigits(_ input: UnsafeBufferPointer<UInt8>, from start: Int, into mantissa: inout UInt64) -> Int {
        // Wrapping arithmetic on positions: they lie within the input, below 4 GiB.
        var position = start
        let bytes = UnsafeRawBufferPointer(input)
        while bytes.count &- position >= 8 {
            let word = DigitWord(bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))  // bounds proven: 8 bytes remain
            if word.others == 0 {
                mantissa = mantissa &* 100_000_000 &+ word.value
                position &+= 8
                continue
            }
            let run = word.run
            if run > 0 { mantissa = mantissa &* powerOfTen(run) &+ word.valueOfRun(run) }
            return position &+ run
        }
        while position < input.count, input[position].isDigit {  // bounds proven
            mantissa = mantissa &* 10 &+ UInt64(input[position] &- UInt8(ascii: "0"))  // bounds proven
            position += 1
        }
        return position
    }

    /// 10^`power` for `power` in 1...7: the byte count of a run of digits.
    /// A switch over constants, which compiles to one load from a table.
    @inline(__always)
    private static func powerOfTen(_ power: Int) -> UInt64 {
        switch power {
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        default: 10_000_000
        }
    }

    /// The correctly rounded double of `mantissa × 10^exponent` (`powers`:
    /// the scanner's ``powersOfTen``), or `nil`
    /// when neither Clinger's exact path nor Eisel–Lemire decides it (or it
    /// is not finite): the careful path then converts the text.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    private static func double(_ mantissa: UInt64, _ exponent: Int, negative: Bool, powers: UnsafePointer<UInt64>) -> Double? {
        var value: Double
        if mantissa == 0 {
            value = 0
        } else if mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            value = Double(mantissa)
            let power = DecimalDigits.exactPowerOfTen(exponent.magnitude)
            value = exponent < 0 ? value / power : value * power
        } else if let bits = DecimalDigits.eiselLemire(mantissa, exponent, powers: powers) {
            value = Double(bitPattern: bits)
        } else {
            return nil
        }
        return negative ? -value : value
    }
}
