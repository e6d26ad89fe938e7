/// A keyed container writing the members of an open object or record.
struct BinaryKeyedEncoder<Key: CodingKey>: KeyedScalarEncoding {
    let state: BinaryEncodingState
    /// The frame's id (0 when the container could not open) and its place in the stack.
    private let frame: Int
    private let position: Int

    init(state: BinaryEncodingState, frame: (id: Int, position: Int)?) {
        self.state = state
        self.frame = frame?.id ?? 0
        position = frame?.position ?? .max
    }

    var codingPath: [any CodingKey] { state.codingPath(depth: min(position, state.frames.count)) }

    @inline(__always)
    private func begin(_ key: some CodingKey) throws(Binary.EncodingError) {
        try state.begin(frame, at: position, key: BinaryMemberNameCache.identity(of: key)) { key.stringValue }
    }

    mutating func encodeNil(forKey key: Key) throws {
        try begin(key)
        state.writer.tag(.null)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try begin(key)
        state.writer.tag(value ? .true : .false)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try begin(key)
        state.writer.tag(.string)
        state.writer.string(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try begin(key)
        state.writer.tag(.double)
        state.writer.double(value)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws { try encode(Double(value), forKey: key) }

    mutating func encodeInteger(_ value: Int64, forKey key: Key) throws {
        try begin(key)
        state.writer.tag(.int)
        state.writer.zigzag(value)
    }

    mutating func encodeInteger(_ value: UInt64, forKey key: Key) throws {
        try begin(key)
        state.writer.unsigned(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try begin(key)
        try BinaryValueEncoder(state: state).encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        // A member that cannot begin leaves the container unopened; its first write throws.
        let opened = (try? begin(key)) != nil ? state.open(.object) : nil
        return KeyedEncodingContainer(BinaryKeyedEncoder<NestedKey>(state: state, frame: opened))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let opened = (try? begin(key)) != nil ? state.open(.array) : nil
        return BinaryUnkeyedEncoder(state: state, frame: opened)
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: AnyCodingKey(stringValue: "super")) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    /// The encoder of a member begun now: what it writes must come before
    /// this container writes again.
    private func superEncoder(named key: some CodingKey) -> any Encoder {
        guard (try? begin(key)) != nil else { return BinaryValueEncoder(unusable: state) }
        return BinaryValueEncoder(state: state)
    }
}

/// An unkeyed container writing the elements of an open array, set or
/// dictionary (keys and values alternate); three words, so it stays inline
/// in its existential.
struct BinaryUnkeyedEncoder: UnkeyedEncodingContainer, ScalarEncoding {
    let state: BinaryEncodingState
    private let frame: Int
    private let position: Int

    init(state: BinaryEncodingState, frame: (id: Int, position: Int)?) {
        self.state = state
        self.frame = frame?.id ?? 0
        position = frame?.position ?? .max
    }

    var codingPath: [any CodingKey] { state.codingPath(depth: min(position, state.frames.count)) }

    var count: Int {
        guard state.frames.isOpen(frame, at: position) else { return 0 }
        return state.frames[position].count  // position < count: open, checked above
    }

    @inline(__always)
    private func begin() throws(Binary.EncodingError) { try state.begin(frame, at: position) }

    mutating func encodeNil() throws {
        try begin()
        state.writer.tag(.null)
    }

    mutating func encode(_ value: Bool) throws {
        try begin()
        state.writer.tag(value ? .true : .false)
    }

    mutating func encode(_ value: String) throws {
        try begin()
        state.writer.tag(.string)
        state.writer.string(value)
    }

    mutating func encode(_ value: Double) throws {
        try begin()
        state.writer.tag(.double)
        state.writer.double(value)
    }

    mutating func encode(_ value: Float) throws { try encode(Double(value)) }

    mutating func encodeInteger(_ value: Int64) throws {
        try begin()
        state.writer.tag(.int)
        state.writer.zigzag(value)
    }

    mutating func encodeInteger(_ value: UInt64) throws {
        try begin()
        state.writer.unsigned(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try begin()
        try BinaryValueEncoder(state: state).encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let opened = (try? begin()) != nil ? state.open(.object) : nil
        return KeyedEncodingContainer(BinaryKeyedEncoder<NestedKey>(state: state, frame: opened))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let opened = (try? begin()) != nil ? state.open(.array) : nil
        return BinaryUnkeyedEncoder(state: state, frame: opened)
    }

    mutating func superEncoder() -> any Encoder {
        guard (try? begin()) != nil else { return BinaryValueEncoder(unusable: state) }
        return BinaryValueEncoder(state: state)
    }
}
