/// The strings of a file's table that name members of objects and records
/// (of two members or more, for `Binary.Decoder`'s index: see
/// ``BinaryTape``), found by their bytes. Readers add each name the first time it is used and
/// learn the first equal string of the table (its "first index"), so names
/// compare by index even in a file that holds a string twice; decoders look
/// a model's key up here once and then compare table indexes, and a key that
/// names no member anywhere in the file is known to be missing at once.
///
/// ```swift
/// var names = BinaryMemberNames()
/// let first = names.insert(7, bytes: utf8) { other in bytesOf(other) }   // 7, or an equal earlier name
/// ```
struct BinaryMemberNames {
    /// Open addressing: 0 is empty, otherwise the top 32 bits of the hash
    /// and the string's table index + 1.
    private var slots = [UInt64](repeating: 0, count: 16)
    private var count = 0
    /// The hash of the slots: seeded once names chosen to collide made an
    /// insertion probe more than ``BinaryByteHash/maxProbes`` slots.
    private var hasher = BinaryByteHash()
    /// The slots looked at past the first while placing the names (for
    /// tests of the bound ``BinaryByteHash`` keeps).
    private(set) var probes = 0
    /// Whether two table strings that name members are equal (a file whose
    /// writer did not keep each string once): lookups must then compare names.
    private(set) var hasDuplicates = false

    /// Adds string `index`, whose UTF-8 is `bytes`, as a member name; returns
    /// the first index of a name with the same bytes (`index` when it is
    /// new). `bytesOf` gives the UTF-8 of a string added before.
    mutating func insert(_ index: Int, bytes: UnsafeBufferPointer<UInt8>, bytesOf: (Int) -> UnsafeBufferPointer<UInt8>) -> Int {
        let hash = hasher.hash(bytes)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        var chain = 0
        while slots[slot] != 0 {
            let other = Int(truncatingIfNeeded: slots[slot] & 0xFFFF_FFFF) - 1
            if slots[slot] >> 32 == hash >> 32, bytesEqual(bytes, bytesOf(other)) {
                // A repeat is not placed, so repeats never lengthen a chain.
                if other != index { hasDuplicates = true }
                return other
            }
            slot = (slot + 1) & mask
            chain += 1
            probes += 1
            if chain > BinaryByteHash.maxProbes, !hasher.isSeeded {
                hasher.seed()
                place(size: slots.count, bytesOf: bytesOf)
                return insert(index, bytes: bytes, bytesOf: bytesOf)
            }
        }
        slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(index + 1)
        count += 1
        if 2 * count > slots.count { place(size: slots.count * 2, bytesOf: bytesOf) }
        return index
    }

    /// Places every name again in `size` slots (after growing, or taking the seeded hash).
    private mutating func place(size: Int, bytesOf: (Int) -> UnsafeBufferPointer<UInt8>) {
        let mask = size - 1
        var placed = [UInt64](repeating: 0, count: size)
        for entry in slots where entry != 0 {
            let hash = hasher.hash(bytesOf(Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1))
            var slot = Int(truncatingIfNeeded: hash) & mask
            while placed[slot] != 0 { slot = (slot + 1) & mask }
            placed[slot] = hash & 0xFFFF_FFFF_0000_0000 | (entry & 0xFFFF_FFFF)
        }
        slots = placed
    }

    /// The table index of the member name `name` (the first one, if it is
    /// there twice); `matches` tells whether a table string has its bytes.
    func index(of name: UnsafeBufferPointer<UInt8>, matches: (Int) -> Bool) -> Int? {
        let hash = hasher.hash(name)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let index = Int(truncatingIfNeeded: slots[slot] & 0xFFFF_FFFF) - 1
            if slots[slot] >> 32 == hash >> 32, matches(index) { return index }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
