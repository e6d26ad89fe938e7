/// Writes a file of the binary format: values go into the body as they come,
/// strings into the table (each once, in order of first use), and
/// ``finished()`` puts the header, the table and the body together.
struct BinaryWriter {
    private var body: [UInt8] = []
    /// Table indexes by string, keyed by UTF-8 bytes (hashing a `String`
    /// normalises it first, which is slow and would merge distinct strings).
    private var stringIndexes: [JSON.Object.ScalarKey: Int] = [:]
    private var strings: [String] = []
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
    mutating func string(_ text: String) { string(JSON.Object.ScalarKey(text)) }

    /// Writes a reference to the string of `key` (an object key, hashed already).
    mutating func string(_ key: JSON.Object.ScalarKey) {
        if let index = stringIndexes[key] {
            count(index)
            return
        }
        stringIndexes[key] = strings.count
        count(strings.count)
        strings.append(key.string)
    }

    /// The whole file.
    func finished() -> [UInt8] {
        var header = BinaryWriter()
        header.raw(Binary.magic)
        header.raw([Binary.majorVersion, Binary.minorVersion])
        header.count(valueCount)
        header.count(sharedCount)
        header.count(strings.count)
        for var string in strings {
            string.withUTF8 { header.bytes($0) }
        }
        return header.body + body
    }
}
