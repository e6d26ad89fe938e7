/// The string table a ``BinaryWriter`` builds: each distinct string once, in
/// order of first use, already laid out as the file stores it (varint length,
/// UTF-8 bytes). Strings are found again through an open-addressing table of
/// hashes of their bytes (``BinaryByteHash``: a lookup probes at most
/// ``BinaryByteHash/maxProbes`` slots before the table switches to a seeded
/// hash), compared byte for byte only when the hashes agree.
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
    private var hasher = BinaryByteHash()
    /// The slots looked at past the first, over all lookups (for tests of
    /// the bound ``BinaryByteHash`` keeps).
    private(set) var probes = 0

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
        let hash = hasher.hash(utf8)
        let mask = slots.count - 1
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        var chain = 0
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let index = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                if matches(index, utf8) { return index }
            }
            slot = (slot + 1) & mask
            chain &+= 1  // at most slots.count: no overflow
            probes &+= 1
            if chain > BinaryByteHash.maxProbes, !hasher.isSeeded {
                seedHash()
                return index(of: utf8)
            }
        }
        let index = strings.count
        storage.appendVarint(UInt64(utf8.count))
        strings.append((storage.count, utf8.count, hash))
        storage.append(UnsafeRawBufferPointer(utf8))
        slots[slot] = tag | UInt64(index + 1)
        if 2 * strings.count > slots.count { place(size: slots.count * 2) }
        return index
    }

    /// Whether the table has taken the seeded hash.
    var isSeeded: Bool { hasher.isSeeded }

    /// Whether string `index` has exactly the bytes `utf8`.
    @inline(__always)
    private func matches(_ index: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let string = strings[index]
        guard string.count == utf8.count else { return false }
        return bytesEqual(utf8, storage.bytes(from: string.start, count: string.count))
    }

    /// Takes the seeded hash: hashes every string again and places it.
    private mutating func seedHash() {
        hasher.seed()
        for index in strings.indices {
            strings[index].hash = hasher.hash(storage.bytes(from: strings[index].start, count: strings[index].count))
        }
        place(size: slots.count)
    }

    /// Places every string again in `size` slots.
    private mutating func place(size: Int) {
        let mask = size - 1
        var placed = [UInt64](repeating: 0, count: size)
        for index in strings.indices {
            let hash = strings[index].hash
            var slot = Int(truncatingIfNeeded: hash) & mask
            while placed[slot] != 0 { slot = (slot + 1) & mask }
            placed[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(index + 1)
        }
        slots = placed
    }
}
