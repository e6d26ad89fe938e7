import Foundation

/// Foundation's types read from a value's text, the same way and with the
/// same errors whatever the source: a JSON strategy's string, a binary
/// tag's own string, or the string a binary file converted from JSON holds.
extension DecodingSource {
    /// A `Decimal` from the number's own digits, never through `Double`.
    func decodeDecimal(at index: Int) throws -> Decimal {
        let (value, kind) = value(at: index)
        switch kind {
        case .int, .uint, .double, .numberText:
            guard let decimal = Decimal(string: numberText(at: value), locale: Locale(identifier: "en_US_POSIX")) else {
                throw invalidValue(at: value, "\(describe(value)) does not fit in Decimal")
            }
            return decimal
        default:
            throw mismatch(Decimal.self, at: value, expected: "Decimal")
        }
    }

    /// The URL `text`, the value at `index`.
    func url(_ text: String, at index: Int) throws -> URL {
        guard let url = URL(string: text) else { throw invalidValue(at: index, "invalid URL \(JSON.serializedString(escaping: text))") }
        return url
    }

    /// The ISO 8601 date `text`, the value at `index`.
    func iso8601Date(_ text: String, at index: Int) throws -> Date {
        guard let date = ISO8601.date(from: text) else { throw invalidValue(at: index, "expected an ISO 8601 date, found \(describe(index))") }
        return date
    }

    /// The Base64 `text`, the value at `index`.
    func base64Data(_ text: String, at index: Int) throws -> Data {
        guard let data = Data(base64Encoded: text) else { throw invalidValue(at: index, "expected Base64, found \(describe(index))") }
        return data
    }
}
