import Foundation

/// The types a JSON decode reads its own way: dates, data, URLs and
/// decimals by the decoder's strategies, arrays of numbers, strings and
/// Booleans in one loop, and `[String: T]` with its keys as written.
extension JSONTapeDecoder {
    /// A `T` here, after the strategies.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch state.role(of: type) {
        case .strategy(.date): return try cast(decodeDate())
        case .strategy(.data): return try cast(decodeData())
        case .strategy(.url): return try cast(state.url(decode(String.self), at: index))
        case .strategy(.decimal): return try cast(state.decodeDecimal(at: index))
        case .fastArray(let kind): return try cast(decodeArray(kind))
        case .array(let array):
            // Only for an array value: the standard library's `Array.init(from:)` reports a value of another kind.
            if case .array = state.value(at: index).value { return try decodeArray(as: array) }
        case .other: break
        }
        if state.convertsKeys, let dictionary = type as? any StringKeyedDictionary.Type { return try cast(dictionary.init(rawKeysFrom: self)) }
        // The runtime type: `decode(Employee.self as Person.Type, …)` gives an Employee.
        guard state.untagged.openCases > 0 else { return try type.init(from: self) }
        return try state.decodeInCase(type, at: index) { try type.init(from: self) }
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
            return try state.iso8601Date(decode(String.self), at: index)
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
            return try state.base64Data(decode(String.self), at: index)
        case .custom(let read):
            return try read(self)
        }
    }
}
