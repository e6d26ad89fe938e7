import Foundation

/// The encoder of one value position in the stream. Three words, so it
/// travels inline as `any Encoder`: its coding path is read from the
/// stream's open frames when asked for. Once the stream has turned into a
/// tree, it hands every call to the tree encoder of its position.
struct StreamEncoder: StrategyEncoder, NumberEncoding {
    let stream: EncodingStream
    /// Where this value's text begins in the output.
    let start: Int
    /// The frames open around this value.
    let depth: Int

    init(stream: EncodingStream) {
        self.stream = stream
        start = stream.output.count
        depth = stream.depth
    }

    var codingPath: [any CodingKey] { stream.codingPath(depth: depth) }
    var userInfo: [CodingUserInfoKey: Any] { stream.state.userInfo }
    var encodingState: EncodingState { stream.state }

    /// The tree encoder of this position, once the stream is a tree.
    private var tree: TreeEncoder { stream.treeEncoder(start: start, depth: depth) }

    /// Whether this position takes its value as bytes now: `false` once the
    /// stream is a tree; an error when a value was written here already.
    private func ready() throws -> Bool {
        guard stream.tree == nil else { return false }
        guard stream.output.count == start else { throw EncodingState.secondValue(codingPath: codingPath) }
        return true
    }

    /// Encodes `value` at this position, closing what it opened; writes `{}`
    /// for a value that encodes nothing (as Foundation does for nested
    /// values, and for a custom date or data strategy that writes nothing,
    /// even at the top). At the top (`nested: false`) a value's own
    /// `encode(to:)` writing nothing stays nothing, which the stream reports.
    func encodeValue<T: Encodable>(_ value: T, nested: Bool = true) throws {
        guard try ready() else { return try tree.encodeValue(value, emptyAsObject: nested) }
        var emptyAsObject = nested
        if let kind = FastArray(T.self) {
            try encodeArray(kind, value)
        } else if try encodeSpecial(value) {
            emptyAsObject = true
        } else {
            try value.encode(to: self)
        }
        guard stream.tree == nil else { return }
        stream.close(to: depth)
        if emptyAsObject, stream.output.count == start { stream.output.appendWord(0x7D7B, count: 2) }  // {}
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard stream.tree == nil else { return tree.container(keyedBy: type) }
        if let position = stream.frame(openedAt: start), stream.frames[position].isObject {  // bounds proven: an open frame's position
            return KeyedEncodingContainer(StreamKeyedContainer<Key>(stream: stream, frame: (position, start)))
        }
        if stream.output.count == start {
            return KeyedEncodingContainer(StreamKeyedContainer<Key>(stream: stream, frame: stream.open(object: true)))
        }
        if stream.wrote(UInt8(ascii: "{"), at: start) {
            // An object written whole here (a dictionary through the single-value
            // container): the container adds to it, as in Foundation, in the tree.
            stream.turnIntoTree()
            return tree.container(keyedBy: type)
        }
        stream.state.fail(EncodingState.secondValue(codingPath: codingPath))
        return TreeEncoder(state: stream.state, slot: EncodedSlot(), codingPath: codingPath).container(keyedBy: type)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        guard stream.tree == nil else { return tree.unkeyedContainer() }
        if let position = stream.frame(openedAt: start), !stream.frames[position].isObject {  // bounds proven: an open frame's position
            return StreamUnkeyedContainer(stream: stream, frame: (position, start))
        }
        if stream.output.count == start {
            return StreamUnkeyedContainer(stream: stream, frame: stream.open(object: false))
        }
        if stream.wrote(UInt8(ascii: "["), at: start) {
            // An array written whole here: the container appends to it (Foundation's behaviour).
            stream.turnIntoTree()
            return tree.unkeyedContainer()
        }
        stream.state.fail(EncodingState.secondValue(codingPath: codingPath))
        return TreeEncoder(state: stream.state, slot: EncodedSlot(), codingPath: codingPath).unkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws { guard try ready() else { return try tree.encodeNil() }; stream.writeNull() }
    func encode(_ value: Bool) throws { guard try ready() else { return try tree.encode(value) }; stream.write(value) }
    func encode(_ value: String) throws { guard try ready() else { return try tree.encode(value) }; stream.write(value) }
    func encode(_ value: Double) throws { guard try ready() else { return try tree.encode(value) }; try stream.write(value) }
    func encode(_ value: Float) throws { guard try ready() else { return try tree.encode(value) }; try stream.write(value) }
    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }

    func encodeNumber(_ number: JSON.Number) throws {
        guard try ready() else { return try tree.encodeNumber(number) }
        stream.write(number)
    }

    func encodeExactNumber(_ text: String) throws {
        guard try ready() else { return try tree.encodeExactNumber(text) }
        stream.write(JSON.Number(exactText: text))
    }

    func encodeJSON(_ value: JSON) throws {
        guard try ready() else { return try tree.encodeJSON(value) }
        try stream.write(value)
    }
}
