import Foundation

/// What `superDecoder(forKey:)` gives for a missing key in every decoder
/// (JSON, binary, values), as Foundation's coders do: a decoder of `null`
/// at the key's path. A superclass that reads `nil` decodes; one that opens
/// a container gets `valueNotFound` naming the path.
///
/// ```swift
/// let base = try container.superDecoder(forKey: .base)   // "base" missing
/// try base.singleValueContainer().decodeNil()           // true
/// ```
struct NullDecoder: Decoder, ScalarDecoding {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw missing([String: Any].self, expected: "an object")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw missing([Any].self, expected: "an array") }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { true }

    func decode(_ type: Bool.Type) throws -> Bool { throw missing(type, expected: "Bool") }
    func decode(_ type: String.Type) throws -> String { throw missing(type, expected: "String") }
    func decode(_ type: Double.Type) throws -> Double { throw missing(type, expected: "Double") }
    func decode(_ type: Float.Type) throws -> Float { throw missing(type, expected: "Float") }
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T { throw missing(type, expected: "\(type)") }

    /// The type's own `init(from:)`: an `Optional` reads `nil` here.
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    private func missing(_ type: Any.Type, expected: String) -> DecodingError {
        let key = codingPath.last.map { "the key \(JSON.serializedString(escaping: $0.stringValue)) is missing" } ?? "missing"
        return .valueNotFound(type, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(expected), found null: \(key)"))
    }
}
