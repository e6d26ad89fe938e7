import Foundation

/// A date read and written in one format, whatever the coder's date
/// strategy: what a `@DateStrategy` property of a `@JSONCodable` type is
/// coded as, on the generated and the `Codable` paths alike (so
/// Foundation's coders read and write it the same way too).
///
/// ```swift
/// let stamp = try JSON.Decoder().decode(DateCoded<DateCodingFormats.ISO8601>.self, from: #""2024-01-02T03:04:05Z""#).date
/// ```
public struct DateCoded<Format: DateCodingFormat>: Codable, Sendable, Hashable {
    /// The date.
    public var date: Date

    /// Wraps `date`.
    ///
    /// ```swift
    /// let value = DateCoded<DateCodingFormats.SecondsSince1970>(Date(timeIntervalSince1970: 0))
    /// ```
    public init(_ date: Date) { self.date = date }

    /// Reads the date in `Format`.
    ///
    /// ```swift
    /// let value = try DateCoded<DateCodingFormats.ISO8601>(from: decoder)
    /// ```
    public init(from decoder: any Decoder) throws { date = try Format.decode(from: decoder) }

    /// Writes the date in `Format`.
    ///
    /// ```swift
    /// try value.encode(to: encoder)
    /// ```
    public func encode(to encoder: any Encoder) throws { try Format.encode(date, to: encoder) }
}

/// A way of writing dates in JSON, for ``DateCoded``: the formats of
/// ``JSON/Decoder/DateDecodingStrategy`` and ``JSON/Encoder/DateEncodingStrategy``
/// that carry no value, as types (see ``DateCodingFormats``).
///
/// ```swift
/// let date = try DateCodingFormats.ISO8601.decode(from: decoder)
/// ```
public protocol DateCodingFormat: Sendable {
    /// Reads a date in this format from `decoder`'s single value.
    ///
    /// ```swift
    /// let date = try DateCodingFormats.SecondsSince1970.decode(from: decoder)
    /// ```
    static func decode(from decoder: any Decoder) throws -> Date
    /// Writes `date` in this format into `encoder`'s single value.
    ///
    /// ```swift
    /// try DateCodingFormats.SecondsSince1970.encode(date, to: encoder)
    /// ```
    static func encode(_ date: Date, to encoder: any Encoder) throws
}

/// The date formats of `@DateStrategy` (``DateCodingFormat``).
///
/// ```swift
/// let value = DateCoded<DateCodingFormats.MillisecondsSince1970>(Date())
/// ```
public enum DateCodingFormats {
    /// `Date`'s own `Codable` form: seconds since 2001-01-01, a number.
    ///
    /// ```swift
    /// let date = try DateCodingFormats.DeferredToDate.decode(from: decoder)
    /// ```
    public enum DeferredToDate: DateCodingFormat {
        public static func decode(from decoder: any Decoder) throws -> Date { try Date(from: decoder) }
        public static func encode(_ date: Date, to encoder: any Encoder) throws { try date.encode(to: encoder) }
    }

    /// Seconds since 1970-01-01, a number.
    ///
    /// ```swift
    /// let date = try DateCodingFormats.SecondsSince1970.decode(from: decoder)
    /// ```
    public enum SecondsSince1970: DateCodingFormat {
        public static func decode(from decoder: any Decoder) throws -> Date {
            Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self))
        }
        public static func encode(_ date: Date, to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(date.timeIntervalSince1970)
        }
    }

    /// Milliseconds since 1970-01-01, a number.
    ///
    /// ```swift
    /// let date = try DateCodingFormats.MillisecondsSince1970.decode(from: decoder)
    /// ```
    public enum MillisecondsSince1970: DateCodingFormat {
        public static func decode(from decoder: any Decoder) throws -> Date {
            Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self) / 1000)
        }
        public static func encode(_ date: Date, to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(date.timeIntervalSince1970 * 1000)
        }
    }

    /// An ISO 8601 string (`2024-01-02T03:04:05Z`), read and written as the
    /// `.iso8601` strategies read and write it; on ``JSON/Decoder`` a
    /// string that is not one fails with the position, as there.
    ///
    /// ```swift
    /// let date = try DateCodingFormats.ISO8601.decode(from: decoder)
    /// ```
    public enum ISO8601: DateCodingFormat {
        public static func decode(from decoder: any Decoder) throws -> Date {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let tape = decoder as? JSONTapeDecoder { return try tape.state.iso8601Date(text, at: tape.index) }
            guard let date = PeregrineCore.ISO8601.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected date string to be ISO8601-formatted.")
            }
            return date
        }
        public static func encode(_ date: Date, to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(PeregrineCore.ISO8601.string(from: date))
        }
    }
}
