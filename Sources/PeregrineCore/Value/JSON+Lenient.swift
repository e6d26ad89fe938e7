extension JSON {
    /// Lenient accessors: the explicit spelling for reading payloads whose
    /// types drift. Numbers come from numeric strings (the whole string must
    /// be a JSON number: `"123"` yes; `"123ABC"`, `" 12"` and `"1e400"` no)
    /// and whole floating-point numbers count as integers, read exactly from
    /// their text (`"9007199254740993.0"` is 9007199254740993) or, for a
    /// `Double` without text, only below 2^53 in magnitude, where doubles
    /// hold every integer (a larger one gives `nil`); bools come from
    /// `true`/`false`, `1`/`0` and `"true"`/`"false"`; strings from numbers.
    ///
    /// ```swift
    /// let v: JSON = ["id": "123", "on": 1, "zip": 12345, "n": 2.0]
    /// v["id"].int                 // nil: a string is not a number
    /// v["id"].lenient.int         // 123
    /// v["on"].lenient.bool        // true
    /// v["zip"].lenient.string     // "12345"
    /// v["n"].lenient.int          // 2
    /// ```
    public struct Lenient: Sendable {
        private let value: JSON?

        init(_ value: JSON?) { self.value = value }

        /// The number, or the number a string holds exactly.
        public var number: JSON.Number? {
            switch value {
            case .number(let number): return number
            case .string(let text): return JSON.Number(wholeString: text)
            default: return nil
            }
        }

        /// The value as `Int`: an integer, a whole double, or a string holding one.
        ///
        /// ```swift
        /// JSON.string("1.5e1").lenient.int   // 15
        /// ```
        public var int: Int? { integer(Int.self) }
        /// The value as `Int64`: an integer, a whole double, or a string holding one.
        ///
        /// ```swift
        /// JSON.string("-1e3").lenient.int64   // -1000
        /// ```
        public var int64: Int64? { integer(Int64.self) }
        /// The value as `UInt64`: a non-negative integer, a whole double, or a string holding one.
        ///
        /// ```swift
        /// JSON.string("18446744073709551615.0").lenient.uint64   // UInt64.max
        /// ```
        public var uint64: UInt64? { integer(UInt64.self) }

        /// The value as a finite `Double`: a number, or a string holding one.
        public var double: Double? { number?.finiteDouble }

        /// `true`/`false`, `1`/`0` or `"true"`/`"false"` as a `Bool`.
        public var bool: Bool? {
            switch value {
            case .bool(let flag): return flag
            case .number(let number):
                switch number.exactInteger.flatMap({ Int(exactly: $0) }) {
                case 0: return false
                case 1: return true
                default: return nil
                }
            case .string("true"): return true
            case .string("false"): return false
            default: return nil
            }
        }

        /// A string, or a number as text (`12` gives `"12"`).
        public var string: String? {
            switch value {
            case .string(let text): return text
            case .number(let number): return number.description
            default: return nil
            }
        }

        /// The integer exactly (``WholeNumber``): a numeric string from its
        /// text, never through a `Double`.
        private func integer<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
            let whole: WholeNumber<Integer>?
            switch value {
            case .number(let number): whole = number.wholeNumber(Integer.self)
            case .string(let text): whole = JSON.Number(wholeString: text) == nil ? nil : WholeNumber(text: text)
            default: whole = nil
            }
            guard case .exactly(let integer)? = whole else { return nil }
            return integer
        }
    }

    /// The lenient accessors of this value (``Lenient``).
    ///
    /// ```swift
    /// JSON.string("42").lenient.int   // 42
    /// ```
    public var lenient: Lenient { Lenient(self) }
}

extension JSON.Number {
    /// The number `text` is exactly, written as JSON: no whitespace, no sign
    /// but `-`, and finite as a `Double`.
    init?(wholeString text: String) {
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || first.isDigit,
            let last = text.utf8.last, last.isDigit,
            case .number(let number)? = try? JSON(parsing: text), number.double.isFinite
        else { return nil }
        self = number
    }
}

extension JSON.Number {
    /// The number as an `Integer`, exactly: integers as they are, lossless
    /// text from its digits, doubles by ``WholeNumber/init(double:)``.
    func wholeNumber<Integer: FixedWidthInteger>(_: Integer.Type) -> WholeNumber<Integer> {
        switch storage {
        case .int64(let value): return Integer(exactly: value).map { .exactly($0) } ?? .outOfRange
        case .uint64(let value): return Integer(exactly: value).map { .exactly($0) } ?? .outOfRange
        case .double(let value): return WholeNumber(double: value)
        // The parser keeps only number text here.
        case .decimal(let text): return WholeNumber(text: text) ?? .outOfRange
        }
    }
}
