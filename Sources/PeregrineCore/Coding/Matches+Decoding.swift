extension [JSON] {
    /// Decodes the values (a query's matches, say) as one array.
    ///
    /// ```swift
    /// let quotes = try v.query("/results/*/quote").decode([Quote].self)
    /// ```
    public func decode<T: Decodable>(_ type: T.Type = T.self, using decoder: JSON.Decoder = JSON.Decoder()) throws -> T {
        try decoder.decode(type, from: JSON.array(self))
    }
}

extension [JSON.Document.Node] {
    /// Decodes the nodes (a query's matches, say) as one array, each straight
    /// from its document's tape: nothing is materialised, and errors give
    /// each element's path and position in its document.
    ///
    /// ```swift
    /// let quotes = try doc.root.query("/results/*/quote").decode([Quote].self)
    /// ```
    public func decode<T: Decodable>(_ type: T.Type = T.self, using decoder: JSON.Decoder = JSON.Decoder()) throws -> T {
        try T(from: NodesDecoder(nodes: self, settings: decoder.settings))
    }
}

/// A `Decoder` that presents a list of document nodes as an array.
private struct NodesDecoder: Decoder {
    let nodes: [JSON.Document.Node]
    let settings: JSON.Decoder.Settings

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { settings.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw mismatch([String: Any].self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { NodesContainer(nodes: nodes, settings: settings) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw mismatch(Any.self) }

    private func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(codingPath: [], debugDescription: "$: expected an array of matches"))
    }
}

/// The nodes one after another; each decodes through its own document.
private struct NodesContainer: UnkeyedDecodingContainer {
    let nodes: [JSON.Document.Node]
    let settings: JSON.Decoder.Settings
    var currentIndex = 0

    var codingPath: [any CodingKey] { [] }
    var count: Int? { nodes.count }
    var isAtEnd: Bool { currentIndex >= nodes.count }

    private mutating func next<T>(_ type: T.Type) throws -> JSONTapeDecoder {
        guard !isAtEnd, let index = nodes[currentIndex].index else {
            let context = DecodingError.Context(codingPath: [IndexKey(intValue: currentIndex)], debugDescription: "$[\(currentIndex)]: no value")
            throw DecodingError.valueNotFound(type, context)
        }
        let node = nodes[currentIndex]
        currentIndex += 1
        return JSONTapeDecoder(state: JSONDecodingState(document: node.document, settings: settings, decodesOutsideReuse: true), index: index)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, nodes[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decodeTopLevel(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(type).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next((any Decoder).self) }
}
