/// The string-table index of each member name one ``Binary/Encoder`` call
/// has written, found again by its key's type and value, so that a name met
/// again is neither hashed nor compared byte for byte.
///
/// Only keys of at most one byte (enums without payloads, the usual
/// `CodingKeys`) are kept: such a value holds no reference, so its byte
/// is all of it and names its `stringValue`.
struct BinaryMemberNameCache {
    /// Open addressing: 0 is empty, otherwise a key's ``identity(of:)``.
    private var identities: [UInt64] = Array(repeating: 0, count: 64)
    /// The table index of the name of the key in the same slot of ``identities``.
    private var indexes: [Int] = Array(repeating: 0, count: 64)
    private var count = 0

    /// Its type's identity and its byte, when `key` is at most one byte and
    /// its type's address fits in 56 bits; `nil` otherwise. Never 0.
    @inline(__always)
    static func identity<Key: CodingKey>(of key: Key) -> UInt64? {
        let size = MemoryLayout<Key>.size
        guard size <= 1 else { return nil }
        let type = UInt64(UInt(bitPattern: ObjectIdentifier(Key.self)))
        guard type >> 56 == 0 else { return nil }
        // The sizes are equal (one byte), as unsafeBitCast requires.
        return type << 8 | (size == 0 ? 0 : UInt64(unsafeBitCast(key, to: UInt8.self)))
    }

    /// The table index of the name of the key whose identity is `identity`, if it was added.
    @inline(__always)
    func index(of identity: UInt64) -> Int? {
        let mask = identities.count - 1
        var slot = Self.slot(of: identity, mask: mask)
        while true {
            let found = identities[slot]
            if found == identity { return indexes[slot] }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Records that the name of the key whose identity is `identity` is at `index` in the table.
    mutating func add(_ identity: UInt64, index: Int) {
        let mask = identities.count - 1
        var slot = Self.slot(of: identity, mask: mask)
        while identities[slot] != 0 {
            if identities[slot] == identity { return }
            slot = (slot + 1) & mask
        }
        identities[slot] = identity
        indexes[slot] = index
        count += 1
        if 2 * count > identities.count { grow() }
    }

    @inline(__always)
    private static func slot(of identity: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (identity &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    /// Doubles the slots and places every entry again.
    private mutating func grow() {
        let oldIdentities = identities
        let oldIndexes = indexes
        identities = Array(repeating: 0, count: oldIdentities.count * 2)
        indexes = Array(repeating: 0, count: oldIdentities.count * 2)
        let mask = identities.count - 1
        for (identity, index) in zip(oldIdentities, oldIndexes) where identity != 0 {
            var slot = Self.slot(of: identity, mask: mask)
            while identities[slot] != 0 { slot = (slot + 1) & mask }
            identities[slot] = identity
            indexes[slot] = index
        }
    }
}
