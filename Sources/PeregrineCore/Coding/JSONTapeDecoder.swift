/// The decoder of a value of a JSON document's tape (``TapeDecoding``);
/// its `decode(_:)` applies the decoder's strategies.
struct JSONTapeDecoder: TapeDecoding {
    let state: JSONDecodingState
    let index: Int

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let members = try objectMembers()
        return state.keyedContainerOpener(for: type).open(state: state, members: members)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        JSONUnkeyedContainer(state: state, cursor: try elementCursor())
    }
}

/// The keyed container of a JSON object (``TapeKeyedDecoding``).
struct JSONKeyedContainer<Key: CodingKey>: TapeKeyedDecoding, JSONKeyedOpening {
    typealias ValueDecoder = JSONTapeDecoder
    let state: JSONDecodingState
    let members: ObjectMembers

    @inline(__always)
    func member(named name: String) -> Int? { members.valueIndex(named: name, in: state) }
}

/// The unkeyed container of a JSON array (``TapeUnkeyedDecoding``).
struct JSONUnkeyedContainer: TapeUnkeyedDecoding {
    typealias ValueDecoder = JSONTapeDecoder
    let state: JSONDecodingState
    var cursor: TapeCursor
}
