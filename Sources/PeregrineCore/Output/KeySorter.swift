/// Orders one object's members by their keys' UTF-8 bytes — the order of
/// their Unicode scalars — for sorted output, and finds keys that repeat
/// (the document writer's objects can hold them: equal keys end up side by side).
///
/// Each key is read once into a 16-byte big-endian prefix, so most
/// comparisons are one or two integer comparisons; keys with equal prefixes
/// compare the rest of their bytes, which stay where they are (a document's
/// input) or are copied once into the sorter's own buffer (a value's
/// `String`s, a document's escaped keys). Equal keys keep member order, so a
/// repeated key's occurrences come out first to last.
///
/// ```swift
/// sorter.removeAll()
/// for (position, key) in keys.enumerated() { sorter.append(copying: key, position: position) }
/// sorter.sort()
/// let first = sorter.position(at: 0)
/// ```
///
/// - Complexity: O(n log n) comparisons for n keys; a comparison costs
///   O(1) unless two keys share their first 16 bytes, then at most the
///   length of the shorter.
struct KeySorter: ~Copyable {
    /// One key: where its bytes are and its member's position.
    struct Key {
        /// The first 16 bytes, big-endian, zero-padded.
        let high: UInt64
        let low: UInt64
        /// The address of the first byte, or its offset in `copies`.
        let start: Int
        let count: Int
        let isCopy: Bool
        /// The member's position (an index, or a tape index).
        let position: Int
    }

    private var keys = GrowingBuffer<Key>()
    /// The bytes of the keys that had to be copied.
    private var copies = OutputBuffer()

    /// How many keys have been added.
    var count: Int { keys.count }

    /// Forgets the keys, keeping the memory.
    mutating func removeAll() {
        keys.removeAll()
        copies.removeAll()
    }

    /// Adds a key whose bytes stay where they are until the sort is used.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, position: Int) {
        let (high, low) = Self.prefix(of: bytes)
        keys.append(Key(high: high, low: low, start: Int(bitPattern: bytes.baseAddress), count: bytes.count, isCopy: false, position: position))
    }

    /// Adds a key, copying its bytes (past 16: the prefix holds the rest).
    mutating func append(copying bytes: UnsafeBufferPointer<UInt8>, position: Int) {
        let (high, low) = Self.prefix(of: bytes)
        keys.append(Key(high: high, low: low, start: copies.count, count: bytes.count, isCopy: true, position: position))
        if bytes.count > 16 { copies.append(bytes) }
    }

    /// Adds a key, copying its UTF-8.
    mutating func append(copying key: String, position: Int) {
        if let done: Void = key.utf8.withContiguousStorageIfAvailable({ append(copying: $0, position: position) }) { return done }
        var key = key
        key.withUTF8 { append(copying: $0, position: position) }
    }

    /// Sorts the keys added: by binary insertion up to 64 keys (most
    /// objects: the standard sort sorts up to 64 by plain insertion too,
    /// about n²/4 comparisons, each moving a key), by the standard sort
    /// beyond, whose worst case is O(n log n).
    mutating func sort() {
        copies.withElements { copies in
            let base = Int(bitPattern: copies.baseAddress)
            let all = keys.suffix(from: 0)
            guard all.count <= 64 else {
                var all = all
                return all.sort { Self.precedes($0, $1, copies: base) }
            }
            guard let start = all.baseAddress else { return }
            for sorted in 1..<max(all.count, 1) {
                let key = all[sorted]
                // The first of all[0..<sorted] that `key` precedes: no two keys are equal (positions differ).
                var low = 0
                var high = sorted
                while low < high {
                    let middle = (low + high) / 2
                    if Self.precedes(key, all[middle], copies: base) { high = middle } else { low = middle + 1 }
                }
                guard low < sorted else { continue }
                // bounds proven: low < sorted < all.count, so the keys low..<sorted move to low + 1...sorted (overlapping, as `update` allows)
                (start + low + 1).update(from: start + low, count: sorted - low)
                start[low] = key
            }
        }
    }

    /// Sorts `count` keys, the key at position `i` being `key(i)` (its
    /// UTF-8 copied), and writes their positions in key order to `out`
    /// (room for `count`): what every sorted writer does for an object
    /// whose order it has not seen.
    @inline(__always)
    mutating func writeOrder(of count: Int, into out: UnsafeMutablePointer<Int>, key: (Int) -> String) {
        removeAll()
        for position in 0..<count { append(copying: key(position), position: position) }
        sort()
        for rank in 0..<count { out[rank] = keys[rank].position }  // bounds proven: rank < count = keys.count, `out`'s room
    }

    /// The position of the `index`th key in order.
    func position(at index: Int) -> Int { keys[index].position }

    /// Whether the keys at `first` and `second` (in the order of the last
    /// sort, or as added) are equal.
    func keysEqual(_ first: Int, _ second: Int) -> Bool {
        let (a, b) = (keys[first], keys[second])
        guard a.high == b.high, a.low == b.low, a.count == b.count else { return false }
        return copies.withElements { copies in
            let base = Int(bitPattern: copies.baseAddress)
            return Self.compareRest(a, b, copies: base) == 0
        }
    }

    /// Whether `a` comes before `b`: by bytes, then by position.
    @inline(__always)
    private static func precedes(_ a: Key, _ b: Key, copies: Int) -> Bool {
        if a.high != b.high { return a.high < b.high }
        if a.low != b.low { return a.low < b.low }
        let order = compareRest(a, b, copies: copies)
        if order != 0 { return order < 0 }
        return a.position < b.position
    }

    /// Compares two keys with equal prefixes past their 16th byte, then by
    /// length: negative, zero or positive. (Keys of 16 bytes or fewer have
    /// no bytes past their prefix, nor any copied.)
    private static func compareRest(_ a: Key, _ b: Key, copies: Int) -> Int {
        let common = min(a.count, b.count)
        if common > 16,
            let left = UnsafeRawPointer(bitPattern: a.isCopy ? copies + a.start : a.start),
            let right = UnsafeRawPointer(bitPattern: b.isCopy ? copies + b.start : b.start)
        {
            // bounds proven: every load ends within the first `common` bytes of both keys
            var offset = 16
            while offset < common {
                let width = min(8, common - offset)
                let shift = 8 * (8 - width)
                let x = UInt64(bigEndian: left.loadUnaligned(fromByteOffset: offset + width - 8, as: UInt64.self)) << shift
                let y = UInt64(bigEndian: right.loadUnaligned(fromByteOffset: offset + width - 8, as: UInt64.self)) << shift
                if x != y { return x < y ? -1 : 1 }
                offset += width
            }
        }
        return a.count - b.count
    }

    /// The first 16 bytes of `bytes` as two big-endian words, zero-padded,
    /// read as overlapping loads (no byte loop).
    @inline(__always)
    private static func prefix(of bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        let count = bytes.count
        guard let start = bytes.baseAddress, count > 0 else { return (0, 0) }
        let raw = UnsafeRawPointer(start)
        // bounds proven for every load below: each lies within the first `count` bytes
        func word(at offset: Int) -> UInt64 { UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        if count >= 16 { return (word(at: 0), word(at: 8)) }
        if count >= 8 { return (word(at: 0), count == 8 ? 0 : word(at: count - 8) << (8 * (16 - count))) }
        if count >= 4 {
            let first = UInt64(UInt32(bigEndian: raw.loadUnaligned(as: UInt32.self)))
            let last = UInt64(UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            return (first << 32 | last << (64 - 8 * count), 0)
        }
        var high = UInt64(start[0]) << 56
        if count > 1 { high |= UInt64(start[1]) << 48 }
        if count > 2 { high |= UInt64(start[2]) << 40 }
        return (high, 0)
    }
}
