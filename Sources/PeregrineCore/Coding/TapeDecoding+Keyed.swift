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
    /// Runs `body` with the source and the tape index of the member named
    /// `key` (its `stringValue`, as the model names it; `nil` when
    /// missing). The container's own method, which reads its members in
    /// place (through ``members`` it would copy them on every lookup) and
    /// lends `body` the source without counting a reference to it.
    func withMember<MemberKey: CodingKey, Result>(for key: MemberKey, _ body: (ValueDecoder.Source, Int?) throws -> Result) rethrows -> Result
}

extension TapeKeyedDecoding {
    @inline(__always) var codingPath: [any CodingKey] { state.codingPath(to: state.object(of: members)) }

    @inline(__always) var allKeys: [Key] { state.memberNames(in: members).compactMap { Key(stringValue: $0) } }

    /// The tape index of the member named `key`.
    @inline(__always)
    private func member(for key: some CodingKey) -> Int? { withMember(for: key) { $1 } }

    /// Runs `body` with the source and the tape index of the member named
    /// `key`, which must be there. Scalars are read from these directly: a
    /// decoder of the member (``withChild(for:_:)``) would count a
    /// reference to the source around the read.
    @inline(__always)
    private func withValue<Result>(for key: some CodingKey, _ body: (ValueDecoder.Source, Int) throws -> Result) throws -> Result {
        try withMember(for: key) { state, member in
            guard let member else { throw state.keyNotFound(key, in: state.object(of: members)) }
            return try body(state, member)
        }
    }

    /// ``withValue(for:_:)`` for a member that may be missing or `null` (then `nil`).
    @inline(__always)
    private func withPresentValue<Result>(for key: Key, _ body: (ValueDecoder.Source, Int) throws -> Result) throws -> Result? {
        try withMember(for: key) { state, member in
            guard let member, !ValueDecoder(state: state, index: member).decodeNil() else { return nil }
            return try body(state, member)
        }
    }

    /// Runs `body` with the decoder of the member named `key`, which must be
    /// there. (Not through ``withValue(for:_:)``: in debug builds each
    /// closure is a stack frame, and a chain of nested models deep enough to
    /// reach the stack check would stop sooner.)
    @inline(__always)
    private func withChild<Result>(for key: some CodingKey, _ body: (ValueDecoder) throws -> Result) throws -> Result {
        try withMember(for: key) { state, member in
            guard let member else { throw state.keyNotFound(key, in: state.object(of: members)) }
            return try body(ValueDecoder(state: state, index: member))
        }
    }

    /// Runs `body` with the decoder of the member named `key`, unless it is
    /// missing or `null` (then `nil`).
    @inline(__always)
    private func withPresentChild<Result>(for key: Key, _ body: (ValueDecoder) throws -> Result) throws -> Result? {
        try withMember(for: key) { state, member in
            guard let member else { return nil }
            let child = ValueDecoder(state: state, index: member)
            return child.decodeNil() ? nil : try body(child)
        }
    }

    @inline(__always) func contains(_ key: Key) -> Bool { member(for: key) != nil }

    @inline(__always) func decodeNil(forKey key: Key) throws -> Bool { try withChild(for: key) { $0.decodeNil() } }

    @inline(__always) func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try withValue(for: key) { try $0.decodeBool(at: $1) } }
    @inline(__always) func decode(_ type: String.Type, forKey key: Key) throws -> String { try withValue(for: key) { try $0.decodeString(at: $1) } }
    @inline(__always) func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try withValue(for: key) { try $0.decodeDouble(at: $1) } }
    @inline(__always) func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try withValue(for: key) { try $0.decodeFloat(at: $1) } }
    @inline(__always) func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try withValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try withValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try withValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try withValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try withValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try withValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try withValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try withValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try withValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try withValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try withValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try withValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try withChild(for: key) { try $0.decode(type) } }

    // One lookup each (the standard library's defaults look the key up three times).
    @inline(__always) func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try withPresentValue(for: key) { try $0.decodeBool(at: $1) } }
    @inline(__always) func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try withPresentValue(for: key) { try $0.decodeString(at: $1) } }
    @inline(__always) func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try withPresentValue(for: key) { try $0.decodeDouble(at: $1) } }
    @inline(__always) func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try withPresentValue(for: key) { try $0.decodeFloat(at: $1) } }
    @inline(__always) func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try withPresentValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try withPresentValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try withPresentValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try withPresentValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try withPresentValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try withPresentValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try withPresentValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try withPresentValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try withPresentValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try withPresentValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try withPresentValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try withPresentValue(for: key) { try $0.decodeInteger(type, at: $1) } }
    @inline(__always) func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try withPresentChild(for: key) { try $0.decode(type) } }

    @inline(__always)
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try withChild(for: key) { try $0.container(keyedBy: type) }
    }

    @inline(__always)
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try withChild(for: key) { try $0.unkeyedContainer() }
    }

    @inline(__always) func superDecoder() throws -> any Decoder { superDecoder(for: AnyCodingKey(stringValue: "super")) }

    @inline(__always) func superDecoder(forKey key: Key) throws -> any Decoder { superDecoder(for: key) }

    /// The decoder of the member named `key`; for a missing one, a decoder
    /// of `null` at the key's path (as Foundation's), so that a superclass
    /// whose properties are all optional decodes without its key.
    @inline(__always)
    private func superDecoder(for key: some CodingKey) -> any Decoder {
        guard let member = member(for: key) else {
            return NullDecoder(codingPath: codingPath + [key], userInfo: state.userInfo)
        }
        return ValueDecoder(state: state, index: member)
    }
}
