import Foundation

extension JSON.Decoder {
    /// How JSON keys map to `CodingKey`s (Foundation's strategy of the same name).
    public enum KeyDecodingStrategy: Sendable {
        /// Keys are used as they are.
        case useDefaultKeys
        /// `snake_case_keys` become `camelCaseKeys` (leading and trailing
        /// underscores kept), as Foundation does.
        case convertFromSnakeCase
        /// A function of the coding path, whose last element is the JSON key.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// How `Date` values are read.
    public enum DateDecodingStrategy: Sendable {
        /// `Date`'s own `Decodable` conformance (seconds since 2001).
        case deferredToDate
        /// A number of seconds since 1970.
        case secondsSince1970
        /// A number of milliseconds since 1970.
        case millisecondsSince1970
        /// An ISO 8601 string, with or without fractional seconds.
        case iso8601
        /// A string in the formatter's format.
        case formatted(DateFormatter)
        /// A function that reads the date from the decoder.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Date)
    }

    /// How `Data` values are read.
    public enum DataDecodingStrategy: Sendable {
        /// `Data`'s own `Decodable` conformance (an array of bytes).
        case deferredToData
        /// A Base64 string.
        case base64
        /// A function that reads the data from the decoder.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Data)
    }

    /// How floating-point values JSON can't express are read.
    public enum NonConformingFloatDecodingStrategy: Sendable {
        /// They are errors (JSON5 input's `NaN` and `Infinity` still decode).
        case `throw`
        /// These strings stand for them.
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }
}
