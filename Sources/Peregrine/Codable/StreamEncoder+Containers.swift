extension StreamEncoder {
    /// Writes an array of numbers, strings or Booleans in one loop, skipping
    /// the per-element trip through an unkeyed container.
    func encodeArray<T>(_ kind: FastArray, _ value: T) throws {
        let frame = stream.open(object: false)
        func write<Element>(_ elements: [Element]?, _ write: (Element) throws -> Void) throws {
            for element in elements ?? [] {
                try stream.beginElement(in: frame)
                try write(element)
            }
        }
        switch kind {
        case .double: try write(value as? [Double]) { try stream.write($0) }
        case .float: try write(value as? [Float]) { try stream.write($0) }
        case .int: try write(value as? [Int]) { stream.write(JSON.Number($0)) }
        case .int64: try write(value as? [Int64]) { stream.write(JSON.Number($0)) }
        case .string: try write(value as? [String]) { stream.write($0) }
        case .bool: try write(value as? [Bool]) { stream.write($0) }
        case .doubleArray: try write(value as? [[Double]]) { try StreamEncoder(stream: stream).encodeValue($0) }
        }
    }
}

/// A keyed container writing members into an open object of the stream.
struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let stream: EncodingStream
    let frame: Int

    var codingPath: [any CodingKey] { stream.codingPath(ofFrame: frame) }

    private func begin(_ key: Key) throws {
        try stream.beginElement(in: frame, name: stream.state.jsonKey(key, codingPath: codingPath))
    }

    /// Begins a member whose encoding may read its coding path.
    private func beginTracked(_ key: Key) throws {
        try begin(key)
        stream.setCurrentKey(key)
    }

    /// The encoder of the member `begin` has just started.
    private var child: StreamEncoder { StreamEncoder(stream: stream) }

    mutating func encodeNil(forKey key: Key) throws { try begin(key); stream.writeNull() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try begin(key); stream.write(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { try begin(key); stream.write(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try beginTracked(key); try stream.write(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try beginTracked(key); try stream.write(value) }
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
        try beginTracked(key)
        try child.encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        // A failed begin leaves the stream unusable; the encoder notices the
        // mismatch at the next write and falls back to the tree encoder.
        let ready = (try? beginTracked(key)) != nil
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(stream: stream, frame: ready ? stream.open(object: true) : -1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let ready = (try? beginTracked(key)) != nil
        return StreamUnkeyedContainer(stream: stream, frame: ready ? stream.open(object: false) : -1)
    }

    mutating func superEncoder() -> any Encoder { UnsupportedEncoder(codingPath: codingPath, userInfo: stream.state.userInfo) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { UnsupportedEncoder(codingPath: codingPath, userInfo: stream.state.userInfo) }
}

/// An unkeyed container writing elements into an open array of the stream;
/// three words, so it stays inline in its existential.
struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
    let stream: EncodingStream
    let frame: Int
    private(set) var count = 0

    init(stream: EncodingStream, frame: Int) {
        self.stream = stream
        self.frame = frame
    }

    var codingPath: [any CodingKey] { stream.codingPath(ofFrame: frame) }

    private mutating func begin() throws {
        try stream.beginElement(in: frame)
        count += 1
    }

    mutating func encodeNil() throws { try begin(); stream.writeNull() }
    mutating func encode(_ value: Bool) throws { try begin(); stream.write(value) }
    mutating func encode(_ value: String) throws { try begin(); stream.write(value) }
    mutating func encode(_ value: Double) throws { try begin(); try stream.write(value) }
    mutating func encode(_ value: Float) throws { try begin(); try stream.write(value) }
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
        try StreamEncoder(stream: stream).encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let ready = (try? begin()) != nil
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(stream: stream, frame: ready ? stream.open(object: true) : -1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let ready = (try? begin()) != nil
        return StreamUnkeyedContainer(stream: stream, frame: ready ? stream.open(object: false) : -1)
    }

    mutating func superEncoder() -> any Encoder { UnsupportedEncoder(codingPath: codingPath, userInfo: stream.state.userInfo) }
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
