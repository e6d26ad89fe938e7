import Foundation

/// A date written as a string in a format of your own: a ``ValueCoder``
/// whose format is a `Date` format style that also parses
/// (`Date.VerbatimFormatStyle`, `Date.FormatStyle`,
/// `Date.ISO8601FormatStyle`). A string the style cannot parse is a
/// `dataCorrupted` error at the value, naming the string.
///
/// ```swift
/// enum DayFormat: DateFormatCoder {
///     static let style = Date.VerbatimFormatStyle(
///         format: "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits)",
///         timeZone: .gmt, calendar: Calendar(identifier: .gregorian))
/// }
///
/// @JSONCodable
/// struct Person { @CodedBy(DayFormat.self) var birthday: Date }   // {"birthday": "1990-04-01"}
/// ```
///
/// A format style is `Sendable` and is made once; a `DateFormatter` is
/// neither, so a coder of your own that uses one must guard it.
public protocol DateFormatCoder: ValueCoder where Value == Date, Coded == String {
    /// The style that writes and parses the dates.
    associatedtype Style: ParseableFormatStyle where Style.FormatInput == Date, Style.FormatOutput == String

    /// The style that writes and parses the dates.
    ///
    /// ```swift
    /// let text = DayFormat.style.format(Date())
    /// ```
    static var style: Style { get }
}

extension DateFormatCoder {
    /// The date `coded` stands for, parsed by ``style``.
    ///
    /// ```swift
    /// let day = try DayFormat.decode("1990-04-01")
    /// ```
    public static func decode(_ coded: String) throws -> Date {
        do {
            return try style.parseStrategy.parse(coded)
        } catch {
            throw DecodingError.coded("\(JSON.serializedString(escaping: coded)) is not a date in the format of \(Self.self)")
        }
    }

    /// `value` written by ``style``.
    ///
    /// ```swift
    /// let text = DayFormat.encode(Date(timeIntervalSince1970: 0))   // "1970-01-01"
    /// ```
    public static func encode(_ value: Date) -> String { style.format(value) }
}
