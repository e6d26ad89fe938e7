/// The string table a ``BinaryWriter`` builds: each distinct string once, in
/// order of first use, already laid out as the file stores it (varint length,
/// UTF-8 bytes). Strings are found again through an open-addressing table of
/// hashes of their bytes, compared byte for byte only when the hashes agree.
///
/// The bytes are a buffer the table refers to, so copies of a table share
/// them: each table is one stored property of one writer.
struct BinaryStringTable {
    private let storage = BinaryByteBuffer(capacity: 0)
    /// Where each string's UTF-8 is in ``bytes``, and its full hash (for
    /// growing the slots), by index.
    private var strings: [(start: Int, count: Int, hash: UInt64)] = []
    /// Open addressing: 0 is empty, otherwise the top 32 bits of the hash
    /// and the string's index + 1.
    private var slots: [UInt64] = Array(repeating: 0, count: 64)

    /// The number of strings.
    var count: Int { strings.count }

    /// The table as the file stores it, without its leading count.
    var bytes: UnsafeRawBufferPointer { storage.bytes }

    /// String `index` of the table ("" past its end).
    func string(at index: Int) -> String {
        guard index < strings.count else { return "" }
        let string = strings[index]
        return String(decoding: storage.bytes(from: string.start, count: string.count), as: UTF8.self)
    }

    /// The index of the string whose UTF-8 is `utf8`, adding it when new.
    @inline(__always)
    mutating func index(of utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(utf8)
        let mask = slots.count - 1
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let index = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                if matches(index, utf8) { return index }
            }
            slot = (slot + 1) & mask
        }
        let index = strings.count
        storage.appendVarint(UInt64(utf8.count))
        strings.append((storage.count, utf8.count, hash))
        storage.append(UnsafeRawBufferPointer(utf8))
        slots[slot] = tag | UInt64(index + 1)
        if 2 * strings.count > slots.count { grow() }
        return index
    }

    /// Whether string `index` has exactly the bytes `utf8`.
    @inline(__always)
    private func matches(_ index: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let string = strings[index]
        guard string.count == utf8.count else { return false }
        return bytesEqual(utf8, storage.bytes(from: string.start, count: string.count))
    }

    /// Doubles the slots and places every string again.
    private mutating func grow() {
        let size = slots.count * 2
        let mask = size - 1
        var grown = [UInt64](repeating: 0, count: size)
        for (index, string) in strings.enumerated() {
            let hash = string.hash
            var slot = Int(truncatingIfNeeded: hash) & mask
            while grown[slot] != 0 { slot = (slot + 1) & mask }
            grown[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(index + 1)
        }
        slots = grown
    }

    /// A hash of all of `bytes`: eight at a time, the last eight (or fewer)
    /// read with overlapping loads.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawBufferPointer(bytes)
        let count = raw.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var last: UInt64
        // Each load reads its width at an offset in 0...count - width (bounds proven by the branch taken).
        if count >= 8 {
            var offset = 0
            while offset &+ 8 < count {  // offset < count, a buffer's size: no overflow
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                hash ^= hash >> 29
                offset &+= 8
            }
            last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            last = UInt64(raw.loadUnaligned(as: UInt32.self)) << 32 | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        } else if count > 0 {
            last = UInt64(raw[0]) << 16 | UInt64(raw[count / 2]) << 8 | UInt64(raw[count - 1])
        } else {
            last = 0
        }
        hash = (hash ^ last) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 32)
    }
}
