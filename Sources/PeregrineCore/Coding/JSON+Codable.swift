import Foundation

/// `JSON` inside models: a payload the model keeps as it is.
///
/// ```swift
/// struct Event: Codable { var id: Int; var payload: JSON }
/// let event = try JSON.Decoder().decode(Event.self, from: bytes)
/// ```
///
/// Through ``JSON/Decoder`` the subtree is copied straight from the tape,
/// with its member order. Through any other decoder (Foundation's, the
/// binary one) the value is read through the `Decoder` protocol: numbers as
/// the first of `Int64`, `UInt64`, `Double` that holds them, objects as
/// `[String: JSON]`, so that no key strategy renames a payload's members,
/// with their members sorted, since a dictionary has no order.
extension JSON: Codable {
    /// Reads the value at `decoder`.
    ///
    /// ```swift
    /// let payload = try JSONDecoder().decode(JSON.self, from: data)
    /// ```
    public init(from decoder: any Swift.Decoder) throws {
        if let tape = decoder as? JSONTapeDecoder {
            guard let value = tape.state.document.value(at: tape.index) else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath,
                    debugDescription: "the value nests deeper than \(JSON.maxValueDepth) levels, the most an owned JSON value holds"))
            }
            self = value
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int64.self) {
            self = .number(JSON.Number(integer))
        } else if let integer = try? container.decode(UInt64.self) {
            self = .number(JSON.Number(integer))
        } else if let double = try? container.decode(Double.self) {
            self = .number(JSON.Number(double))
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let elements = try? container.decode([JSON].self) {
            self = .array(elements)
        } else {
            let members = try container.decode([String: JSON].self)
            self = .object(JSON.Object(members.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }))
        }
    }

    /// Writes the value to `encoder`: through ``JSON/Encoder`` as it stands,
    /// members in their order; through other encoders objects as
    /// `[String: JSON]`, so that no key strategy renames a payload's members.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(["a": [1, 2]] as JSON)
    /// ```
    ///
    /// - Throws: `EncodingError.invalidValue` for exact number text that no
    ///   `Decimal` holds (`1e400`, kept by lossless parsing).
    public func encode(to encoder: any Swift.Encoder) throws {
        if let encoder = encoder as? any StrategyEncoder {
            try encoder.encodeJSON(self)
            return
        }
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .string(let string): try container.encode(string)
        case .array(let elements): try container.encode(elements)
        case .object(let object): try container.encode(Dictionary(object.lazy.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 }))
        case .number(let number):
            switch number.storage {
            case .int64(let integer): try container.encode(integer)
            case .uint64(let integer): try container.encode(integer)
            case .double(let double): try container.encode(double)
            case .decimal(let text):
                guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), decimal.isFinite else {
                    throw EncodingError.invalidValue(
                        self, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "the number \(text) does not fit in Decimal"))
                }
                try container.encode(decimal)
            }
        }
    }
}
