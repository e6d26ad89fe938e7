/// The strings of a file's table that name members of objects and records,
/// found by their bytes: decoders look a model's key up here once and then
/// compare table indexes, and a key that names no member anywhere in the
/// file is known to be missing without looking at any object.
struct BinaryMemberNames {
    /// Open addressing: 0 is empty, otherwise the top 32 bits of the hash
    /// and the string's table index + 1.
    private let slots: [UInt64]
    /// The hash of the slots: seeded if names chosen to collide made an
    /// insertion probe more than ``BinaryByteHash/maxProbes`` slots.
    private let hasher: BinaryByteHash
    /// The slots looked at past the first while placing the names (for
    /// tests of the bound ``BinaryByteHash`` keeps).
    let probes: Int
    /// Whether two table strings that name members are equal (a file whose
    /// writer did not keep each string once): lookups must then compare names.
    let hasDuplicates: Bool

    /// Indexes the strings of `isMemberName` whose bytes are at `starts`
    /// and `lengths` in `input` (where the reader found them: every range
    /// below is inside `input`).
    init(isMemberName: [Bool], starts: [Int], lengths: [Int], input: UnsafeBufferPointer<UInt8>) {
        let count = isMemberName.reduce(0) { $1 ? $0 + 1 : $0 }
        var size = 16
        while size < 2 * count { size *= 2 }
        var hasher = BinaryByteHash()
        var probes = 0
        while true {
            if let (slots, hasDuplicates) = Self.place(
                isMemberName, starts: starts, lengths: lengths, input: input, size: size, hasher: hasher, probes: &probes)
            {
                self.slots = slots
                self.hasDuplicates = hasDuplicates
                self.hasher = hasher
                self.probes = probes
                return
            }
            hasher.seed()
        }
    }

    /// The slots for the member names, or `nil` when an insertion probed
    /// more than ``BinaryByteHash/maxProbes`` slots under the unseeded hash.
    private static func place(
        _ isMemberName: [Bool], starts: [Int], lengths: [Int], input: UnsafeBufferPointer<UInt8>, size: Int, hasher: BinaryByteHash,
        probes: inout Int
    ) -> (slots: [UInt64], hasDuplicates: Bool)? {
        let mask = size - 1
        var slots = [UInt64](repeating: 0, count: size)
        var hasDuplicates = false
        names: for (index, isName) in isMemberName.enumerated() where isName {
            let bytes = UnsafeBufferPointer(rebasing: input[starts[index]..<starts[index] + lengths[index]])  // bounds proven: a string of the table
            let hash = hasher.hash(bytes)
            var slot = Int(truncatingIfNeeded: hash) & mask
            var chain = 0
            while slots[slot] != 0 {
                let other = Int(truncatingIfNeeded: slots[slot] & 0xFFFF_FFFF) - 1
                if slots[slot] >> 32 == hash >> 32,
                    bytesEqual(bytes, UnsafeBufferPointer(rebasing: input[starts[other]..<starts[other] + lengths[other]]))  // bounds proven: a string of the table
                {
                    // Lookups find the first; a repeat is not placed, so repeats never lengthen a chain.
                    hasDuplicates = true
                    continue names
                }
                slot = (slot + 1) & mask
                chain += 1
                probes += 1
                if chain > BinaryByteHash.maxProbes, !hasher.isSeeded { return nil }
            }
            slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(index + 1)
        }
        return (slots, hasDuplicates)
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
