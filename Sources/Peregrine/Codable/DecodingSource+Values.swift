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

    /// An integer of exactly the number's value: whole doubles such as `1.0`
    /// are accepted (as Foundation does), fractions are type mismatches and
    /// values out of the type's range invalid.
    @inline(__always)
    func decodeInteger<Integer: FixedWidthInteger>(_ type: Integer.Type, at index: Int) throws -> Integer {
        let (value, kind) = self.value(at: index)
        let result: Integer?
        switch kind {
        case .int(let number): result = Integer(exactly: number)
        case .uint(let number): result = Integer(exactly: number)
        case .double(let number):
            guard number.rounded(.towardZero) == number else {
                throw mismatch(type, at: value, expected: "\(type) (a whole number)")
            }
            result = Integer(exactly: number)
        case .numberText:
            result = Integer(numberText(at: value))  // integer text that fits a wider type (Int128)
        default:
            if let integer = coercedInteger(type, at: value) { return integer }
            throw mismatch(type, at: value, expected: "\(type)")
        }
        guard let result else { throw invalidValue(at: value, "\(describe(value)) does not fit in \(type)") }
        return result
    }
}
