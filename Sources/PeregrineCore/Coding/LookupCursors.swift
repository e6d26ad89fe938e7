/// Where the last member lookup stopped, for up to 64 open objects at once:
/// models ask for members in the order they were written, so a lookup
/// starts at the member after the last one found. Slot `object % 64` of a
/// ``SlotTable`` holds the object's tape index, that member and, when the
/// object's key check gave them, the lengths of its names (a name of
/// another length is not there: no need to go round the object for it).
/// Another object taking the slot only costs a longer lookup.
struct LookupCursors: ~Copyable {
    /// One object's cursor.
    struct Cursor: TableSlot {
        var object: Int
        var next: Int
        var lengths: UInt64

        static var empty: Cursor { Cursor(object: -1, next: 0, lengths: ~0) }
        var isEmpty: Bool { object == -1 }
    }

    private var slots = SlotTable<Cursor>(size: 64)

    /// Starts the lookups of `object` at `first`, its first member, with
    /// the lengths of its names (``UniqueKeyCheck/lengthBit(_:)`` of each;
    /// all bits when they are not known).
    mutating func open(_ object: Int, first: Int, nameLengths: UInt64) {
        slots[object] = Cursor(object: object, next: first, lengths: nameLengths)
        slots.checkSlot(object, limit: 1) { $0.object }
    }

    /// Where the next lookup in `object` starts, or `nil` when unknown.
    @inline(__always)
    func start(in object: Int) -> Int? {
        let slot = slots[object]
        return slot.object == object ? slot.next : nil
    }

    /// Whether `object` may have a name of `length` bytes: `false` only when
    /// its names' lengths are known and none is `length`.
    func mayHaveName(ofLength length: Int, in object: Int) -> Bool {
        let slot = slots[object]
        return slot.object != object || slot.lengths & UniqueKeyCheck.lengthBit(length) != 0
    }

    /// Records that the next lookup in `object` starts at `next`.
    @inline(__always)
    mutating func set(_ next: Int, in object: Int) {
        // The lengths stay while the slot is this object's.
        let lengths = slots[object].object == object ? slots[object].lengths : ~0
        slots[object] = Cursor(object: object, next: next, lengths: lengths)
    }
}
