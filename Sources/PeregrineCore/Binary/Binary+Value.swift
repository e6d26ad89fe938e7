import Foundation

extension Binary {
    /// A value of the binary format: everything ``JSON`` has, plus dates,
    /// data, URLs, UUIDs, decimals, sets, dictionaries with keys of any kind
    /// and typed records.
    ///
    /// ```swift
    /// let value: Binary.Value = .record(type: "Point", fields: [.init(key: "x", value: .number(.init(1)))])
    /// let bytes = try value.encoded()
    /// let back = try Binary.Value(decoding: bytes)   // == value
    /// ```
    public enum Value: Sendable, Hashable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number, kept as JSON keeps it: `Int64`, `UInt64`, `Double` or exact text.
        case number(JSON.Number)
        /// A string.
        case string(String)
        /// Values in order.
        case array([Value])
        /// String keys to values, in order.
        case object([Member])
        /// A point in time.
        case date(Date)
        /// Raw bytes.
        case data(Data)
        /// A URL.
        case url(URL)
        /// A UUID.
        case uuid(UUID)
        /// A decimal number.
        case decimal(Decimal)
        /// Distinct values, in the order written.
        case set([Value])
        /// Keys of any kind to values, in order.
        case dictionary([Pair])
        /// A typed value: a type name and named fields (FastCoding's `$class`).
        case record(type: String, fields: [Member])

        /// A named value of an object or record.
        public struct Member: Sendable, Hashable {
            /// The name.
            public var key: String
            /// The value.
            public var value: Value

            /// A member named `key`.
            ///
            /// ```swift
            /// Binary.Value.Member(key: "x", value: .bool(true))
            /// ```
            public init(key: String, value: Value) {
                self.key = key
                self.value = value
            }
        }

        /// An entry of a dictionary.
        public struct Pair: Sendable, Hashable {
            /// The key, of any kind.
            public var key: Value
            /// The value.
            public var value: Value

            /// An entry with key `key`.
            ///
            /// ```swift
            /// Binary.Value.Pair(key: .number(.init(1)), value: .string("one"))
            /// ```
            public init(key: Value, value: Value) {
                self.key = key
                self.value = value
            }
        }
    }
}
