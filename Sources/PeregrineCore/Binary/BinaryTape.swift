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
    /// Where each string's UTF-8 is in the file.
    var stringStarts: [Int]
    /// The UTF-8 length of each string.
    var stringLengths: [Int]
    /// The strings of the table that name members.
    var memberNames: BinaryMemberNames
    /// The number of shared values.
    var sharedCount: Int

    /// A container whose elements are being read.
    private struct Open {
        let entry: Int
        var remaining: Int
        /// Whether each element is preceded by its name (objects and records).
        let keyed: Bool
        /// Whether it is a shared value.
        let shared: Bool

        init(entry: Int, remaining: Int, keyed: Bool = false, shared: Bool = false) {
            self.entry = entry
            self.remaining = remaining
            self.keyed = keyed
            self.shared = shared
        }
    }

    /// Reads and checks the file `input` within `limits`.
    ///
    /// Everything the format says is checked here, with the same
    /// ``BinaryReader`` checks the other readers make, in the same order.
    init(indexing input: UnsafeBufferPointer<UInt8>, limits: Binary.DecodingLimits) throws(Binary.DecodingError) {
        guard input.count <= Int(UInt32.max) else {
            throw Binary.DecodingError(kind: .limitExceeded, offset: 0, message: "files of 4 GiB or more are not read")
        }
        let header = try BinaryReader(input, limits: limits)
        // The header's value count is exact for files this library writes;
        // a file that holds more values is read again with room for as many
        // as it has bytes (every value takes at least one).
        var capacity = header.valueHint + 1
        while true {
            var reader = header.copyForBody()
            var sharedEntries: [Int] = []
            sharedEntries.reserveCapacity(header.sharedHint)
            var outcome: Result<Bool, Binary.DecodingError> = .success(false)
            let entries = [BinaryTapeEntry](unsafeUninitializedCapacity: capacity) { buffer, count in
                do throws(Binary.DecodingError) {
                    outcome = .success(try Self.index(&reader, into: buffer, count: &count, sharedEntries: &sharedEntries))
                } catch {
                    outcome = .failure(error)
                }
            }
            guard try outcome.get() else {
                capacity = input.count - header.position + 1
                continue
            }
            try reader.finish()
            self.entries = entries
            strings = reader.strings
            stringStarts = reader.stringStarts
            stringLengths = reader.stringLengths
            memberNames = reader.names.memberNames
            sharedCount = sharedEntries.count
            return
        }
    }

    /// Reads the body into `buffer`, `count` entries so far; `false` when
    /// the buffer is too small. Offsets and tape
    /// indexes fit in 32 bits: the file is under 4 GiB and every value takes
    /// at least one of its bytes.
    private static func index(
        _ reader: inout BinaryReader, into buffer: UnsafeMutableBufferPointer<BinaryTapeEntry>, count: inout Int,
        sharedEntries: inout [Int]
    ) throws(Binary.DecodingError) -> Bool {
        let limits = reader.limits
        // The container being read is kept apart from those around it, in
        // locals; the root is read as the one element of a container of none.
        var top = Open(entry: -1, remaining: 1)
        var stack: [Open] = []
        while true {
            guard top.remaining > 0 else {
                guard top.entry >= 0 else { return true }
                buffer[top.entry].end = UInt32(truncatingIfNeeded: count)  // bounds proven: top.entry < count
                if top.shared {
                    reader.endShared()
                } else {
                    if top.keyed {
                        try checkNames(top.entry, in: buffer, count: count, reader: &reader)
                    } else if buffer[top.entry].tag == .set {  // bounds proven: as above
                        try checkSet(top.entry, in: buffer, count: count, reader: &reader)
                    }
                    reader.leave()
                }
                top = stack.removeLast()  // not empty: the root's container is never pushed
                continue
            }
            guard count < buffer.count else { return false }
            top.remaining -= 1
            var key: UInt32 = 0
            if top.keyed {
                key = UInt32(truncatingIfNeeded: try reader.stringIndex())
            }
            let start = reader.position
            let index = count
            var entry = BinaryTapeEntry(
                payload: 0, offset: UInt32(truncatingIfNeeded: start), key: key, end: UInt32(truncatingIfNeeded: index + 1), tag: try reader.tag())
            switch entry.tag {
            case .null, .false, .true: break
            case .int: entry.payload = UInt64(bitPattern: try reader.zigzag())
            case .uint: entry.payload = try reader.varint()
            case .double: entry.payload = try reader.fixed64()
            case .date: entry.payload = try reader.date(at: start).bitPattern
            case .string: entry.payload = UInt64(try reader.stringIndex())
            case .numberText: entry.payload = UInt64(try reader.numberText(at: start).index)
            case .url: entry.payload = UInt64(try reader.url(at: start).index)
            case .decimal: entry.payload = UInt64(try reader.decimal(at: start).index)
            case .data:
                let bytes = try reader.dataValue()
                entry.payload = UInt64(reader.position - bytes.count) << 32 | UInt64(bytes.count)
            case .uuid:
                _ = try reader.bytes(16)
                entry.payload = UInt64(start + 1)
            case .array, .set:
                let elements = try reader.count(bytesEach: 1)
                try reader.enter(at: start)
                entry.payload = UInt64(elements)
                buffer.initializeElement(at: count, to: entry)  // bounds proven: count < buffer.count, checked above
                count += 1
                // Leading doubles and integers (all of them, in arrays of
                // coordinates) are read here; an array of nothing else is
                // complete without being pushed.
                var remaining = elements
                while remaining > 0, count < buffer.count {
                    let at = reader.position
                    guard let (tag, bits) = try reader.plainNumberBits() else { break }
                    let element = BinaryTapeEntry(
                        payload: bits, offset: UInt32(truncatingIfNeeded: at), key: 0, end: UInt32(truncatingIfNeeded: count + 1), tag: tag)
                    buffer.initializeElement(at: count, to: element)  // bounds proven: count < buffer.count, checked above
                    count += 1
                    remaining -= 1
                }
                guard remaining > 0 else {
                    buffer[index].end = UInt32(truncatingIfNeeded: count)  // bounds proven: index < count
                    if entry.tag == .set { try checkSet(index, in: buffer, count: count, reader: &reader) }
                    reader.leave()
                    continue
                }
                stack.append(top)
                top = Open(entry: index, remaining: remaining)
                continue
            case .object:
                let members = try reader.count(bytesEach: 2)
                try reader.enter(at: start)
                entry.payload = UInt64(members)
                stack.append(top)
                top = Open(entry: index, remaining: members, keyed: true)
            case .dictionary:
                let pairs = try reader.count(bytesEach: 2)
                try reader.enter(at: start)
                entry.payload = UInt64(2 * pairs)
                stack.append(top)
                top = Open(entry: index, remaining: 2 * pairs)
            case .record:
                guard !limits.plainData else {
                    throw reader.error(.recordNotAllowed, "records are refused in plain data mode", at: start)
                }
                let type = try reader.stringIndex()
                let fields = try reader.count(bytesEach: 2)
                try reader.enter(at: start)
                entry.payload = UInt64(type) << 32 | UInt64(fields)
                stack.append(top)
                top = Open(entry: index, remaining: fields, keyed: true)
            case .shared:
                entry.payload = UInt64(try reader.beginShared(at: start))
                sharedEntries.append(index)
                stack.append(top)
                top = Open(entry: index, remaining: 1, shared: true)
            case .reference:
                entry.payload = UInt64(sharedEntries[try reader.reference()])  // bounds proven: reference() checks the number against those begun
            }
            buffer.initializeElement(at: count, to: entry)  // bounds proven: count < buffer.count, checked above
            count += 1
        }
    }

    /// Checks that the object or record at tape index `object`, complete in
    /// `buffer`'s first `count` entries, names no member twice: its
    /// members' names are on the tape, so no stack of names is kept.
    ///
    /// An object of one member is skipped, so its name may be missing from
    /// the reader's ``BinaryMemberNames``: `Binary.Decoder` tries an
    /// object's first member before looking a key up there, which finds it.
    @inline(__always)
    private static func checkNames(
        _ object: Int, in buffer: UnsafeMutableBufferPointer<BinaryTapeEntry>, count: Int, reader: inout BinaryReader
    ) throws(Binary.DecodingError) {
        guard buffer[object].count > 1 else { return }  // bounds proven: object < count
        let names = reader.names
        let check = names.beginCheck()
        var member = object + 1
        while member < count {
            if let repeated = names.repeatedName(Int(buffer[member].key), in: check) {  // bounds proven: member < count
                throw reader.duplicateKey(repeated, at: Int(buffer[object].offset))  // bounds proven: object < count
            }
            member = Int(buffer[member].end)  // bounds proven: as above; each end is past its entry
        }
    }

    /// Checks that the set at tape index `set`, complete in `buffer`'s
    /// first `count` entries, has distinct elements (``BinaryReader/checkSet(at:elements:)``).
    @inline(never)  // rare: kept out of the loop
    private static func checkSet(
        _ set: Int, in buffer: UnsafeMutableBufferPointer<BinaryTapeEntry>, count: Int, reader: inout BinaryReader
    ) throws(Binary.DecodingError) {
        guard buffer[set].count > 1 else { return }  // bounds proven: set < count
        var elements: [Int] = []
        elements.reserveCapacity(buffer[set].count)  // bounds proven: as above
        var child = set + 1
        while child < count {
            elements.append(Int(buffer[child].offset))  // bounds proven: child < count
            child = Int(buffer[child].end)  // bounds proven: as above; each end is past its entry
        }
        try reader.checkSet(at: Int(buffer[set].offset), elements: elements)  // bounds proven: set < count
    }
}
