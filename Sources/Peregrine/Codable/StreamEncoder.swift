import Foundation

/// Writes an `Encodable` value straight into the output bytes, with no tree
/// in between.
///
/// Codable gives containers no "close" call, so the stream keeps a stack of
/// open arrays and objects: a container writing again closes the containers
/// opened inside it, and a value's encoder closes what the value opened when
/// its `encode(to:)` returns. Code that writes into a container after a later
/// sibling has started (legal, but rare), or that uses super encoders, makes
/// the stream throw ``StreamingUnsupported``; `JSON.Encoder` then encodes
/// the value again through the tree encoder, which handles everything.
final class EncodingStream {
    // One stream is written by one encode call on one thread, so the
    // runtime exclusivity check on every append is skipped.
    @exclusivity(unchecked) var output: [UInt8] = []
    let state: EncodingState
    private let pretty: Bool
    private let escapeUnicode: Bool
    private let escapeSlashes: Bool
    @exclusivity(unchecked) private var frames: [Frame] = []
    private var nextFrameID = 0

    private struct Frame {
        let id: Int
        let isObject: Bool
        /// The output offset of its opening bracket.
        let start: Int
        var count = 0
        /// For an object, the key of the member being written (for coding paths).
        var key: (any CodingKey)?
    }

    /// The frame opened at output offset `start`, if it is still open (a
    /// value asking for its container a second time gets the same one).
    func frame(openedAt start: Int) -> Int? {
        frames.last(where: { $0.start == start })?.id
    }

    init(state: EncodingState) {
        self.state = state
        let formatting = state.options.outputFormatting
        pretty = formatting.contains(.prettyPrinted)
        escapeUnicode = formatting.contains(.escapeUnicode)
        escapeSlashes = !formatting.contains(.withoutEscapingSlashes)
        output.reserveCapacity(4096)
    }

    /// The frames open right now (a value's encoder compares before and after).
    var depth: Int { frames.count }

    /// The coding path of the value being written inside the outermost
    /// `depth` frames: each frame's current key or element index.
    func codingPath(depth: Int) -> [any CodingKey] {
        frames.prefix(depth).map { frame in
            frame.key ?? IndexKey(intValue: max(frame.count - 1, 0))
        }
    }

    /// The coding path of the container whose frame is `id`.
    func codingPath(ofFrame id: Int) -> [any CodingKey] {
        codingPath(depth: frames.lastIndex(where: { $0.id == id }) ?? 0)
    }

    /// Opens an object or array and returns its frame id.
    func open(object: Bool) -> Int {
        nextFrameID += 1
        frames.append(Frame(id: nextFrameID, isObject: object, start: output.count))
        output.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        return nextFrameID
    }

    /// Closes frames until only `depth` remain.
    func close(to depth: Int) {
        while frames.count > depth, let frame = frames.popLast() {
            if frame.count > 0 { newline() }
            output.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
    }

    /// Prepares frame `id` for its next element (or object member `name`):
    /// closes what was opened inside it, writes the separator and the key.
    func beginElement(in id: Int, name: String? = nil) throws(StreamingUnsupported) {
        guard let position = frames.lastIndex(where: { $0.id == id }) else { throw StreamingUnsupported() }
        close(to: position + 1)
        if frames[position].count > 0 { output.append(UInt8(ascii: ",")) }
        frames[position].count += 1
        newline()
        if let name {
            appendString(name, quoted: true, escapeUnicode: escapeUnicode, escapeSlashes: escapeSlashes, to: &output)
            output.append(UInt8(ascii: ":"))
            if pretty { output.append(UInt8(ascii: " ")) }
        }
    }

    /// Records `key` as the key of the member just begun, for the coding
    /// paths of what it contains. Only members whose encoding can ask for a
    /// path (nested values, floats) pay for storing it.
    func setCurrentKey(_ key: any CodingKey) {
        guard !frames.isEmpty else { return }
        frames[frames.count - 1].key = key
    }

    func write(_ string: String) {
        appendString(string, quoted: true, escapeUnicode: escapeUnicode, escapeSlashes: escapeSlashes, to: &output)
    }

    func write(_ number: JSON.Number) { appendNumber(number, to: &output) }

    func writeNull() { output.append(contentsOf: "null".utf8) }

    func write(_ flag: Bool) { output.append(contentsOf: (flag ? "true" : "false").utf8) }

    /// A float, or for `NaN` and infinities what the strategy says; errors
    /// name the value being written.
    func write<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) throws {
        if let double = value as? Double, double.isFinite {
            write(JSON.Number(double))
            return
        }
        switch try state.number(value, codingPath: value.isFinite ? [] : codingPath(depth: depth)) {
        case .value(.string(let text)): write(text)
        case .value(.number(let number)): write(number)
        default: break
        }
    }

    private func newline() {
        guard pretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: frames.count * 2))
    }
}

/// Thrown when code uses containers in an order the stream cannot write.
struct StreamingUnsupported: Error {}

/// The encoder of one value position in the stream. Three words, so it
/// travels inline as `any Encoder`: its coding path is read from the
/// stream's open frames when asked for.
struct StreamEncoder: StrategyEncoder {
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

    /// Encodes `value` at this position, closing what it opened; writes `{}`
    /// for a value that encodes nothing (as Foundation does for nested values).
    func encodeValue<T: Encodable>(_ value: T) throws {
        if let kind = FastArray(T.self) {
            try encodeArray(kind, value)
        } else if try !encodeSpecial(value) {
            try value.encode(to: self)
        }
        stream.close(to: depth)
        if stream.output.count == start { stream.output.append(contentsOf: "{}".utf8) }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let frame = stream.frame(openedAt: start) ?? stream.open(object: true)
        return KeyedEncodingContainer(StreamKeyedContainer<Key>(stream: stream, frame: frame))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        StreamUnkeyedContainer(stream: stream, frame: stream.frame(openedAt: start) ?? stream.open(object: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() { stream.writeNull() }
    func encode(_ value: Bool) { stream.write(value) }
    func encode(_ value: String) { stream.write(value) }
    func encode(_ value: Double) throws { try stream.write(value) }
    func encode(_ value: Float) throws { try stream.write(value) }
    func encode(_ value: Int) { stream.write(JSON.Number(value)) }
    func encode(_ value: Int8) { stream.write(JSON.Number(Int64(value))) }
    func encode(_ value: Int16) { stream.write(JSON.Number(Int64(value))) }
    func encode(_ value: Int32) { stream.write(JSON.Number(Int64(value))) }
    func encode(_ value: Int64) { stream.write(JSON.Number(value)) }
    func encode(_ value: UInt) { stream.write(JSON.Number(UInt64(value))) }
    func encode(_ value: UInt8) { stream.write(JSON.Number(UInt64(value))) }
    func encode(_ value: UInt16) { stream.write(JSON.Number(UInt64(value))) }
    func encode(_ value: UInt32) { stream.write(JSON.Number(UInt64(value))) }
    func encode(_ value: UInt64) { stream.write(JSON.Number(value)) }
    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }

    var encodingState: EncodingState { stream.state }

    func encodeExactNumber(_ text: String) { stream.write(JSON.Number(exactText: text)) }
}
