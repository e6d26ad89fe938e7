/// Writes a file of the binary format: values go into the body as they come,
/// strings into the table (each once, in order of first use), and
/// ``finished()`` puts the header, the table and the body together.
///
/// The body is a buffer the writer refers to, so copies of a writer share it:
/// each writer is one local variable or one stored property.
struct BinaryWriter {
    private let body: BinaryByteBuffer
    private var strings = BinaryStringTable()
    /// The string indexes of the object keys of the ``JSON`` value being
    /// written, by their `String`'s bits (``KeyTextCache/Identity``) in slots
    /// chosen by the key's hash: a parsed value's keys are interned, so most
    /// are found without hashing their bytes. Bits are identity only while
    /// the strings live, so an entry counts only in the generation of the
    /// value it was made for (``beginValue()``).
    private var keyIndexes: [(identity: KeyTextCache.Identity, index: Int, generation: Int)] = []
    private var keyGeneration = 0
    private var valueCount = 0
    private var sharedCount = 0

    init(capacity: Int = 0) { body = BinaryByteBuffer(capacity: capacity) }

    /// Starts a value.
    @inline(__always)
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

    @inline(__always)
    mutating func varint(_ value: UInt64) { body.appendVarint(value) }

    @inline(__always)
    mutating func count(_ count: Int) { varint(UInt64(count)) }

    @inline(__always)
    mutating func zigzag(_ value: Int64) { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }

    mutating func double(_ value: Double) { fixed(value.bitPattern) }

    mutating func fixed(_ value: UInt64) { body.appendFixed(value) }

    /// A length, then the bytes.
    mutating func bytes(_ bytes: some Collection<UInt8>) {
        count(bytes.count)
        raw(bytes)
    }

    mutating func raw(_ bytes: some Collection<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ body.append(UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes { body.append($0) }
        }
    }

    /// Writes a reference to `string` in the table, adding it when new.
    mutating func string(_ string: String) { count(stringIndex(string)) }

    /// Starts writing one ``JSON`` value whole: keys remembered by identity
    /// for an earlier value (whose strings may be gone) no longer count.
    mutating func beginValue() {
        keyGeneration &+= 1  // wraps only after 2^64 values: no overflow trap
    }

    /// Makes the table of ``key(_:)`` unless it exists: at the first object,
    /// so a value without objects never pays for it.
    mutating func beginObject() {
        if keyIndexes.isEmpty { keyIndexes = Array(repeating: (.none, 0, 0), count: 256) }
    }

    /// Writes a reference to the object key `key` of the value begun with
    /// ``beginValue()``, which holds it alive.
    @inline(__always)
    mutating func key(_ key: ScalarKey) {
        let identity = KeyTextCache.Identity(key.string)
        guard !keyIndexes.isEmpty, identity != .none else { return string(key.string) }
        let slot = key.hash & (keyIndexes.count - 1)  // bounds proven: count is 256, a power of two
        let cached = keyIndexes[slot]  // bounds proven: as above
        if cached.identity == identity, cached.generation == keyGeneration { return count(cached.index) }
        let index = stringIndex(key.string)
        keyIndexes[slot] = (identity, index, keyGeneration)  // bounds proven: as above
        count(index)
    }

    /// The index of `string` in the table, adding it when new.
    mutating func stringIndex(_ string: String) -> Int {
        if let index = string.utf8.withContiguousStorageIfAvailable({ strings.index(of: $0) }) { return index }
        var string = string
        return string.withUTF8 { strings.index(of: $0) }
    }

    /// The string whose reference was written at `position` of the body.
    func string(referencedAt position: Int) -> String {
        strings.string(at: body.varint(at: position))
    }

    /// String `index` of the table.
    func string(at index: Int) -> String { strings.string(at: index) }

    // MARK: Counts written after their elements

    /// The size of the body so far.
    var position: Int { body.count }

    /// The body written from `start` on.
    func bytes(from start: Int) -> [UInt8] { Array(body.bytes(from: start, count: body.count - start)) }

    /// Reserves the byte of a count that ``patchCount(_:at:)`` fills in
    /// once the elements are written; returns its position.
    @inline(__always)
    mutating func countPlaceholder() -> Int {
        body.append(0)
        return body.count - 1
    }

    /// Writes `count` into the placeholder at `position`, moving what
    /// follows when its varint needs more than the byte reserved.
    @inline(__always)
    mutating func patchCount(_ count: Int, at position: Int) {
        if count < 0x80 {
            body.set(UInt8(truncatingIfNeeded: count), at: position)
        } else {
            patchLongCount(count, at: position)
        }
    }

    /// Writes a count of two bytes or more into the placeholder at `position`.
    private mutating func patchLongCount(_ count: Int, at position: Int) {
        var varint: [UInt8] = []
        var rest = UInt64(count)
        while rest >= 0x80 {
            varint.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        varint.append(UInt8(truncatingIfNeeded: rest))
        body.replace(at: position, with: varint)
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
        file.append(contentsOf: header.body.bytes)
        file.append(contentsOf: strings.bytes)
        file.append(contentsOf: body.bytes)
        return file
    }
}
