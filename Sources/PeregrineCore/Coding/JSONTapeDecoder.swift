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
/// The reference is borrowed (``BorrowedReference``): the standard
/// library's box copies the container on every call, and a counted
/// reference would cost a retain and a release each time. The opener keeps
/// the storage alive for as long as the container's box lives.
struct JSONKeyedContainer<Key: CodingKey>: TapeKeyedDecoding, JSONKeyedOpening {
    typealias ValueDecoder = JSONTapeDecoder
    let storage: BorrowedReference<JSONKeyedContainerStorage>

    init(storage: JSONKeyedContainerStorage) { self.storage = BorrowedReference(storage) }

    @inline(__always) var state: JSONDecodingState { storage.withObject { $0.currentState } }
    @inline(__always) var members: ObjectMembers { storage.withObject { $0.members } }

    @inline(__always)
    func withMember<MemberKey: CodingKey, Result>(for key: MemberKey, _ body: (JSONDecodingState, Int?) throws -> Result) rethrows -> Result {
        #if DEBUG
        // Unoptimised, each closure is a frame inside every nested decode's:
        // the state is read (and counted) instead, so deep models fit the stack as in release.
        try storage.withObject { storage in
            let state = storage.currentState
            return try body(state, storage.valueIndex(of: key, keyedBy: Key.self, in: state))
        }
        #else
        // The state borrowed, not counted: a lookup per member.
        try storage.withObject { storage in
            try storage.withState { state in try body(state, storage.valueIndex(of: key, keyedBy: Key.self, in: state)) }
        }
        #endif
    }
}

/// The unkeyed container of a JSON array (``TapeUnkeyedDecoding``).
struct JSONUnkeyedContainer: TapeUnkeyedDecoding {
    typealias ValueDecoder = JSONTapeDecoder
    let state: JSONDecodingState
    var cursor: TapeCursor
}
