import Foundation

/// What the format accepts in the values it keeps as text (number text and
/// decimals) and in dates. Readers reject anything else (`invalidValue`),
/// and writers refuse to write it, so every file a writer makes can be read.
///
/// ```swift
/// BinaryValueRules.decimal("-12.5")      // -12.5
/// BinaryValueRules.decimal("1e5")        // nil: no exponent
/// BinaryValueRules.dateSeconds.contains(.nan)   // false
/// ```
enum BinaryValueRules {
    /// The seconds since 1970 a date may hold: finite, from
    /// 0001-01-01T00:00:00Z to the end of 9999, the years an ISO 8601 date
    /// writes with four digits (its JSON form).
    static let dateSeconds = -62_135_596_800.0..<253_402_300_800.0

    /// The number that number text `text` holds: the whole text must be a
    /// JSON number (RFC 8259 grammar, no spaces).
    static func number(_ text: String) -> JSON.Number? {
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || first.isDigit, text.utf8.last?.isDigit == true,
            case .number(let number)? = try? JSON(parsing: text, options: .init(numbers: .lossless))
        else { return nil }
        return number
    }

    /// The decimal that decimal text `text` holds: `-?(0|[1-9][0-9]*)(\.[0-9]+)?`
    /// (a JSON number without exponent) that `Decimal` can hold.
    static func decimal(_ text: String) -> Decimal? {
        guard isDecimalText(text.utf8), let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), decimal.isFinite else {
            return nil
        }
        return decimal
    }

    /// The text a writer gives `decimal`, if the format can hold it (`nil` for NaN).
    static func text(of decimal: Decimal) -> String? {
        let text = decimal.description
        return self.decimal(text) == nil ? nil : text
    }

    /// Whether `utf8` is `-?(0|[1-9][0-9]*)(\.[0-9]+)?`.
    private static func isDecimalText(_ utf8: String.UTF8View) -> Bool {
        var rest = utf8[...]
        if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        let integer = rest.prefix { $0.isDigit }
        guard let lead = integer.first, lead != UInt8(ascii: "0") || integer.count == 1 else { return false }
        rest = rest.dropFirst(integer.count)
        guard let dot = rest.first else { return true }
        let fraction = rest.dropFirst().prefix { $0.isDigit }
        return dot == UInt8(ascii: ".") && !fraction.isEmpty && fraction.count == rest.count - 1
    }
}
