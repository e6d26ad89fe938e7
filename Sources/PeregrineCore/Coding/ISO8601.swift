import Foundation

/// ISO 8601 dates with and without fractional seconds.
enum ISO8601 {
    static func date(from text: String) -> Date? {
        (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle()))
    }

    static func string(from date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// `date` with milliseconds (`2024-01-02T03:04:05.250Z`).
    static func fractionalString(from date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
