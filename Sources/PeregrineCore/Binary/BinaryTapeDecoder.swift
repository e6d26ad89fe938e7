/// The decoder of a value of a binary file's tape (``TapeDecoding``); its
/// `decode(_:)` reads shared values, native tags, records and sets.
struct BinaryTapeDecoder: TapeDecoding {
    let state: BinaryDecodingState
    let index: Int

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(BinaryKeyedContainer<Key>(state: state, members: try objectMembers()))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        BinaryUnkeyedContainer(state: state, cursor: try elementCursor())
    }
}

/// The keyed container of a binary object or record (``TapeKeyedDecoding``):
/// its members are its tape index.
struct BinaryKeyedContainer<Key: CodingKey>: TapeKeyedDecoding {
    typealias ValueDecoder = BinaryTapeDecoder
    let state: BinaryDecodingState
    let members: Int

    @inline(__always)
    func withMember<MemberKey: CodingKey, Result>(for key: MemberKey, _ body: (BinaryDecodingState, Int?) throws -> Result) rethrows -> Result {
        try body(state, state.member(named: key.stringValue, in: members))
    }
}

/// The unkeyed container of a binary array, set or dictionary (``TapeUnkeyedDecoding``).
struct BinaryUnkeyedContainer: TapeUnkeyedDecoding {
    typealias ValueDecoder = BinaryTapeDecoder
    let state: BinaryDecodingState
    var cursor: TapeCursor
}
