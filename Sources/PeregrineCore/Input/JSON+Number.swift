#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSON {
    /// A JSON number that remembers how it was written.
    ///
    /// Integers that fit `Int64` are stored as `Int64`, larger non-negative ones as
    /// `UInt64`, and everything with a fraction or an exponent (and `-0`) as
    /// `Double`. Nothing is rounded behind your back: an integer beyond `UInt64`
    /// is a parse error, not a silently rounded `Double`, unless lossless
    /// numbers are asked for (``JSON/ParseOptions/NumberPolicy/lossless``):
    /// then such numbers keep their exact decimal text (``decimalText``).
    ///
    /// ```swift
    /// let n: JSON.Number = 42
    /// n.int64          // 42
    /// n.double         // 42.0
    /// JSON.Number(1.5).isInteger   // false
    /// ```
    ///
    /// Two numbers are equal when they are both integers with the same value
    /// (whichever of `Int64` or `UInt64` holds them), both doubles with the same
    /// value, or both exact decimal texts with the same value (`1.50e1` equals `15.0`). An integer never equals a double: `1` and `1.0` are different JSON
    /// texts and stay different values. Double equality follows IEEE 754 except
    /// that `NaN` equals `NaN`, so that `Hashable` holds.
    public struct Number: Sendable {
        package enum Storage: Sendable {
            case int64(Int64)
            case uint64(UInt64)
            case double(Double)
            /// The exact text of a number no other case holds (lossless parsing).
            case decimal(String)
        }

        package let storage: Storage

        /// Creates an integer number.
        ///
        /// ```swift
        /// let n = JSON.Number(-7 as Int64)
        /// ```
        public init(_ value: Int64) { storage = .int64(value) }

        /// Creates an integer number; values up to `Int64.max` are stored as `Int64`.
        ///
        /// ```swift
        /// let n = JSON.Number(UInt64.max)
        /// ```
        public init(_ value: UInt64) {
            storage = value <= UInt64(Int64.max) ? .int64(Int64(value)) : .uint64(value)
        }

        /// Creates an integer number from an `Int`.
        ///
        /// ```swift
        /// let n = JSON.Number(3)
        /// ```
        public init(_ value: Int) { storage = .int64(Int64(value)) }

        /// Creates a floating-point number. Non-finite values can be stored but
        /// not serialized: writing them throws ``JSON/SerializationError``.
        ///
        /// ```swift
        /// let n = JSON.Number(0.1)
        /// ```
        public init(_ value: Double) { storage = .double(value) }

        /// A number kept as its JSON text, which must be valid RFC 8259 number
        /// syntax (the parser guarantees it).
        init(exactText: String) { storage = .decimal(exactText) }

        /// Any integer: in 64 bits when it fits, else as its exact text (`Int128`).
        init<Integer: FixedWidthInteger>(integer value: Integer) {
            if let small = Int64(exactly: value) {
                storage = .int64(small)
            } else if let unsigned = UInt64(exactly: value) {
                storage = .uint64(unsigned)
            } else {
                storage = .decimal(String(value))
            }
        }

        /// The exact decimal text of a number parsed with lossless numbers
        /// that no `Int64`, `UInt64` or `Double` holds exactly; `nil` otherwise.
        ///
        /// ```swift
        /// let v = try JSON(parsing: "123456789012345678901234567890", options: .init(numbers: .lossless))
        /// if case .number(let n) = v { n.decimalText }   // "123456789012345678901234567890"
        /// ```
        public var decimalText: String? {
            if case .decimal(let text) = storage { return text }
            return nil
        }

        /// The value as a Foundation `Decimal`: integers exactly, lossless
        /// numbers from their digits (not through `Double`), doubles from their
        /// shortest text. `nil` for non-finite doubles and numbers beyond
        /// `Decimal`'s range.
        ///
        /// ```swift
        /// JSON.Number(12).decimal         // 12
        /// JSON.Number(0.1).decimal        // 0.1 (from the shortest text, "0.1")
        /// ```
        public var decimal: Decimal? {
            switch storage {
            case .int64(let value): return Decimal(value)
            case .uint64(let value): return Decimal(value)
            case .double(let value): return value.isFinite ? Decimal(string: value.description) : nil
            case .decimal(let text): return Decimal(string: text)
            }
        }

        /// Whether the number was written (or created) as an integer.
        ///
        /// ```swift
        /// JSON.Number(2).isInteger      // true
        /// JSON.Number(2.0).isInteger    // false
        /// ```
        public var isInteger: Bool {
            switch storage {
            case .int64, .uint64: return true
            case .double: return false
            case .decimal(let text): return !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
            }
        }

        /// The value as `Int64` if it is an integer that fits, otherwise `nil`.
        ///
        /// ```swift
        /// JSON.Number(UInt64.max).int64   // nil
        /// ```
        public var int64: Int64? {
            if case .int64(let value) = storage { return value }
            return nil
        }

        /// The value as `UInt64` if it is a non-negative integer, otherwise `nil`.
        ///
        /// ```swift
        /// JSON.Number(-1).uint64   // nil
        /// ```
        public var uint64: UInt64? {
            switch storage {
            case .int64(let value): return value >= 0 ? UInt64(value) : nil
            case .uint64(let value): return value
            case .double, .decimal: return nil
            }
        }

        /// The value as `Int` if it is an integer that fits, otherwise `nil`.
        ///
        /// ```swift
        /// JSON.Number(12).int   // 12
        /// ```
        public var int: Int? {
            switch storage {
            case .int64(let value): return Int(exactly: value)
            case .uint64(let value): return Int(exactly: value)
            case .double, .decimal: return nil
            }
        }

        /// The value as `Double`; integers beyond 2^53 and lossless numbers are
    /// rounded to the nearest double (which may be infinite).
        ///
        /// ```swift
        /// JSON.Number(3).double   // 3.0
        /// ```
        public var double: Double {
            switch storage {
            case .int64(let value): return Double(value)
            case .uint64(let value): return Double(value)
            case .double(let value): return value
            case .decimal(let text): return Double(text) ?? .nan
            }
        }
    }
}

extension JSON.Number: Hashable {
    public static func == (lhs: JSON.Number, rhs: JSON.Number) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.int64(let a), .int64(let b)): return a == b
        case (.uint64(let a), .uint64(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b || (a.isNaN && b.isNaN)
        case (.decimal(let a), .decimal(let b)): return DecimalText(a) == DecimalText(b)
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .int64(let value):
            hasher.combine(0 as UInt8)
            hasher.combine(value)
        case .uint64(let value):
            hasher.combine(0 as UInt8)
            hasher.combine(value)
        case .double(let value):
            hasher.combine(1 as UInt8)
            hasher.combine(value.isNaN ? .nan : value)
        case .decimal(let text):
            hasher.combine(2 as UInt8)
            hasher.combine(DecimalText(text))
        }
    }
}

extension JSON.Number: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// Creates an integer number from a literal: `let n: JSON.Number = 5`.
    public init(integerLiteral value: Int64) { self.init(value) }

    /// Creates a floating-point number from a literal: `let n: JSON.Number = 2.5`.
    public init(floatLiteral value: Double) { self.init(value) }
}
