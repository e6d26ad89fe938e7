import Foundation

/// The date formats of `@DateStrategy` as ``ValueCoder``s, and ISO 8601
/// with fractional seconds: each reads and writes one format whatever the
/// coder's date strategy. Name one with `@CodedBy` (`@DateStrategy(.iso8601)`
/// is `@CodedBy(DateCoders.ISO8601.self)`); build another format with
/// ``DateFormatCoder``.
///
/// ```swift
/// @JSONCodable
/// struct Upload {
///     @CodedBy(DateCoders.ISO8601FractionalSeconds.self) var at: Date   // "2024-01-02T03:04:05.250Z"
/// }
/// ```
public enum DateCoders {
    /// `Date`'s own `Codable` form: seconds since 2001-01-01, a number.
    ///
    /// ```swift
    /// let date = try DateCoders.DeferredToDate.decode(0)   // 2001-01-01T00:00:00Z
    /// ```
    public enum DeferredToDate: ValueCoder {
        public static func decode(_ coded: Double) -> Date { Date(timeIntervalSinceReferenceDate: coded) }
        public static func encode(_ value: Date) -> Double { value.timeIntervalSinceReferenceDate }
    }

    /// Seconds since 1970-01-01, a number.
    ///
    /// ```swift
    /// let date = try DateCoders.SecondsSince1970.decode(1_704_164_645)
    /// ```
    public enum SecondsSince1970: ValueCoder {
        public static func decode(_ coded: Double) -> Date { Date(timeIntervalSince1970: coded) }
        public static func encode(_ value: Date) -> Double { value.timeIntervalSince1970 }
    }

    /// Milliseconds since 1970-01-01, a number.
    ///
    /// ```swift
    /// let date = try DateCoders.MillisecondsSince1970.decode(1_704_164_645_000)
    /// ```
    public enum MillisecondsSince1970: ValueCoder {
        public static func decode(_ coded: Double) -> Date { Date(timeIntervalSince1970: coded / 1000) }
        public static func encode(_ value: Date) -> Double { value.timeIntervalSince1970 * 1000 }
    }

    /// An ISO 8601 string in UTC, written without fractional seconds
    /// (`2024-01-02T03:04:05Z`) and read with or without them, as the
    /// `.iso8601` strategies write and read it.
    ///
    /// ```swift
    /// let date = try DateCoders.ISO8601.decode("2024-01-02T03:04:05Z")
    /// ```
    public enum ISO8601: ValueCoder {
        public static func decode(_ coded: String) throws -> Date {
            guard let date = PeregrineCore.ISO8601.date(from: coded) else { throw notISO8601(coded) }
            return date
        }
        public static func encode(_ value: Date) -> String { PeregrineCore.ISO8601.string(from: value) }
    }

    /// An ISO 8601 string in UTC, written with milliseconds
    /// (`2024-01-02T03:04:05.250Z`) and read with or without fractional seconds.
    ///
    /// ```swift
    /// let text = DateCoders.ISO8601FractionalSeconds.encode(Date(timeIntervalSince1970: 0.25))   // "1970-01-01T00:00:00.250Z"
    /// ```
    public enum ISO8601FractionalSeconds: ValueCoder {
        public static func decode(_ coded: String) throws -> Date {
            guard let date = PeregrineCore.ISO8601.date(from: coded) else { throw notISO8601(coded) }
            return date
        }
        public static func encode(_ value: Date) -> String { PeregrineCore.ISO8601.fractionalString(from: value) }
    }

    /// The error of a string that is no ISO 8601 date.
    static func notISO8601(_ text: String) -> DecodingError {
        .coded("expected an ISO 8601 date, found \(JSON.serializedString(escaping: text))")
    }
}
