/// One value of a binary file, as ``BinaryTape`` indexes it.
///
/// A container's elements follow it on the tape, each with its
/// descendants, and ``end`` is the index just past its last descendant: the
/// next sibling. Scalars end at their own index + 1.
struct BinaryTapeEntry {
    /// What the value holds, by tag:
    /// - integers, doubles and dates: their 64 bits (an `Int64`, a
    ///   `UInt64`, a `Double`'s bit pattern);
    /// - strings, number text, URLs and decimals: the string's table index;
    /// - data: the offset of its bytes (high 32 bits) and their count;
    /// - UUID: the offset of its 16 bytes;
    /// - arrays, sets, objects, dictionaries, records: the number of
    ///   elements on the tape (a dictionary's keys and values both count),
    ///   and for records the type name's table index in the high 32 bits;
    /// - shared values: their number; back-references: the tape index of
    ///   the shared value they name.
    var payload: UInt64
    /// The byte offset of the tag.
    var offset: UInt32
    /// For a member of an object or record, the table index of its name.
    var key: UInt32
    /// The tape index just past this value and its descendants.
    var end: UInt32
    var tag: Binary.Tag

    /// The element count of a container.
    var count: Int { Int(truncatingIfNeeded: payload & 0xFFFF_FFFF) }
}

/// The whole of a binary file, read and checked in one pass into a flat
/// array of ``BinaryTapeEntry``, so that decoders find a value's next
/// sibling, count and members without reading bytes again.
struct BinaryTape {
    var entries: [BinaryTapeEntry]
    var strings: [String]
    /// The number of shared values.
    var sharedCount: Int

    /// A container whose elements are being read.
    private struct Open {
        let entry: Int
        var remaining: Int
        /// Whether each element is preceded by its name (objects and records).
        let keyed: Bool
        /// For a shared value: its number and the value count before it; -1 otherwise.
        let shared: Int
        let valuesBefore: Int
    }

    /// Reads and checks the file `input` within `limits`.
    ///
    /// Everything the format says is checked here, except the text of
    /// number text, URLs and decimals and the distinctness of set elements,
    /// which decoders check when they read those values.
    init(indexing input: UnsafeBufferPointer<UInt8>, limits: Binary.DecodingLimits) throws(Binary.DecodingError) {
        guard input.count <= Int(UInt32.max) else {
            throw Binary.DecodingError(kind: .limitExceeded, offset: 0, message: "files of 4 GiB or more are not read")
        }
        var reader = try BinaryReader(input, limits: limits)
        // Offsets and tape indexes fit in 32 bits: the file is under 4 GiB
        // and every value takes at least one of its bytes.
        var entries: [BinaryTapeEntry] = []
        entries.reserveCapacity(reader.valueHint / 2 + 1)
        var sharedEntries: [Int] = []
        sharedEntries.reserveCapacity(reader.sharedHint)
        var stack: [Open] = []
        repeat {
            var key: UInt32 = 0
            if !stack.isEmpty {
                stack[stack.count - 1].remaining -= 1
                if stack[stack.count - 1].keyed { key = UInt32(truncatingIfNeeded: try reader.stringIndex()) }
            }
            let start = reader.position
            let index = entries.count
            var entry = BinaryTapeEntry(
                payload: 0, offset: UInt32(truncatingIfNeeded: start), key: key, end: UInt32(truncatingIfNeeded: index + 1), tag: try reader.tag())
            var opened: Open?
            switch entry.tag {
            case .null, .false, .true: break
            case .int: entry.payload = UInt64(bitPattern: try reader.zigzag())
            case .uint: entry.payload = try reader.varint()
            case .double, .date: entry.payload = try reader.fixed64()
            case .numberText, .string, .url, .decimal: entry.payload = UInt64(try reader.stringIndex())
            case .data:
                let bytes = try reader.data(maxLength: limits.maxStringBytes)
                entry.payload = UInt64(reader.position - bytes.count) << 32 | UInt64(bytes.count)
            case .uuid:
                _ = try reader.bytes(16)
                entry.payload = UInt64(start + 1)
            case .array, .set:
                let count = try reader.count(bytesEach: 1)
                try reader.enter(at: start)
                entry.payload = UInt64(count)
                opened = Open(entry: index, remaining: count, keyed: false, shared: -1, valuesBefore: 0)
            case .object:
                let count = try reader.count(bytesEach: 2)
                try reader.enter(at: start)
                entry.payload = UInt64(count)
                opened = Open(entry: index, remaining: count, keyed: true, shared: -1, valuesBefore: 0)
            case .dictionary:
                let count = try reader.count(bytesEach: 2)
                try reader.enter(at: start)
                entry.payload = UInt64(2 * count)
                opened = Open(entry: index, remaining: 2 * count, keyed: false, shared: -1, valuesBefore: 0)
            case .record:
                guard !limits.plainData else {
                    throw reader.error(.recordNotAllowed, "records are refused in plain data mode", at: start)
                }
                let type = try reader.stringIndex()
                let count = try reader.count(bytesEach: 2)
                try reader.enter(at: start)
                entry.payload = UInt64(type) << 32 | UInt64(count)
                opened = Open(entry: index, remaining: count, keyed: true, shared: -1, valuesBefore: 0)
            case .shared:
                let (number, valuesBefore) = try reader.beginShared(at: start)
                entry.payload = UInt64(number)
                sharedEntries.append(index)
                opened = Open(entry: index, remaining: 1, keyed: false, shared: number, valuesBefore: valuesBefore)
            case .reference:
                entry.payload = UInt64(sharedEntries[try reader.reference()])  // bounds proven: reference() checks the number against those begun
            }
            entries.append(entry)
            if let opened { stack.append(opened) }
            while let top = stack.last, top.remaining == 0 {
                entries[top.entry].end = UInt32(truncatingIfNeeded: entries.count)
                if top.shared >= 0 {
                    reader.endShared(top.shared, valuesBefore: top.valuesBefore)
                } else {
                    reader.leave()
                }
                stack.removeLast()
            }
        } while !stack.isEmpty
        try reader.finish()
        self.entries = entries
        strings = reader.strings
        sharedCount = sharedEntries.count
    }
}
