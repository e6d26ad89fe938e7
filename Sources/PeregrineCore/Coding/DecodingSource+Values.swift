/// The single values every decoder reads the same way, from the value at
/// tape index `index`: a ``TapeDecoding`` decoder forwards to them, and the
/// array loops call them with no decoder per element.
extension DecodingSource {
    /// No fast path unless the source has one (the JSON tape's `value(at:)` is as direct).
    @inline(__always)
    func storedDouble(at index: Int) -> Double? { nil }

    @inline(__always)
    func decodeBool(at index: Int) throws -> Bool {
        let (value, kind) = self.value(at: index)
        if case .bool(let flag) = kind { return flag }
        if let flag = coercedBool(at: value) { return flag }
        throw mismatch(Bool.self, at: value, expected: "Bool")
    }

    @inline(__always)
    func decodeString(at index: Int) throws -> String {
        let (value, kind) = self.value(at: index)
        if case .string = kind { return string(at: value) }
        if let text = coercedString(at: value) { return text }
        throw mismatch(String.self, at: value, expected: "String")
    }

    @inline(__always)
    func decodeDouble(at index: Int) throws -> Double {
        if let number = storedDouble(at: index) { return number }
        let (value, kind) = self.value(at: index)
        switch kind {
        case .int(let number): return Double(number)
        case .uint(let number): return Double(number)
        case .double(let number): return number
        case .numberText: return try double(fromNumberText: value)
        default:
            if let number = coercedDouble(at: value) { return number }
            throw mismatch(Double.self, at: value, expected: "Double")
        }
    }

    func decodeFloat(at index: Int) throws -> Float {
        let number = try decodeDouble(at: index)
        // Text that rounds to a finite Float fits (`3.4028235e+38`, the greatest, is just above it as a Double).
        guard !number.isFinite || Float(number).isFinite else {
            let value = self.value(at: index).index
            throw invalidValue(at: value, "\(describe(value)) does not fit in Float")
        }
        return Float(number)
    }

    /// An integer of exactly the number's value, never rounded: whole
    /// numbers written with a fraction or an exponent (`1.0`, `1e2`,
    /// `100.000`, `1.5e1`) are accepted, as Foundation does, and converted
    /// from their decimal text, not through a `Double`; fractions are type
    /// mismatches and values out of the type's range invalid.
    ///
    /// Where there is no text, only a `Double` (a number of an owned ``JSON``
    /// value parsed without lossless numbers, a binary double), the double
    /// is converted when it is whole and below 2^53 in magnitude, where a
    /// `Double` holds every integer exactly; a larger one is an invalid
    /// value whose message says so (see ``WholeNumber``). Integers stored as
    /// such (nearly all of them) take the first two cases and nothing else.
    @inline(__always)
    func decodeInteger<Integer: FixedWidthInteger>(_ type: Integer.Type, at index: Int) throws -> Integer {
        let (value, kind) = self.value(at: index)
        let result: Integer?
        switch kind {
        case .int(let number): result = Integer(exactly: number)
        case .uint(let number): result = Integer(exactly: number)
        case .double, .numberText: return try decodeWholeNumber(type, at: value)
        default:
            if let integer = coercedInteger(type, at: value) { return integer }
            throw mismatch(type, at: value, expected: "\(type)")
        }
        guard let result else { throw invalidValue(at: value, "\(describe(value)) does not fit in \(type)") }
        return result
    }

    /// The integer of a number not stored as one (``decodeInteger(_:at:)``).
    @inline(never)  // rare: kept out of the integer fast path
    private func decodeWholeNumber<Integer: FixedWidthInteger>(_ type: Integer.Type, at value: Int) throws -> Integer {
        switch wholeNumber(type, at: value) {
        case .exactly(let integer): return integer
        case .fraction: throw mismatch(type, at: value, expected: "\(type) (a whole number)")
        case .outOfRange: throw invalidValue(at: value, "\(describe(value)) does not fit in \(type)")
        case .inexactDouble:
            throw invalidValue(
                at: value,
                "\(describe(value)) is a Double of magnitude 2^53 or more, where Doubles do not hold every integer, so it is not read as \(type): "
                    + "decode from the JSON text, or parse with lossless numbers, to read integers exactly")
        }
    }
}
