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
struct NullDecoder: Decoder, SingleValueDecodingContainer {
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
    func decode(_ type: Int.Type) throws -> Int { throw missing(type, expected: "Int") }
    func decode(_ type: Int8.Type) throws -> Int8 { throw missing(type, expected: "Int8") }
    func decode(_ type: Int16.Type) throws -> Int16 { throw missing(type, expected: "Int16") }
    func decode(_ type: Int32.Type) throws -> Int32 { throw missing(type, expected: "Int32") }
    func decode(_ type: Int64.Type) throws -> Int64 { throw missing(type, expected: "Int64") }
    func decode(_ type: UInt.Type) throws -> UInt { throw missing(type, expected: "UInt") }
    func decode(_ type: UInt8.Type) throws -> UInt8 { throw missing(type, expected: "UInt8") }
    func decode(_ type: UInt16.Type) throws -> UInt16 { throw missing(type, expected: "UInt16") }
    func decode(_ type: UInt32.Type) throws -> UInt32 { throw missing(type, expected: "UInt32") }
    func decode(_ type: UInt64.Type) throws -> UInt64 { throw missing(type, expected: "UInt64") }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { throw missing(type, expected: "Int128") }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { throw missing(type, expected: "UInt128") }

    /// The type's own `init(from:)`: an `Optional` reads `nil` here.
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    private func missing(_ type: Any.Type, expected: String) -> DecodingError {
        let key = codingPath.last.map { "the key \(JSON.serializedString(escaping: $0.stringValue)) is missing" } ?? "missing"
        return .valueNotFound(type, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(expected), found null: \(key)"))
    }
}
