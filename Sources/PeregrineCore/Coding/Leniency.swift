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
        /// `0`, `1`, `"true"` and `"false"` for a `Bool`.
        public static let boolsFromNumbersAndStrings = Leniency(rawValue: 1 << 2)
        /// Every coercion.
        public static let all: Leniency = [.numbersFromStrings, .stringsFromNumbers, .boolsFromNumbersAndStrings]
    }
}

/// The coercions of ``JSON/Decoder/Leniency``, for the values of another
/// kind than the model expects; each one applied is recorded in the running report.
extension JSONDecodingState {
    func coercedBool(at value: Int) -> Bool? {
        guard options.leniency.contains(.boolsFromNumbersAndStrings) else { return nil }
        let entry = entry(value)
        let flag: Bool
        switch entry.kind {
        case .int64 where entry.payload <= 1: flag = entry.payload == 1
        case .string:
            switch string(at: value) {
            case "true": flag = true
            case "false": flag = false
            default: return nil
            }
        default: return nil
        }
        recordCoercion(at: value, to: Bool.self)
        return flag
    }

    func coercedString(at value: Int) -> String? {
        guard [.int64, .uint64, .double, .decimal].contains(entry(value).kind), options.leniency.contains(.stringsFromNumbers) else { return nil }
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
        guard options.leniency.contains(.numbersFromStrings), entry(value).kind == .string else { return nil }
        return JSON.Number(wholeString: string(at: value))
    }

    /// Records a coercion in the running report.
    private func recordCoercion(at value: Int, to type: Any.Type) {
        ReportCollector.current?.record(
            .coerced, path: codingPath(to: value),
            (showsPositions ? "\(position(of: value)): " : "") + "coerced \(describe(value)) to \(type)")
    }
}
