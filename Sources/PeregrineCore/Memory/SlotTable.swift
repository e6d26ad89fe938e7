/// A slot of a ``SlotTable``: a value that can say it is empty.
///
/// ```swift
/// extension UInt64: TableSlot {
///     static var empty: UInt64 { 0 }
///     var isEmpty: Bool { self == 0 }
/// }
/// ```
protocol TableSlot {
    /// What an empty slot holds.
    static var empty: Self { get }
    /// Whether this is an empty slot.
    var isEmpty: Bool { get }
}

/// The slots of an open-addressing table or cache, a power of two of them,
/// in memory the table owns: every probe table and cache of the library
/// keeps its slots in one. The owner decides what a slot holds and how a
/// key hashes; the table gives each hash its home slot, steps to the next
/// slot (linear probing, going round), keeps ``count`` of the slots that
/// are not empty, and places every entry again when it grows. A slot
/// index is masked on every access, so no slot index reads outside.
///
/// A lookup walks from the home slot until it finds its entry or an empty
/// slot; owners keep the table at most half full (``isOverHalfFull``), or
/// bound their probes (`limit`) and drop what finds no room.
///
/// ```swift
/// var table = SlotTable<UInt64>(size: 16)
/// let slot = table.firstSlot(from: hash) { $0 == entry }   // the entry's slot, or an empty one
/// if let slot, table[slot].isEmpty { table.insert(entry, at: slot) }
/// if table.isOverHalfFull { table.grow { hash(of: $0) } }
/// ```
struct SlotTable<Slot: TableSlot>: ~Copyable {
    private var slots: UnsafeMutablePointer<Slot>
    /// The number of slots less one (the slots are a power of two).
    private(set) var mask: Int
    /// How many entries ``insert(_:at:)`` put in (caches that only
    /// overwrite slots leave it 0).
    private(set) var count = 0

    /// Empty slots, at least `size` of them (a power of two, at least 2).
    init(size: Int) {
        var rounded = 2
        while rounded < size { rounded &*= 2 }  // sizes are small constants or twice a count: no overflow
        mask = rounded - 1
        slots = .allocate(capacity: rounded)
        slots.initialize(repeating: .empty, count: rounded)
    }

    deinit {
        slots.deinitialize(count: mask &+ 1)
        slots.deallocate()
    }

    /// The number of slots.
    var size: Int { mask &+ 1 }

    /// Whether more than half the slots are taken: time to ``grow(hash:)``.
    var isOverHalfFull: Bool { count &* 2 > mask &+ 1 }

    /// The slot where a lookup of `hash` starts.
    @inline(__always)
    func home(of hash: Int) -> Int { hash & mask }

    /// The slot after `slot`, going round.
    @inline(__always)
    func slot(after slot: Int) -> Int { (slot &+ 1) & mask }

    /// What slot `slot` holds (masked: any integer names a slot). Setting
    /// it replaces what is there without counting: for caches, which
    /// overwrite their slots; tables that count fill them with ``insert(_:at:)``.
    @inline(__always)
    subscript(slot: Int) -> Slot {
        get { slots[slot & mask] }  // bounds proven: masked below size
        set { slots[slot & mask] = newValue }  // bounds proven: masked below size
    }

    /// Puts `entry` in `slot`, an empty one, and counts it.
    @inline(__always)
    mutating func insert(_ entry: Slot, at slot: Int) {
        assert(slots[slot & mask].isEmpty, "inserting into a taken slot")
        slots[slot & mask] = entry  // bounds proven: masked below size
        count &+= 1  // at most size: no overflow
    }

    /// The first slot from the home of `hash` that is empty or whose entry
    /// `matches`, looking at `limit` slots at most (all of them by default);
    /// `nil` when none of those is.
    @inline(__always)
    func firstSlot(from hash: Int, limit: Int = .max, where matches: (Slot) -> Bool) -> Int? {
        var slot = hash & mask
        var left = min(limit, mask &+ 1)
        while left > 0 {
            let entry = slots[slot]  // bounds proven: masked below size
            if entry.isEmpty || matches(entry) { return slot }
            slot = (slot &+ 1) & mask
            left &-= 1  // above 0: no overflow
        }
        return nil
    }

    /// Moves the entries to `size` slots (twice as many by default; as many
    /// to place them again after the owner's hash changed), each
    /// at the first empty slot within `limit` of the home of its `hash`;
    /// those that find none are dropped (bounded caches find them again).
    mutating func grow(to size: Int? = nil, limit: Int = .max, hash: (Slot) -> Int) {
        var grown = SlotTable(size: size ?? (mask &+ 1) * 2)
        for index in 0...mask {
            let entry = slots[index]  // bounds proven: index <= mask
            guard !entry.isEmpty, let slot = grown.firstSlot(from: hash(entry), limit: limit, where: { _ in false }) else { continue }
            grown.insert(entry, at: slot)
        }
        self = grown
        checkInvariants(limit: limit, hash: hash)
    }

    /// Stops the program when the table's bookkeeping is wrong: debug
    /// builds only (release builds compile nothing). The slots are a power
    /// of two, ``count`` counts the entries (of a table filled with
    /// ``insert(_:at:)``), and each entry is found from
    /// the home of its `hash`, within `limit` slots, with no empty slot on
    /// the way. O(size): called after growing.
    ///
    /// ```swift
    /// table.checkInvariants { hash(of: $0) }
    /// ```
    @inline(__always)
    func checkInvariants(limit: Int = .max, hash: (Slot) -> Int) {
        #if DEBUG
        precondition(mask > 0 && (mask & (mask + 1)) == 0, "a table's slots are a power of two")
        var entries = 0
        for index in 0...mask where !slots[index].isEmpty {
            entries += 1
            checkSlot(index, limit: limit, hash: hash)
        }
        precondition(entries == count, "the table counts its entries")
        #endif
    }

    /// Stops the program, in debug builds only, when the entry in `slot`
    /// is not found from the home of its `hash` within `limit` slots with
    /// no empty slot on the way, or the table is full. O(the probes):
    /// owners call it after inserting.
    ///
    /// ```swift
    /// table[slot] = entry
    /// table.checkSlot(slot) { hash(of: $0) }
    /// ```
    @inline(__always)
    func checkSlot(_ slot: Int, limit: Int = .max, hash: (Slot) -> Int) {
        #if DEBUG
        precondition(count <= mask + 1, "a table holds at most its size")
        let index = slot & mask
        precondition(!slots[index].isEmpty, "slot \(index) holds an entry")
        var probe = hash(slots[index]) & mask
        var distance = 0
        while probe != index {
            precondition(!slots[probe].isEmpty, "slot \(index) is found from its home")
            probe = (probe + 1) & mask
            distance += 1
        }
        precondition(distance < limit, "slot \(index) lies within \(limit) slots of its home")
        #endif
    }
}

/// Integer slots: 0 is empty (tables store an index + 1, or a nonzero hash).
extension Int32: TableSlot {
    static var empty: Int32 { 0 }
    var isEmpty: Bool { self == 0 }
}

extension Int: TableSlot {
    static var empty: Int { 0 }
    var isEmpty: Bool { self == 0 }
}

extension UInt64: TableSlot {
    static var empty: UInt64 { 0 }
    var isEmpty: Bool { self == 0 }
}
