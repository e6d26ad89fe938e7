import Foundation

/// The types a JSON decode reads its own way: dates, data, URLs and
/// decimals by the decoder's strategies, arrays of numbers, strings and
/// Booleans in one loop, and `[String: T]` with its keys as written.
extension JSONTapeDecoder {
    /// A `T` here, after the strategies.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch StrategyType(type) {
        case .date?: return try cast(decodeDate())
        case .data?: return try cast(decodeData())
        case .url?: return try cast(decodeURL())
        case .decimal?: return try cast(decodeDecimal())
        case nil:
            // No `T?` here: in unspecialised code that looks up `Optional<T>`'s metadata on every call.
            if let kind = FastArray(type) { return try cast(decodeArray(kind)) }
            if state.convertsKeys, let dictionary = type as? any StringKeyedDictionary.Type { return try cast(dictionary.init(rawKeysFrom: self)) }
            // The runtime type: `decode(Employee.self as Person.Type, …)` gives an Employee.
            return try type.init(from: self)
        }
    }

    private func decodeURL() throws -> URL {
        let text = try decode(String.self)
        guard let url = URL(string: text) else { throw state.invalidValue(at: index, "invalid URL \(JSON.serializedString(escaping: text))") }
        return url
    }

    /// A `Decimal` from the number's own digits, never through `Double`.
    private func decodeDecimal() throws -> Decimal {
        switch state.entry(index).kind {
        case .int64, .uint64, .double, .decimal:
            guard let decimal = Decimal(string: state.numberText(at: index), locale: Locale(identifier: "en_US_POSIX")) else {
                throw state.invalidValue(at: index, "number \(state.numberText(at: index)) does not fit in Decimal")
            }
            return decimal
        default:
            throw state.mismatch(Decimal.self, at: index, expected: "Decimal")
        }
    }

    private func decodeDate() throws -> Date {
        switch state.options.dateDecodingStrategy {
        case .deferredToDate:
            return try Date(from: self)
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decode(Double.self))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try decode(Double.self) / 1000)
        case .iso8601:
            let text = try decode(String.self)
            guard let date = ISO8601.date(from: text) else {
                throw state.invalidValue(at: index, "expected an ISO 8601 date, found \(state.describe(index))")
            }
            return date
        case .formatted(let formatter):
            let text = try decode(String.self)
            guard let date = formatter.date(from: text) else {
                throw state.invalidValue(at: index, "the date \(JSON.serializedString(escaping: text)) does not match the formatter's format")
            }
            return date
        case .custom(let read):
            return try read(self)
        }
    }

    private func decodeData() throws -> Data {
        switch state.options.dataDecodingStrategy {
        case .deferredToData:
            return try Data(from: self)
        case .base64:
            let text = try decode(String.self)
            guard let data = Data(base64Encoded: text) else {
                throw state.invalidValue(at: index, "expected Base64, found \(state.describe(index))")
            }
            return data
        case .custom(let read):
            return try read(self)
        }
    }
}
