/// The keyed container of an object (or a binary record): its members,
/// found by name as the source finds them (JSON: by the key strategy and
/// the duplicate-key policy; binary: from where the last lookup stopped).
struct TapeKeyedContainer<Source: DecodingSource, Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: Source
    let members: Source.Members

    var codingPath: [any CodingKey] { state.codingPath(to: state.object(of: members)) }

    var allKeys: [Key] { state.memberNames(in: members).compactMap { Key(stringValue: $0) } }

    @inline(__always)
    private func child(for key: some CodingKey) throws -> TapeDecoder<Source> {
        guard let member = state.member(named: key.stringValue, in: members) else {
            throw state.keyNotFound(key, in: state.object(of: members))
        }
        return TapeDecoder(state: state, index: member)
    }

    /// The decoder of the member named `key`, unless it is missing or `null`.
    @inline(__always)
    private func presentChild(for key: Key) -> TapeDecoder<Source>? {
        guard let member = state.member(named: key.stringValue, in: members) else { return nil }
        let child = TapeDecoder(state: state, index: member)
        return child.decodeNil() ? nil : child
    }

    func contains(_ key: Key) -> Bool { state.member(named: key.stringValue, in: members) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try child(for: key).decodeNil() }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(for: key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(for: key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(for: key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(for: key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(for: key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(for: key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(for: key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(for: key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(for: key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(for: key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(for: key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(for: key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(for: key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(for: key).decode(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try child(for: key).decode(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try child(for: key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(for: key).decode(type) }

    // One lookup each (the standard library's defaults look the key up three times).
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try presentChild(for: key)?.decode(type) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try presentChild(for: key)?.decode(type) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try presentChild(for: key)?.decode(type) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try presentChild(for: key)?.decode(type) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try presentChild(for: key)?.decode(type) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try presentChild(for: key)?.decode(type) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try presentChild(for: key)?.decode(type) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try presentChild(for: key)?.decode(type) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try presentChild(for: key)?.decode(type) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try presentChild(for: key)?.decode(type) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try presentChild(for: key)?.decode(type) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try presentChild(for: key)?.decode(type) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try presentChild(for: key)?.decode(type) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try presentChild(for: key)?.decode(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try presentChild(for: key)?.decode(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try presentChild(for: key)?.decode(type) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try presentChild(for: key)?.decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { superDecoder(for: AnyCodingKey(stringValue: "super")) }

    func superDecoder(forKey key: Key) throws -> any Decoder { superDecoder(for: key) }

    /// The decoder of the member named `key`; for a missing one, a decoder
    /// of `null` at the key's path (as Foundation's), so that a superclass
    /// whose properties are all optional decodes without its key.
    private func superDecoder(for key: some CodingKey) -> any Decoder {
        guard let member = state.member(named: key.stringValue, in: members) else {
            return NullDecoder(codingPath: codingPath + [key], userInfo: state.userInfo)
        }
        return TapeDecoder(state: state, index: member)
    }
}
