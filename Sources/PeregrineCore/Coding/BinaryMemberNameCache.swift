/// The string-table index of each member name one ``Binary/Encoder`` call
/// has written, found again by its key's type and value, so that a name met
/// again is neither hashed nor compared byte for byte.
///
/// Only keys of at most one byte (enums without payloads, the usual
/// `CodingKeys`) are kept: such a value holds no reference, so its byte
/// is all of it and names its `stringValue`.
struct BinaryMemberNameCache: ~Copyable {
    /// A key's ``identity(of:)`` (0: empty) and the table index of its name.
    struct Entry: TableSlot {
        var identity: UInt64
        var index: Int

        static var empty: Entry { Entry(identity: 0, index: 0) }
        var isEmpty: Bool { identity == 0 }
    }

    private var entries = SlotTable<Entry>(size: 64)

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
        guard let slot = entries.firstSlot(from: Self.hash(identity), where: { $0.identity == identity }) else { return nil }
        let entry = entries[slot]
        return entry.isEmpty ? nil : entry.index
    }

    /// Records that the name of the key whose identity is `identity` is at `index` in the table.
    mutating func add(_ identity: UInt64, index: Int) {
        guard let slot = entries.firstSlot(from: Self.hash(identity), where: { $0.identity == identity }),
            entries[slot].isEmpty
        else { return }
        entries.insert(Entry(identity: identity, index: index), at: slot)
        entries.checkSlot(slot) { Self.hash($0.identity) }
        if entries.isOverHalfFull { entries.grow { Self.hash($0.identity) } }
    }

    @inline(__always)
    private static func hash(_ identity: UInt64) -> Int {
        Int(truncatingIfNeeded: (identity &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }
}
