import Foundation

/// An encoder for one value position that applies `JSON.Encoder`'s
/// strategies to the types whose JSON form they choose: `Date`, `Data`,
/// `URL` and `Decimal`. Shared by the stream and the tree encoder.
protocol StrategyEncoder: Encoder, SingleValueEncodingContainer {
    var encodingState: EncodingState { get }
    /// Writes a number given as exact decimal text.
    func encodeExactNumber(_ text: String) throws
    /// Writes a ``JSON`` value as it stands.
    func encodeJSON(_ value: JSON) throws
}

extension StrategyEncoder {
    /// Encodes `value` if it is one of those types; `false` for any other.
    func encodeSpecial<T: Encodable>(_ value: T) throws -> Bool {
        switch StrategyType(T.self) {
        case .date?:
            guard let date = value as? Date else { return false }
            try encodeDate(date)
        case .data?:
            guard let data = value as? Data else { return false }
            try encodeData(data)
        case .url?:
            guard let url = value as? URL else { return false }
            var container = self  // the protocol's encode is mutating; the encoders are references underneath
            try container.encode(url.absoluteString)
        case .decimal?:
            guard let decimal = value as? Decimal else { return false }
            guard decimal.isFinite else {
                throw EncodingError.invalidValue(decimal, EncodingError.Context(codingPath: codingPath, debugDescription: "\(decimal) is not a JSON number"))
            }
            try encodeExactNumber(decimal.description)
        case nil:
            guard encodingState.convertsKeys, let dictionary = value as? any StringKeyedEncodable else { return false }
            try dictionary.encodeWithRawKeys(to: self)
        }
        return true
    }

    private func encodeDate(_ date: Date) throws {
        var container = self
        switch encodingState.settings.dateEncodingStrategy {
        case .deferredToDate: try date.encode(to: self)
        case .secondsSince1970: try container.encode(date.timeIntervalSince1970)
        case .millisecondsSince1970: try container.encode(date.timeIntervalSince1970 * 1000)
        case .iso8601: try container.encode(ISO8601.string(from: date))
        case .formatted(let formatter): try container.encode(formatter.string(from: date))
        case .custom(let write): try write(date, self)
        }
    }

    private func encodeData(_ data: Data) throws {
        var container = self
        switch encodingState.settings.dataEncodingStrategy {
        case .deferredToData: try data.encode(to: self)
        case .base64: try container.encode(data.base64EncodedString())
        case .custom(let write): try write(data, self)
        }
    }
}
