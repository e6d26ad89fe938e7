extension JSON.Decoder {
    /// Coercions a lenient decode applies when a value has another JSON type
    /// than the model expects. Off by default; each use is recorded in the
    /// ``DecodingReport`` of ``JSON/Decoder/decodeWithReport(_:from:)``.
    ///
    /// ```swift
    /// let decoder = JSON.Decoder()
    /// decoder.leniency = [.numbersFromStrings, .boolsFromNumbersAndStrings]
    /// ```
    public struct Leniency: OptionSet, Sendable, Hashable {
        public let rawValue: UInt

        /// Creates leniency options from their raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// `"123"` for an integer and `"1.5"` for a float; the whole string
        /// must be the number (`"123ABC"`, `" 12"` and `"1e400"` stay errors).
        public static let numbersFromStrings = Leniency(rawValue: 1 << 0)
        /// A number for a `String`, as it was written (`12` becomes `"12"`).
        public static let stringsFromNumbers = Leniency(rawValue: 1 << 1)
        /// `0`, `1`, `"true"` and `"false"` for a `Bool`.
        public static let boolsFromNumbersAndStrings = Leniency(rawValue: 1 << 2)
        /// Every coercion.
        public static let all: Leniency = [.numbersFromStrings, .stringsFromNumbers, .boolsFromNumbersAndStrings]
    }
}

extension TapeDecoder {
    /// Records a coercion in the running report.
    func recordCoercion(to type: Any.Type) {
        ReportCollector.current?.record(
            .coerced, path: codingPath,
            (state.showsPositions ? "\(state.position(of: index)): " : "") + "coerced \(state.describe(index)) to \(type)")
    }

    /// The number a string holds under ``JSON/Decoder/Leniency/numbersFromStrings``:
    /// the whole string must be a JSON number that fits a `Double`.
    func numberFromString() -> JSON.Number? {
        guard state.options.leniency.contains(.numbersFromStrings), state.entry(index).kind == .string else { return nil }
        return JSON.Number(wholeString: state.string(at: index))
    }

    /// The integer a string holds under ``JSON/Decoder/Leniency/numbersFromStrings``,
    /// if it is whole and fits in `Integer`.
    func integerFromString<Integer: FixedWidthInteger>(_ type: Integer.Type) -> Integer? {
        guard let number = numberFromString(), number.isInteger else { return nil }
        if let value = number.int64 { return Integer(exactly: value) }
        if let value = number.uint64 { return Integer(exactly: value) }
        return nil
    }
}
