/// The keyed container of an object (or a binary record): its members,
/// found by name as the source finds them (JSON: by the key strategy and
/// the duplicate-key policy; binary: from where the last lookup stopped).
///
/// Each source has its concrete container (see ``TapeDecoding``). The
/// methods here are `@inline(__always)`: a container is still generic over
/// its key, and Swift does not specialise a default implementation for a
/// type that is still generic, so each concrete container's witnesses
/// inline them with the source known instead.
protocol TapeKeyedDecoding: KeyedDecodingContainerProtocol {
    associatedtype ValueDecoder: TapeDecoding
    var state: ValueDecoder.Source { get }
    var members: ValueDecoder.Source.Members { get }
    /// The tape index of the member named `name` (as the model names it).
    /// The container's own method, which reads its members in place: through
    /// ``members`` it would copy them on every lookup.
    func member(named name: String) -> Int?
}

extension TapeKeyedDecoding {
    @inline(__always) var codingPath: [any CodingKey] { state.codingPath(to: state.object(of: members)) }

    @inline(__always) var allKeys: [Key] { state.memberNames(in: members).compactMap { Key(stringValue: $0) } }

    @inline(__always)
    private func child(for key: some CodingKey) throws -> ValueDecoder {
        guard let member = member(named: key.stringValue) else {
            throw state.keyNotFound(key, in: state.object(of: members))
        }
        return ValueDecoder(state: state, index: member)
    }

    /// The decoder of the member named `key`, unless it is missing or `null`.
    @inline(__always)
    private func presentChild(for key: Key) -> ValueDecoder? {
        guard let member = member(named: key.stringValue) else { return nil }
        let child = ValueDecoder(state: state, index: member)
        return child.decodeNil() ? nil : child
    }

    @inline(__always) func contains(_ key: Key) -> Bool { member(named: key.stringValue) != nil }

    @inline(__always) func decodeNil(forKey key: Key) throws -> Bool { try child(for: key).decodeNil() }

    @inline(__always) func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(for: key).decode(type) }
    @inline(__always) func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(for: key).decode(type) }
    @inline(__always) func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(for: key).decode(type) }
    @inline(__always) func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(for: key).decode(type) }
    @inline(__always) func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(for: key).decode(type) }
    @inline(__always) func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(for: key).decode(type) }
    @inline(__always) func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(for: key).decode(type) }
    @inline(__always) func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(for: key).decode(type) }
    @inline(__always) func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(for: key).decode(type) }
    @inline(__always) func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(for: key).decode(type) }
    @inline(__always) func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(for: key).decode(type) }
    @inline(__always) func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(for: key).decode(type) }
    @inline(__always) func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(for: key).decode(type) }
    @inline(__always) func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(for: key).decode(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try child(for: key).decode(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try child(for: key).decode(type) }
    @inline(__always) func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(for: key).decode(type) }

    // One lookup each (the standard library's defaults look the key up three times).
    @inline(__always) func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try presentChild(for: key)?.decode(type) }
    @inline(__always) func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try presentChild(for: key)?.decode(type) }
    @inline(__always) func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try presentChild(for: key)?.decode(type) }
    @inline(__always) func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try presentChild(for: key)?.decode(type) }
    @inline(__always) func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try presentChild(for: key)?.decode(type) }
    @inline(__always) func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try presentChild(for: key)?.decode(type) }
    @inline(__always) func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try presentChild(for: key)?.decode(type) }
    @inline(__always) func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try presentChild(for: key)?.decode(type) }
    @inline(__always) func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try presentChild(for: key)?.decode(type) }
    @inline(__always) func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try presentChild(for: key)?.decode(type) }
    @inline(__always) func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try presentChild(for: key)?.decode(type) }
    @inline(__always) func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try presentChild(for: key)?.decode(type) }
    @inline(__always) func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try presentChild(for: key)?.decode(type) }
    @inline(__always) func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try presentChild(for: key)?.decode(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try presentChild(for: key)?.decode(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try presentChild(for: key)?.decode(type) }
    @inline(__always) func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try presentChild(for: key)?.decode(type) }

    @inline(__always)
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(for: key).container(keyedBy: type)
    }

    @inline(__always)
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(for: key).unkeyedContainer()
    }

    @inline(__always) func superDecoder() throws -> any Decoder { superDecoder(for: AnyCodingKey(stringValue: "super")) }

    @inline(__always) func superDecoder(forKey key: Key) throws -> any Decoder { superDecoder(for: key) }

    /// The decoder of the member named `key`; for a missing one, a decoder
    /// of `null` at the key's path (as Foundation's), so that a superclass
    /// whose properties are all optional decodes without its key.
    @inline(__always)
    private func superDecoder(for key: some CodingKey) -> any Decoder {
        guard let member = member(named: key.stringValue) else {
            return NullDecoder(codingPath: codingPath + [key], userInfo: state.userInfo)
        }
        return ValueDecoder(state: state, index: member)
    }
}
