/// Writes a ``JSON/Document`` (or one of its nodes) through a
/// ``TokenWriter`` laid out by `Layout`, straight from the tape, with no
/// ``JSON`` value built: the text is byte for byte what serializing the
/// document's value writes.
///
/// - Strings without escapes are escaped from the input bytes as they
///   stand (for most, a copy); strings with escapes are decoded first, into
///   a scratch buffer (through `String`, which repairs ill-formed UTF-8,
///   when the document was read with loose Unicode).
/// - Numbers are written from the tape as the value writer writes them:
///   integers in decimal, doubles in their shortest form, lossless numbers
///   as their source text. So `1.50` and `1E2` come out as `1.5` and
///   `100.0`, as they do from a value. With
///   ``JSON/SerializationOptions/numbersAsWritten`` each number whose text
///   in the input is an RFC 8259 number is copied as it stands instead
///   (`1.50`, `1E2`, `-0`); JSON5's other forms (`0x1F`, `+1`, `.5`, `5.`,
///   `Infinity`) and numbers without text (a flattened value's) are still
///   written from the tape, so the output is JSON whatever the input was.
/// - A repeated key is written once, where it first appears, with its last
///   value (or its first under ``JSON/ParseOptions/DuplicateKeyPolicy/firstWins``),
///   as the parsed value holds it. Each object with two or more members is
///   checked (``UniqueKeyCheck``, as the decoders check), unless the parse
///   rejected repeated keys; only one that may repeat a key, or sorted
///   output, has its keys sorted.
///
/// The walk keeps a stack of open containers, like ``Serializer``, so the
/// call stack stays flat whatever the nesting.
struct DocumentSerializer<Layout: JSONLayout>: ~Copyable {
    var writer: TokenWriter
    let layout: Layout
    private let firstKeyWins: Bool
    /// Whether no object repeats a key: the document was parsed under
    /// ``JSON/ParseOptions/DuplicateKeyPolicy/reject``, which rejected any
    /// that did, so objects are not checked again.
    private let keysAreUnique: Bool
    /// Whether strings with escapes go through `String`, which repairs the
    /// ill-formed UTF-8 loose Unicode lets through; otherwise they are
    /// decoded into `scratch`.
    private let repairsUTF8: Bool
    /// Whether numbers are copied as written in the input, when that is JSON.
    private let keepsNumberText: Bool
    /// The last string decoded.
    private var scratch = OutputBuffer()
    /// The open containers, outermost first.
    private var frames = GrowingBuffer<Frame>()
    /// The key tape indices of the open objects written in an order of
    /// their own (sorted, or without repeated keys), each above its parent's.
    private var orders = GrowingBuffer<Int>()
    private var sorter = KeySorter()
    /// Whether an unsorted object repeats a key, and so needs `sorter`.
    private var uniqueKeys = UniqueKeyCheck()
    /// Sorted output: the orders of objects sorted before, by their keys.
    private var keyOrders = KeyOrderMemo()
    /// The tape index of each key of the object being opened, by member position.
    private var keys = GrowingBuffer<Int>()
    /// Unsorted output of an object that repeats a key: one entry per distinct key.
    private var runs = GrowingBuffer<Run>()
    /// After an error, the tape index of the value that could not be
    /// written (the non-finite number, or the container nested too deep).
    private(set) var failedIndex: Int?

    struct Frame {
        let isObject: Bool
        /// Whether the members come from `orders` rather than the tape.
        let isListed: Bool
        /// The tape index of the next element or key, or for a listed
        /// object the next position in `orders`.
        var next: Int
        /// Where `next` stops: the container's end index, or the end of its list.
        let end: Int
        /// How many elements or members have been written.
        var written = 0
    }

    /// The members of one key: the tape index of its first occurrence
    /// and of the one written (by the duplicate-key policy).
    struct Run {
        let first: Int
        let chosen: Int
    }

    init(
        options: JSON.SerializationOptions, layout: Layout, parsedWith parsing: JSON.ParseOptions, capacity: Int,
        flush: (([UInt8]) -> Bool)? = nil
    ) {
        writer = TokenWriter(options: options, capacity: capacity, flush: flush)
        self.layout = layout
        firstKeyWins = parsing.duplicateKeys == .firstWins
        keysAreUnique = parsing.duplicateKeys == .reject
        repairsUTF8 = parsing.looseUnicode
        keepsNumberText = options.numbersAsWritten
    }

    /// Writes the value whose entry is at `root`.
    mutating func write(
        _ tape: UnsafeBufferPointer<TapeEntry>, in input: UnsafeBufferPointer<UInt8>, from root: Int
    ) throws(WriteFailure) {
        do throws(WriteFailure) {
            if let frame = try writeScalarOrOpen(at: root, tape, input, depth: 0) { frames.append(frame) }
            try walk(tape, input)
        } catch {
            failedIndex = frames.isEmpty ? root : failedEntry(of: error.kind, tape)
            throw error
        }
    }

    /// The tape index of the value the walk stopped at on an error of
    /// `kind`, found once it stopped (the walk itself keeps no more than it
    /// needs): the first value of the last open container, from its `next`,
    /// that fails so, since the run that threw started there and wrote only
    /// scalars and empty containers before it.
    ///
    /// - Complexity: O(the elements of the last run).
    @inline(never)  // the error path
    private func failedEntry(of kind: JSON.SerializationError.Kind, _ tape: UnsafeBufferPointer<TapeEntry>) -> Int? {
        let frame = frames.last.pointee
        var next = frame.next
        // bounds proven for the tape reads below: the walk read these entries, below the container's end
        while next < frame.end {
            let value: Int
            if !frame.isObject {
                value = next
                next = tape[value].nextSibling(after: value)
            } else if !frame.isListed {
                value = next + 1
                next = tape[value].nextSibling(after: value)
            } else {
                value = orders[next] + 1  // bounds proven: next < end <= orders.count
                next += 1
            }
            if Self.fails(tape[value], kind) { return value }
        }
        return nil
    }

    /// Whether writing the value `entry` throws an error of `kind`: a
    /// non-finite double, or any array or object where one is too deep.
    private static func fails(_ entry: TapeEntry, _ kind: JSON.SerializationError.Kind) -> Bool {
        switch kind {
        case .nonFiniteNumber: return entry.kind == .double && !Double(bitPattern: entry.payload).isFinite
        case .tooDeep: return entry.kind == .array || entry.kind == .object
        }
    }

    /// Writes the elements of the open containers, innermost first, a run
    /// of them in one loop (as ``Serializer`` does).
    private mutating func walk(_ tape: UnsafeBufferPointer<TapeEntry>, _ input: UnsafeBufferPointer<UInt8>) throws(WriteFailure) {
        while !frames.isEmpty {
            let frame = frames.last
            let (end, depth) = (frame.pointee.end, frames.count)
            var (next, written) = (frame.pointee.next, frame.pointee.written)
            var opened: Frame?
            // bounds proven for the tape reads below: the scanner wrote every
            // container's end index, and each key's value, within the tape
            let (isObject, isListed) = (frame.pointee.isObject, frame.pointee.isListed)
            while next < end, opened == nil {
                writer.beginElement(written, depth: depth, layout)
                written += 1
                let value: Int
                if !isObject {
                    value = next
                    next = tape[value].nextSibling(after: value)
                } else if !isListed {
                    writeKey(tape[next], input)
                    value = next + 1
                    next = tape[value].nextSibling(after: value)
                } else {
                    let key = orders[next]  // bounds proven: next < end <= orders.count
                    next += 1
                    writeKey(tape[key], input)
                    value = key + 1
                }
                opened = try writeScalarOrOpen(at: value, tape, input, depth: depth)
            }
            if let opened {
                frame.pointee.next = next
                frame.pointee.written = written
                frames.append(opened)  // may move the frames: `frame` is not used after this
                continue
            }
            // A finished list wrote each of its entries: it starts `written` before its end.
            if isListed { orders.removeAll(after: end - written) }
            frames.removeLast()
            writer.close(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"), depth: depth - 1, layout)
        }
    }

    /// Writes a scalar or an empty container completely; for a non-empty
    /// container, `depth` levels down, writes the opening bracket and
    /// returns its frame.
    @inline(__always)
    private mutating func writeScalarOrOpen(
        at index: Int, _ tape: UnsafeBufferPointer<TapeEntry>, _ input: UnsafeBufferPointer<UInt8>, depth: Int
    ) throws(WriteFailure) -> Frame? {
        let entry = tape[index]  // bounds proven: callers pass entries of this tape
        switch entry.kind {
        case .null: writer.null()
        case .true: writer.bool(true)
        case .false: writer.bool(false)
        case .int64:
            if keepsNumberText, writeNumberText(entry, input) { return nil }
            let value = Int64(bitPattern: entry.payload)
            writer.output.appendInteger(value.magnitude, negative: value < 0)
        case .uint64:
            if keepsNumberText, writeNumberText(entry, input) { return nil }
            writer.output.appendInteger(entry.payload, negative: false)
        case .double:
            if keepsNumberText, writeNumberText(entry, input) { return nil }
            try writer.double(Double(bitPattern: entry.payload))
        case .decimal:
            writer.numberText(entry.rawBytes(in: input))
        case .string:
            if entry.flags & TapeEntry.needsDecoding != 0, repairsUTF8 {
                writer.string(entry.decodeString(in: input))
            } else {
                writer.string(text(of: entry, input))
            }
        case .array:
            try writer.checkDepth(depth)
            guard entry.endIndex > index + 1 else {
                writer.empty(object: false, depth: depth, layout)
                return nil
            }
            writer.open(UInt8(ascii: "["))
            return Frame(isObject: false, isListed: false, next: index + 1, end: entry.endIndex)
        case .object:
            try writer.checkDepth(depth)
            guard entry.endIndex > index + 1 else {
                writer.empty(object: true, depth: depth, layout)
                return nil
            }
            writer.open(UInt8(ascii: "{"))
            return openObject(at: index, entry, tape, input)
        }
        return nil
    }

    /// The frame of the non-empty object at `index`: its members in tape
    /// order, or listed in `orders` when sorted or when a key repeats.
    private mutating func openObject(
        at index: Int, _ object: TapeEntry, _ tape: UnsafeBufferPointer<TapeEntry>, _ input: UnsafeBufferPointer<UInt8>
    ) -> Frame {
        let sorted = writer.options.sortedKeys
        let sequential = Frame(isObject: true, isListed: false, next: index + 1, end: object.endIndex)
        guard sorted || !(keysAreUnique || uniqueKeys.hasUniqueKeys(object: index, count: object.count, tape, input)) else { return sequential }
        let start = orders.count
        let recorded = sorted ? keyOrders.order(of: index, tape, input) : nil
        // Each key's tape index by member position (the sorter's positions).
        keys.removeAll()
        if recorded == nil { sorter.removeAll() }
        var key = index + 1
        while key < object.endIndex {
            // bounds proven: keys and their values lie below the object's end index
            if recorded == nil { addToSorter(tape[key], position: keys.count, input) }
            keys.append(key)
            key = tape[key + 1].nextSibling(after: key + 1)
        }
        if let recorded {
            for position in recorded where position < keys.count { orders.append(keys[position]) }  // bounds proven: position < keys.count
            return Frame(isObject: true, isListed: true, next: start, end: orders.count)
        }
        sorter.sort()
        // One member per run of equal keys, with the value the policy keeps:
        // sorted, in key order; otherwise where the key first appears.
        runs.removeAll()
        var first = 0
        while first < sorter.count {
            var last = first
            while last + 1 < sorter.count, sorter.keysEqual(last, last + 1) { last += 1 }
            let chosen = keys[sorter.position(at: firstKeyWins ? first : last)]  // bounds proven: positions < keys.count
            if sorted {
                orders.append(chosen)
            } else {
                runs.append(Run(first: keys[sorter.position(at: first)], chosen: chosen))  // bounds proven: as above
            }
            first = last + 1
        }
        if sorted {
            if orders.count - start == keys.count { keyOrders.record(index, sortedBy: sorter, tape) }
        } else {
            var all = runs.suffix(from: 0)
            all.sort { $0.first < $1.first }
            for run in all { orders.append(run.chosen) }
        }
        return Frame(isObject: true, isListed: true, next: start, end: orders.count)
    }

    /// Adds the key `entry`, at member `position`, to the sorter.
    @inline(__always)
    private mutating func addToSorter(_ entry: TapeEntry, position: Int, _ input: UnsafeBufferPointer<UInt8>) {
        if entry.flags & TapeEntry.needsDecoding == 0 {
            sorter.append(entry.rawBytes(in: input), position: position)
        } else if repairsUTF8 {
            sorter.append(copying: entry.decodeString(in: input), position: position)
        } else {
            sorter.append(copying: text(of: entry, input), position: position)
        }
    }

    /// Writes the number `entry` as its text in the input when that text
    /// is an RFC 8259 number; `false`, having written nothing, otherwise.
    private mutating func writeNumberText(_ entry: TapeEntry, _ input: UnsafeBufferPointer<UInt8>) -> Bool {
        let (length, isJSON) = entry.numberText(in: input)
        guard isJSON else { return false }
        // bounds proven: the text measured lies within the input, from the entry's offset
        writer.numberText(UnsafeBufferPointer(rebasing: input[entry.offset..<entry.offset + length]))
        return true
    }

    /// Writes an object key and its colon.
    @inline(__always)
    private mutating func writeKey(_ entry: TapeEntry, _ input: UnsafeBufferPointer<UInt8>) {
        if entry.flags & TapeEntry.needsDecoding != 0, repairsUTF8 {
            writer.key(entry.decodeString(in: input), layout)
        } else {
            writer.key(text(of: entry, input), layout)
        }
    }

    /// The UTF-8 of a string entry: its input bytes as they stand, or with
    /// escapes decoded into `scratch` (valid until the next decoding).
    @inline(__always)
    private mutating func text(of entry: TapeEntry, _ input: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let raw = entry.rawBytes(in: input)
        guard entry.flags & TapeEntry.needsDecoding != 0 else { return raw }
        scratch.removeAll()
        let room = scratch.reserve(raw.count)
        return UnsafeBufferPointer(start: room, count: decodeEscapes(raw, into: UnsafeMutableBufferPointer(start: room, count: raw.count)))
    }
}
