import Foundation

/// The encoder of one value position of a ``Binary/Encoder`` call, and that
/// value's single-value container. Three words, so it travels inline as
/// `any Encoder`; its coding path is read from the open frames when asked for.
struct BinaryValueEncoder: Encoder, SingleValueEncodingContainer, ScalarEncoding {
    let state: BinaryEncodingState
    /// Where this value begins in the body.
    let start: Int
    /// The frames open around this value.
    let depth: Int

    init(state: BinaryEncodingState) {
        self.state = state
        start = state.writer.position
        depth = state.frames.count
    }

    /// An encoder for a position that could not begin: every write throws.
    init(unusable state: BinaryEncodingState) {
        self.state = state
        start = -1
        depth = state.frames.count
    }

    var codingPath: [any CodingKey] { state.codingPath(depth: depth) }
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    /// Encodes `value` here: a class instance as a shared value the first
    /// time and a back-reference after, the types the format has tags for
    /// with those tags, anything else through its `encode(to:)`.
    func encodeValue<T: Encodable>(_ value: T) throws {
        let type = state.encodedType(T.self)
        guard type.isClass else {
            try encodeContent(value, type)
            return
        }
        let object = value as AnyObject
        if let number = try state.sharedNumber(of: object, depth: depth) {
            state.writer.tag(.reference)
            state.writer.count(number)
            return
        }
        let number = try state.beginInstance(object)
        try BinaryValueEncoder(state: state).encodeContent(value, type)
        state.endInstance(object, number: number, depth: depth)
    }

    /// Writes `value`, whose type is `type`, closing what it opened; a value
    /// that writes nothing becomes an empty object.
    @inline(__always)
    private func encodeContent<T: Encodable>(_ value: T, _ type: BinaryEncodedType) throws {
        switch type.kind {
        case .date:
            if let date = value as? Date { return try encodeNative(date) }
        case .data:
            if let data = value as? Data { return encodeNative(data) }
        case .url:
            if let url = value as? URL { return encodeNative(url) }
        case .uuid:
            if let uuid = value as? UUID { return encodeNative(uuid) }
        case .decimal:
            if let decimal = value as? Decimal { return try encodeNative(decimal) }
        case .array(let kind):
            if try encodeArray(kind, value) { return }
        case .set:
            state.pending = (start, .set, nil)
        case .dictionary:
            state.pending = (start, .dictionary, nil)
        case .plain:
            if let record = type.record { state.pending = (start, .record, record) }
        }
        try value.encode(to: self)
        if state.frames.count > depth { state.close(to: depth) }
        if state.writer.position == start {
            state.writer.tag(.object)
            state.writer.count(0)
        }
    }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let frame = state.container(at: start, keyed: true)
        return KeyedEncodingContainer(BinaryKeyedEncoder<Key>(state: state, frame: frame))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        BinaryUnkeyedEncoder(state: state, frame: state.container(at: start, keyed: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // MARK: Single values

    /// Checks that this position holds no value yet.
    private func beginSingle() throws(Binary.EncodingError) {
        guard state.writer.position == start else { throw state.closedContainer() }
    }

    func encodeNil() throws {
        try beginSingle()
        state.writer.tag(.null)
    }

    func encode(_ value: Bool) throws {
        try beginSingle()
        state.writer.tag(value ? .true : .false)
    }

    func encode(_ value: String) throws {
        try beginSingle()
        state.writer.tag(.string)
        state.writer.string(value)
    }

    func encode(_ value: Double) throws {
        try beginSingle()
        state.writer.tag(.double)
        state.writer.double(value)
    }

    func encode(_ value: Float) throws { try encode(Double(value)) }

    func encodeInteger(_ value: Int64) throws {
        try beginSingle()
        state.writer.tag(.int)
        state.writer.zigzag(value)
    }

    func encodeInteger(_ value: UInt64) throws {
        try beginSingle()
        state.writer.unsigned(value)
    }

    func encode<T: Encodable>(_ value: T) throws {
        try beginSingle()
        try encodeValue(value)
    }

    // MARK: Values with tags of their own

    private func encodeNative(_ date: Date) throws(Binary.EncodingError) {
        guard BinaryValueRules.dateSeconds.contains(date.timeIntervalSince1970) else {
            throw .invalidValue("\(jsonPath(codingPath)): a date of \(date.timeIntervalSince1970) seconds is outside years 1 to 9999")
        }
        state.writer.tag(.date)
        state.writer.double(date.timeIntervalSince1970)
    }

    private func encodeNative(_ data: Data) {
        state.writer.tag(.data)
        state.writer.bytes(data)
    }

    private func encodeNative(_ url: URL) {
        state.writer.tag(.url)
        state.writer.string(url.absoluteString)
    }

    private func encodeNative(_ uuid: UUID) {
        state.writer.tag(.uuid)
        withUnsafeBytes(of: uuid.uuid) { state.writer.raw($0) }
    }

    private func encodeNative(_ decimal: Decimal) throws(Binary.EncodingError) {
        guard let text = BinaryValueRules.text(of: decimal) else {
            throw .invalidValue("\(jsonPath(codingPath)): a NaN Decimal has no value to write")
        }
        state.writer.tag(.decimal)
        state.writer.string(text)
    }

    /// Writes an array of numbers, strings or Booleans in one loop, its
    /// count known up front; `false` when it must go the generic way (too deep).
    private func encodeArray<T>(_ kind: FastArray, _ value: T) throws -> Bool {
        switch kind {
        case .double: state.writeArray(value as? [Double] ?? [])
        case .float: state.writeArray(value as? [Float] ?? [])
        case .int: state.writeArray(value as? [Int] ?? [])
        case .int64: state.writeArray(value as? [Int64] ?? [])
        case .string: state.writeArray(value as? [String] ?? [])
        case .bool: state.writeArray(value as? [Bool] ?? [])
        case .doubleArray: state.writeArray(value as? [[Double]] ?? [])
        }
    }
}

extension BinaryWriter {
    /// An unsigned integer: as a signed one (`0x03`) up to `Int64.max`, above it with its own tag.
    mutating func unsigned(_ value: UInt64) {
        if let signed = Int64(exactly: value) {
            tag(.int)
            zigzag(signed)
        } else {
            tag(.uint)
            varint(value)
        }
    }
}
