extension JSON.Decoder {
    /// Coercions a lenient decode applies when a value has another JSON type
    /// than the model expects. Off by default; each use is recorded in the
    /// ``DecodingReport`` of `decodeWithReport(_:from:)` (``JSON/Decoder``).
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
        /// `0`, `1` (also written `0.0`, `1.0`), `"true"`, `"false"`, `"yes"`,
        /// `"no"`, `"1"` and `"0"` for a `Bool` (spelled exactly so).
        public static let boolsFromNumbersAndStrings = Leniency(rawValue: 1 << 2)
        /// `true` and `false` for a number: `1` and `0`.
        public static let numbersFromBools = Leniency(rawValue: 1 << 3)
        /// Every coercion.
        public static let all: Leniency = [.numbersFromStrings, .stringsFromNumbers, .boolsFromNumbersAndStrings, .numbersFromBools]

        /// The `Bool` a string spells under ``boolsFromNumbersAndStrings``:
        /// the one table of spellings, for every reader that coerces.
        ///
        /// ```swift
        /// JSON.Decoder.Leniency.bool(spelledAs: "yes")   // true
        /// ```
        public static func bool(spelledAs text: String) -> Bool? {
            switch text {
            case "true", "yes", "1": true
            case "false", "no", "0": false
            default: nil
            }
        }

        /// The `Bool` a number's text stands for under
        /// ``boolsFromNumbersAndStrings``: exactly 1 or 0, however written
        /// (`1`, `1.0`, `1e0`, `-0`). Text that a `Double` would round to 1
        /// or 0 (`1.00000000000000000001`, `1e-400`) is neither.
        ///
        /// ```swift
        /// JSON.Decoder.Leniency.bool(numberText: "1.0")   // true
        /// ```
        ///
        /// - Complexity: O(the text's length).
        public static func bool(numberText: String) -> Bool? {
            let value = DecimalText(numberText)
            return value == DecimalText("1") ? true : value == DecimalText("0") ? false : nil
        }
    }
}

/// The coercions of ``JSON/Decoder/Leniency``, for the values of another
/// kind than the model expects; each one applied is recorded in the running report.
extension JSONDecodingState {
    /// The coercions in force: the decoder's, and those of the property or
    /// type being read (``coercing(_:_:)``).
    var leniency: JSON.Decoder.Leniency { options.leniency.union(scopedLeniency) }

    /// Runs `body` with the coercions `leniency` added to the decoder's,
    /// for the value a `Coerced` property reads (and what it holds).
    func coercing<T>(_ leniency: JSON.Decoder.Leniency, _ body: () throws -> T) rethrows -> T {
        let outer = scopedLeniency
        scopedLeniency = outer.union(leniency)
        defer { scopedLeniency = outer }
        return try body()
    }

    func coercedBool(at value: Int) -> Bool? {
        guard leniency.contains(.boolsFromNumbersAndStrings) else { return nil }
        let flag: Bool?
        switch self.value(at: value).value {
        // From the text as written: a double may have rounded it to 1 or 0.
        case .int, .uint, .double, .numberText: flag = JSON.Decoder.Leniency.bool(numberText: numberText(at: value))
        case .string: flag = JSON.Decoder.Leniency.bool(spelledAs: string(at: value))
        default: flag = nil
        }
        guard let flag else { return nil }
        recordCoercion(at: value, to: Bool.self)
        return flag
    }

    /// `1` or `0` for `true` or `false` under ``JSON/Decoder/Leniency/numbersFromBools``.
    private func numberFromBool(at value: Int) -> Int? {
        guard leniency.contains(.numbersFromBools), case .bool(let flag) = self.value(at: value).value else { return nil }
        return flag ? 1 : 0
    }

    func coercedString(at value: Int) -> String? {
        guard [.int64, .uint64, .double, .decimal].contains(entry(value).kind), leniency.contains(.stringsFromNumbers) else { return nil }
        recordCoercion(at: value, to: String.self)
        return numberText(at: value)
    }

    /// The number of a string under ``JSON/Decoder/Leniency/numbersFromStrings``,
    /// or, under a non-conforming float strategy, infinity or NaN from its names.
    func coercedDouble(at value: Int) -> Double? {
        if let number = numberFromString(at: value) {
            recordCoercion(at: value, to: Double.self)
            return number.double
        }
        if let number = numberFromBool(at: value) {
            recordCoercion(at: value, to: Double.self)
            return Double(number)
        }
        guard entry(value).kind == .string,
            case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = options.nonConformingFloatDecodingStrategy
        else { return nil }
        switch string(at: value) {
        case positiveInfinity: return .infinity
        case negativeInfinity: return -.infinity
        case nan: return .nan
        default: return nil
        }
    }

    /// The integer a string holds under ``JSON/Decoder/Leniency/numbersFromStrings``,
    /// if it is whole and fits in `Integer`.
    func coercedInteger<Integer: FixedWidthInteger>(_ type: Integer.Type, at value: Int) -> Integer? {
        if let number = numberFromBool(at: value) {
            recordCoercion(at: value, to: type)
            return Integer(number)
        }
        guard let number = numberFromString(at: value), number.isInteger else { return nil }
        let integer: Integer?
        if let whole = number.int64 {
            integer = Integer(exactly: whole)
        } else if let whole = number.uint64 {
            integer = Integer(exactly: whole)
        } else {
            integer = nil
        }
        if integer != nil { recordCoercion(at: value, to: type) }
        return integer
    }

    /// The number a string holds under ``JSON/Decoder/Leniency/numbersFromStrings``:
    /// the whole string must be a JSON number that fits a `Double`.
    private func numberFromString(at value: Int) -> JSON.Number? {
        guard leniency.contains(.numbersFromStrings), entry(value).kind == .string else { return nil }
        return JSON.Number(wholeString: string(at: value))
    }

    /// Records a coercion in the running report.
    private func recordCoercion(at value: Int, to type: Any.Type) {
        ReportCollector.current?.record(
            .coerced, path: codingPath(to: value),
            (showsPositions ? "\(position(of: value)): " : "") + "coerced \(describe(value)) to \(type)")
    }
}
