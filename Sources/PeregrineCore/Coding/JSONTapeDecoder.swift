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

    /// Decodes the value here as a whole decode (``DirectEntryDecoding/decodeRoot(_:)``),
    /// keyed containers reused from object to object until it returns
    /// (``JSONDecodingState/reusingContainers(_:)``).
    func decodeTopLevel<T: Decodable>(_ type: T.Type) throws -> T {
        try state.reusingContainers { try decodeRoot(type) }
    }
}

/// The keyed container of a JSON object (``TapeKeyedDecoding``).
/// It holds one reference, to its storage, which its opener points at
/// another object when it reuses the container (``JSONKeyedContainerOpener``).
struct JSONKeyedContainer<Key: CodingKey>: TapeKeyedDecoding, JSONKeyedOpening {
    typealias ValueDecoder = JSONTapeDecoder
    let storage: JSONKeyedContainerStorage

    init(storage: JSONKeyedContainerStorage) { self.storage = storage }

    @inline(__always) var state: JSONDecodingState { storage.state }
    @inline(__always) var members: ObjectMembers { storage.members }

    @inline(__always)
    func member(named name: String) -> Int? { storage.members.valueIndex(named: name, in: storage.state) }
}

/// The unkeyed container of a JSON array (``TapeUnkeyedDecoding``).
struct JSONUnkeyedContainer: TapeUnkeyedDecoding {
    typealias ValueDecoder = JSONTapeDecoder
    let state: JSONDecodingState
    var cursor: TapeCursor
}
