/// Where the last member lookup stopped, for up to 64 open objects at once:
/// models ask for members in the order they were written, so a lookup
/// starts at the member after the last one found. Slot `object % 64`
/// holds the object's tape index, that member and, when the object's key
/// check gave them, the lengths of its names (a name of another length is
/// not there: no need to go round the object for it). Another object
/// taking the slot only costs a longer lookup.
struct LookupCursors: ~Copyable {
    private let slots: UnsafeMutablePointer<(object: Int, next: Int, lengths: UInt64)>
    private static let count = 64

    init() {
        slots = .allocate(capacity: Self.count)
        slots.initialize(repeating: (-1, 0, ~0), count: Self.count)
    }

    deinit {
        slots.deallocate()
    }

    /// Starts the lookups of `object` at `first`, its first member, with
    /// the lengths of its names (``UniqueKeyCheck/lengthBit(_:)`` of each;
    /// all bits when they are not known).
    func open(_ object: Int, first: Int, nameLengths: UInt64) {
        slots[object & (Self.count - 1)] = (object, first, nameLengths)  // bounds proven: masked below count
    }

    /// Where the next lookup in `object` starts, or `nil` when unknown.
    @inline(__always)
    func start(in object: Int) -> Int? {
        let slot = slots[object & (Self.count - 1)]  // bounds proven: masked below count
        return slot.object == object ? slot.next : nil
    }

    /// Whether `object` may have a name of `length` bytes: `false` only when
    /// its names' lengths are known and none is `length`.
    func mayHaveName(ofLength length: Int, in object: Int) -> Bool {
        let slot = slots[object & (Self.count - 1)]  // bounds proven: masked below count
        return slot.object != object || slot.lengths & UniqueKeyCheck.lengthBit(length) != 0
    }

    /// Records that the next lookup in `object` starts at `next`.
    @inline(__always)
    func set(_ next: Int, in object: Int) {
        let index = object & (Self.count - 1)
        // bounds proven: masked below count. The lengths stay while the slot is this object's.
        slots[index] = (object, next, slots[index].object == object ? slots[index].lengths : ~0)
    }
}
