/// The unkeyed container of an array (or a binary set, or a binary
/// dictionary, whose keys and values alternate as `Dictionary`'s `Codable`
/// form has them): its elements in order.
///
/// Tape indexes fit in 32 bits (inputs are under 4 GiB and every entry
/// takes at least one byte), so the container packs into three words and
/// stays inline in its `any UnkeyedDecodingContainer`, with no allocation.
///
/// Each source has its concrete container (see ``TapeDecoding``); the
/// methods here are inlined into its witnesses, with the source known.
protocol TapeUnkeyedDecoding: UnkeyedDecodingContainer {
    associatedtype ValueDecoder: TapeDecoding
    var state: ValueDecoder.Source { get }
    var cursor: TapeCursor { get set }
}

/// Where an unkeyed container is in its array.
struct TapeCursor {
    /// The array's tape index.
    let array: UInt32
    /// The number of elements decoded so far.
    var read: UInt32 = 0
    /// The tape index of the next element.
    var position: UInt32
    /// The tape index just past the array's last descendant.
    let end: UInt32

    init(array: Int, end: Int) {
        self.array = UInt32(truncatingIfNeeded: array)
        position = UInt32(truncatingIfNeeded: array + 1)
        self.end = UInt32(truncatingIfNeeded: end)
    }
}

extension TapeUnkeyedDecoding {
    @inline(__always) var codingPath: [any CodingKey] { state.codingPath(to: Int(cursor.array)) }
    @inline(__always) var count: Int? { state.count(of: Int(cursor.array)) }
    @inline(__always) var currentIndex: Int { Int(cursor.read) }
    @inline(__always) var isAtEnd: Bool { cursor.position >= cursor.end }

    /// The decoder of the next element; `advance` moves past it.
    @inline(__always)
    private func next<T>(_ type: T.Type) throws -> ValueDecoder {
        guard !isAtEnd else { throw state.elementNotFound(type, in: Int(cursor.array), position: Int(cursor.read)) }
        return ValueDecoder(state: state, index: Int(cursor.position))
    }

    @inline(__always)
    private mutating func advance() {
        cursor.position = UInt32(truncatingIfNeeded: state.next(after: Int(cursor.position)))
        cursor.read += 1
    }

    @inline(__always)
    private mutating func decodeNext<T>(_ type: T.Type, _ decode: (ValueDecoder) throws -> T) throws -> T {
        let value = try decode(try next(type))
        advance()
        return value
    }

    @inline(__always)
    mutating func decodeNil() throws -> Bool {
        guard try next(Never.self).decodeNil() else { return false }
        advance()
        return true
    }

    @inline(__always) mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeNext(type) { try $0.decode(type) } }
    @inline(__always) mutating func decode(_ type: String.Type) throws -> String { try decodeNext(type) { try $0.decode(type) } }
    @inline(__always) mutating func decode(_ type: Double.Type) throws -> Double { try decodeNext(type) { try $0.decode(type) } }
    @inline(__always) mutating func decode(_ type: Float.Type) throws -> Float { try decodeNext(type) { try $0.decode(type) } }
    @inline(__always) mutating func decode(_ type: Int.Type) throws -> Int { try decodeNext(type) { try $0.decode(type) } }
    @inline(__always) mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeNext(type) { try $0.decode(type) } }
    @inline(__always) mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeNext(type) { try $0.decode(type) } }
    @inline(__always) mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeNext(type) { try $0.decode(type) } }
    @inline(__always) mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeNext(type) { try $0.decode(type) } }
    @inline(__always) mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeNext(type) { try $0.decode(type) } }
    @inline(__always) mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeNext(type) { try $0.decode(type) } }
    @inline(__always) mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeNext(type) { try $0.decode(type) } }
    @inline(__always) mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeNext(type) { try $0.decode(type) } }
    @inline(__always) mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeNext(type) { try $0.decode(type) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) mutating func decode(_ type: Int128.Type) throws -> Int128 { try decodeNext(type) { try $0.decode(type) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeNext(type) { try $0.decode(type) } }
    @inline(__always) mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeNext(type) { try $0.decode(type) } }

    @inline(__always)
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try decodeNext(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
    }

    @inline(__always)
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try decodeNext((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
    }

    @inline(__always)
    mutating func superDecoder() throws -> any Decoder {
        try decodeNext((any Decoder).self) { $0 }
    }
}
