/// Writes a file of the binary format: values go into the body as they come,
/// strings into the table (each once, in order of first use), and
/// ``finished()`` puts the header, the table and the body together.
struct BinaryWriter {
    private var body: [UInt8] = []
    private var strings = BinaryStringTable()
    private var valueCount = 0
    private var sharedCount = 0

    init(capacity: Int = 0) { body.reserveCapacity(capacity) }

    /// Starts a value.
    mutating func tag(_ tag: Binary.Tag) {
        body.append(tag.rawValue)
        valueCount += 1
    }

    /// Starts a shared value (the next one written) and returns its number.
    mutating func shared() -> Int {
        tag(.shared)
        sharedCount += 1
        return sharedCount - 1
    }

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            body.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        body.append(UInt8(truncatingIfNeeded: rest))
    }

    mutating func count(_ count: Int) { varint(UInt64(count)) }

    mutating func zigzag(_ value: Int64) { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }

    mutating func double(_ value: Double) { fixed(value.bitPattern) }

    mutating func fixed(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { body.append(contentsOf: $0) }
    }

    mutating func bytes(_ bytes: some Collection<UInt8>) {
        count(bytes.count)
        body.append(contentsOf: bytes)
    }

    mutating func raw(_ bytes: some Sequence<UInt8>) { body.append(contentsOf: bytes) }

    /// Writes a reference to `string` in the table, adding it when new.
    mutating func string(_ string: String) {
        var string = string
        let index = string.withUTF8 { strings.index(of: $0) }
        if index < 0x80 {
            body.append(UInt8(truncatingIfNeeded: index))
        } else {
            count(index)
        }
    }

    // MARK: Counts written after their elements

    /// The size of the body so far.
    var position: Int { body.count }

    /// Reserves the byte of a count that ``patchCount(_:at:)`` fills in
    /// once the elements are written; returns its position.
    mutating func countPlaceholder() -> Int {
        body.append(0)
        return body.count - 1
    }

    /// Writes `count` into the placeholder at `position`, moving what
    /// follows when its varint needs more than the byte reserved.
    mutating func patchCount(_ count: Int, at position: Int) {
        guard count >= 0x80 else {
            body[position] = UInt8(truncatingIfNeeded: count)
            return
        }
        var varint: [UInt8] = []
        var rest = UInt64(count)
        while rest >= 0x80 {
            varint.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        varint.append(UInt8(truncatingIfNeeded: rest))
        body.replaceSubrange(position..<position + 1, with: varint)
    }

    /// The whole file.
    func finished() -> [UInt8] {
        var header = BinaryWriter()
        header.raw(Binary.magic)
        header.raw([Binary.majorVersion, Binary.minorVersion])
        header.count(valueCount)
        header.count(sharedCount)
        header.count(strings.count)
        var file: [UInt8] = []
        file.reserveCapacity(header.body.count + strings.bytes.count + body.count)
        file.append(contentsOf: header.body)
        file.append(contentsOf: strings.bytes)
        file.append(contentsOf: body)
        return file
    }
}
