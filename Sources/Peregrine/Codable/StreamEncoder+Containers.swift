/// A keyed container writing members into an open object of the stream.
struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: StreamEncoder
    let frame: Int
    let node: PathNode?

    var codingPath: [any CodingKey] { PathNode.path(node, .none) }
    private var stream: EncodingStream { encoder.stream }

    private func begin(_ key: Key) throws {
        try stream.beginElement(in: frame, key: stream.state.jsonKey(key, codingPath: codingPath))
    }

    private func child(_ key: Key) -> StreamEncoder {
        StreamEncoder(stream: stream, parent: node, key: .key(key))
    }

    mutating func encodeNil(forKey key: Key) throws { try begin(key); stream.writeNull() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try begin(key); stream.write(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { try begin(key); stream.write(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try begin(key); try stream.write(value) { child(key).codingPath } }
    mutating func encode(_ value: Float, forKey key: Key) throws { try begin(key); try stream.write(value) { child(key).codingPath } }
    mutating func encode(_ value: Int, forKey key: Key) throws { try begin(key); stream.write(JSON.Number(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try begin(key); stream.write(JSON.Number(Int64(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try begin(key); stream.write(JSON.Number(Int64(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try begin(key); stream.write(JSON.Number(Int64(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try begin(key); stream.write(JSON.Number(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try begin(key); stream.write(JSON.Number(UInt64(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try begin(key); stream.write(JSON.Number(UInt64(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try begin(key); stream.write(JSON.Number(UInt64(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try begin(key); stream.write(JSON.Number(UInt64(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try begin(key); stream.write(JSON.Number(value)) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try begin(key)
        try child(key).encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        // A failed begin leaves the stream unusable; the encoder notices the
        // mismatch at the next write and falls back to the tree encoder.
        let ready = (try? begin(key)) != nil
        return KeyedEncodingContainer(
            StreamKeyedContainer<NestedKey>(encoder: child(key), frame: ready ? stream.open(object: true) : -1, node: PathNode(parent: node, key: .key(key))))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let ready = (try? begin(key)) != nil
        return StreamUnkeyedContainer(encoder: child(key), frame: ready ? stream.open(object: false) : -1, node: PathNode(parent: node, key: .key(key)))
    }

    mutating func superEncoder() -> any Encoder { UnsupportedEncoder(codingPath: codingPath, userInfo: encoder.userInfo) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { UnsupportedEncoder(codingPath: codingPath, userInfo: encoder.userInfo) }
}

/// An unkeyed container writing elements into an open array of the stream.
struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: StreamEncoder
    let frame: Int
    let node: PathNode?
    private(set) var count = 0

    init(encoder: StreamEncoder, frame: Int, node: PathNode?) {
        self.encoder = encoder
        self.frame = frame
        self.node = node
    }

    var codingPath: [any CodingKey] { PathNode.path(node, .none) }
    private var stream: EncodingStream { encoder.stream }

    private mutating func begin() throws {
        try stream.beginElement(in: frame, key: nil)
        count += 1
    }

    private func child() -> StreamEncoder { StreamEncoder(stream: stream, parent: node, key: .index(count - 1)) }

    mutating func encodeNil() throws { try begin(); stream.writeNull() }
    mutating func encode(_ value: Bool) throws { try begin(); stream.write(value) }
    mutating func encode(_ value: String) throws { try begin(); stream.write(value) }
    mutating func encode(_ value: Double) throws { try begin(); let path = child().codingPath; try stream.write(value) { path } }
    mutating func encode(_ value: Float) throws { try begin(); let path = child().codingPath; try stream.write(value) { path } }
    mutating func encode(_ value: Int) throws { try begin(); stream.write(JSON.Number(value)) }
    mutating func encode(_ value: Int8) throws { try begin(); stream.write(JSON.Number(Int64(value))) }
    mutating func encode(_ value: Int16) throws { try begin(); stream.write(JSON.Number(Int64(value))) }
    mutating func encode(_ value: Int32) throws { try begin(); stream.write(JSON.Number(Int64(value))) }
    mutating func encode(_ value: Int64) throws { try begin(); stream.write(JSON.Number(value)) }
    mutating func encode(_ value: UInt) throws { try begin(); stream.write(JSON.Number(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { try begin(); stream.write(JSON.Number(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { try begin(); stream.write(JSON.Number(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { try begin(); stream.write(JSON.Number(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { try begin(); stream.write(JSON.Number(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try begin()
        try child().encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let ready = (try? begin()) != nil
        return KeyedEncodingContainer(
            StreamKeyedContainer<NestedKey>(encoder: child(), frame: ready ? stream.open(object: true) : -1, node: PathNode(parent: node, key: .index(count - 1))))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let ready = (try? begin()) != nil
        return StreamUnkeyedContainer(encoder: child(), frame: ready ? stream.open(object: false) : -1, node: PathNode(parent: node, key: .index(count - 1)))
    }

    mutating func superEncoder() -> any Encoder { UnsupportedEncoder(codingPath: codingPath, userInfo: encoder.userInfo) }
}

/// Stands in for a super encoder, which the stream does not support: any
/// use throws ``StreamingUnsupported`` so the tree encoder takes over.
struct UnsupportedEncoder: Encoder {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(UnsupportedContainer<Key>(codingPath: codingPath))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { UnsupportedContainer<AnyCodingKey>(codingPath: codingPath) }
    func singleValueContainer() -> any SingleValueEncodingContainer { UnsupportedContainer<AnyCodingKey>(codingPath: codingPath) }
}

/// Every container of an ``UnsupportedEncoder``: each write throws.
struct UnsupportedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol, UnkeyedEncodingContainer, SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    var count: Int { 0 }

    mutating func encodeNil(forKey key: Key) throws { throw StreamingUnsupported() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw StreamingUnsupported() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(UnsupportedContainer<NestedKey>(codingPath: codingPath))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { UnsupportedEncoder(codingPath: codingPath, userInfo: [:]) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { UnsupportedEncoder(codingPath: codingPath, userInfo: [:]) }

    mutating func encodeNil() throws { throw StreamingUnsupported() }
    mutating func encode<T: Encodable>(_ value: T) throws { throw StreamingUnsupported() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(UnsupportedContainer<NestedKey>(codingPath: codingPath))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
}
