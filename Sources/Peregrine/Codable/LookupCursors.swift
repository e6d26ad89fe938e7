/// Where the last member lookup stopped, for up to 64 open objects at once:
/// models ask for members in the order they were written, so a lookup
/// starts at the member after the last one found. Slot `object % 64`
/// holds the object's tape index and that member; another object taking
/// the slot only costs a longer lookup.
struct LookupCursors: ~Copyable {
    private let slots: UnsafeMutablePointer<(object: Int, next: Int)>
    private static let count = 64

    init() {
        slots = .allocate(capacity: Self.count)
        slots.initialize(repeating: (-1, 0), count: Self.count)
    }

    deinit {
        slots.deallocate()
    }

    /// Where the next lookup in `object` starts, or `nil` when unknown.
    func start(in object: Int) -> Int? {
        let slot = slots[object & (Self.count - 1)]  // bounds proven: masked below count
        return slot.object == object ? slot.next : nil
    }

    /// Records that the next lookup in `object` starts at `next`.
    func set(_ next: Int, in object: Int) {
        slots[object & (Self.count - 1)] = (object, next)  // bounds proven: masked below count
    }
}
