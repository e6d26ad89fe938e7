/// The unkeyed container of an array: its elements in order.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let state: DecodingState
    /// The array's tape index.
    let index: Int
    /// The array's own path, the parent of its elements' paths.
    let node: PathNode?
    let count: Int?
    private(set) var currentIndex = 0
    /// The tape index of the next element.
    private var position: Int

    init(state: DecodingState, index: Int, node: PathNode?) {
        self.state = state
        self.index = index
        self.node = node
        count = state.entry(index).count
        position = index + 1
    }

    var codingPath: [any CodingKey] { PathNode.path(node, .none) }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    /// The decoder of the next element; `advance` moves past it.
    private func next<T>(_ type: T.Type) throws -> TapeDecoder {
        guard !isAtEnd else {
            let description = "\(jsonPath(codingPath)) \(state.position(of: index)): the array has no element \(currentIndex)"
            throw DecodingError.valueNotFound(
                type, DecodingError.Context(codingPath: codingPath + [IndexKey(intValue: currentIndex)], debugDescription: description))
        }
        return TapeDecoder(state: state, index: position, parent: node, key: .index(currentIndex))
    }

    private mutating func advance() {
        position = state.entry(position).nextSibling(after: position)
        currentIndex += 1
    }

    private mutating func decodeNext<T>(_ type: T.Type, _ read: (TapeDecoder) throws -> T) throws -> T {
        let value = try read(try next(type))
        advance()
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(Never.self).decodeNil() else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeNext(type) { try $0.decode(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeNext(type) { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try decodeNext(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try decodeNext((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try decodeNext((any Decoder).self) { $0 }
    }
}
