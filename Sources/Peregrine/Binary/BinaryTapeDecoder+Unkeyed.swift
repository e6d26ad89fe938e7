/// The unkeyed container of an array, a set or a dictionary (whose keys and
/// values alternate, as `Dictionary`'s `Codable` form has them).
///
/// Tape indexes fit in 32 bits (files are under 4 GiB and every value takes
/// at least one byte), so the container packs into three words and stays
/// inline in its `any UnkeyedDecodingContainer`, with no allocation.
struct BinaryUnkeyedDecoder: UnkeyedDecodingContainer {
    let state: BinaryDecodingState
    /// The container's tape index.
    private let array: UInt32
    /// The number of elements decoded so far.
    private var read: UInt32 = 0
    /// The tape index of the next element.
    private var position: UInt32
    /// The tape index just past the container's last descendant.
    private let end: UInt32

    init(state: BinaryDecodingState, array: Int) {
        self.state = state
        self.array = UInt32(truncatingIfNeeded: array)
        position = UInt32(truncatingIfNeeded: array + 1)
        end = state.tape[array].end
    }

    var codingPath: [any CodingKey] { state.codingPath(to: Int(array)) }
    var count: Int? { state.tape[Int(array)].count }
    var currentIndex: Int { Int(read) }
    var isAtEnd: Bool { position >= end }

    /// The decoder of the next element; `advance` moves past it.
    private func next() throws -> BinaryTapeDecoder {
        guard !isAtEnd else {
            throw state.decodingError(.valueNotFound, at: Int(array), "the container has no element \(read)")
        }
        return BinaryTapeDecoder(state: state, index: Int(position))
    }

    private mutating func advance() {
        position = state.tape[Int(position)].end
        read += 1
    }

    private mutating func decodeNext<T>(_ decode: (BinaryTapeDecoder) throws -> T) throws -> T {
        let value = try decode(try next())
        advance()
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard try next().decodeNil() else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeNext { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try decodeNext { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeNext { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeNext { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeNext { try $0.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeNext { try $0.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeNext { try $0.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeNext { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeNext { try $0.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeNext { try $0.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeNext { try $0.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeNext { try $0.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeNext { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeNext { try $0.decode(type) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try decodeNext { try $0.decode(type) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeNext { try $0.decode(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeNext { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try decodeNext { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try decodeNext { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try decodeNext { $0 }
    }
}
