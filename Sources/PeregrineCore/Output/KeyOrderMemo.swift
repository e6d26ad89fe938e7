/// The sorted member order of objects written before, found again for a
/// later object with the same keys: every sorted writer (values, documents,
/// `Codable` and generated encoders) sorts each shape of object once per
/// write, where the objects of one model share their keys.
///
/// Objects of up to ``maxMembers`` keys are kept, in ``slotCount`` slots
/// chosen by the count and a hint from the first key; a newer shape
/// replaces an older one in its slot. Each slot keeps the identities its
/// recorder gave and the order, a list of positions among the keys. A
/// lookup checks at most ``maxMembers`` keys, so an object costs O(members)
/// more than sorting it, whatever shapes the input holds. The memo lives
/// for one write.
///
/// Writers match keys in one of two ways:
///
/// - By identity (``order(count:into:identity:)``): a parsed value's keys
///   are interned (`KeyCache`), so objects of one shape hold the same
///   `String`s, and equal bits mean equal text for as long as the value
///   being written keeps them alive and unchanged (as for ``KeyTextCache``);
///   an encoder's members are known by their names' numbers. For an
///   encoder's object, whose keys may repeat, the order holds the last of
///   each name.
/// - By an earlier object (``order(of:_:_:)``): a document's keys are input
///   bytes, so the memo keeps the tape index of the object it recorded, and
///   a later object is compared with it byte for byte and in order
///   (``UniqueKeyCheck/sameKeys(_:end:as:count:_:_:)``).
///
/// ```swift
/// let identity = { KeyTextCache.Identity(members[$0].key.string) }
/// if memo.order(count: members.count, into: out, identity: identity) == nil {
///     // sort, write the order to `out`, then:
///     memo.record(count: members.count, order: UnsafeBufferPointer(start: out, count: members.count), identity: identity)
/// }
/// ```
struct KeyOrderMemo: ~Copyable {
    static let slotBits = 6
    static let slotCount = 1 << slotBits
    static let maxMembers = 64

    /// What a slot says of the shape recorded in it.
    struct Shape: TableSlot {
        /// How many keys the shape has (0: the slot is empty).
        var keys: Int
        /// How long its order is (at most `keys`).
        var order: Int

        static var empty: Shape { Shape(keys: 0, order: 0) }
        var isEmpty: Bool { keys == 0 }
    }

    /// The memory of the slots, made when the first shape is recorded: a
    /// write that sorts no object allocates nothing for it.
    private struct Slots: ~Copyable {
        /// By slot, the shape recorded there: a direct-mapped ``SlotTable``.
        var shapes = SlotTable<Shape>(size: KeyOrderMemo.slotCount)
        /// By slot, `maxMembers` entries each: what the recorder gave to
        /// know the keys by (their identities in member order, or one entry
        /// naming the object recorded).
        var identities = GrowingBuffer<KeyTextCache.Identity>(capacity: KeyOrderMemo.slotCount * KeyOrderMemo.maxMembers)
        /// By slot, `maxMembers` entries each: the order.
        var orders = GrowingBuffer<Int>(capacity: KeyOrderMemo.slotCount * KeyOrderMemo.maxMembers)

        init() {
            // Not filled (the memory would cost a small document's write more
            // than sorting it): a slot's entries are written before its shape
            // is set, and only those are read.
            identities.appendUninitialized(KeyOrderMemo.slotCount * KeyOrderMemo.maxMembers)
            orders.appendUninitialized(KeyOrderMemo.slotCount * KeyOrderMemo.maxMembers)
        }

        /// Stops the program, in debug builds only, when the shape in `slot`
        /// is not a recorded order of its keys (see ``KeyOrderMemo/checkInvariants()``).
        /// O(maxMembers): called after recording.
        func checkSlot(_ slot: Int) {
            #if DEBUG
            let shape = shapes[slot]
            guard !shape.isEmpty else { return }
            precondition(shape.keys >= 1 && shape.keys <= KeyOrderMemo.maxMembers, "slot \(slot) holds 1 to \(KeyOrderMemo.maxMembers) keys")
            precondition(shape.order >= 0 && shape.order <= shape.keys, "slot \(slot)'s order is no longer than its keys")
            let order = orders.pointer(at: (slot & (KeyOrderMemo.slotCount - 1)) * KeyOrderMemo.maxMembers)
            for index in 0..<shape.order {
                precondition(order[index] >= 0 && order[index] < shape.keys, "slot \(slot)'s order names its keys")
            }
            #endif
        }
    }

    private var slots: Slots? = nil

    // MARK: By identity

    /// Writes the order recorded for exactly these `count` keys, the key at
    /// each position known by `identity(position)`, to `out` (room for
    /// `count`) and returns its length; `nil` when none is recorded.
    @inline(__always)
    func order(count: Int, into out: UnsafeMutablePointer<Int>, identity: (Int) -> KeyTextCache.Identity) -> Int? {
        guard count > 0, count <= Self.maxMembers else { return nil }
        let found = order(count: count, hint: Self.hint(identity(0))) { recorded in
            for position in 0..<count where recorded[position] != identity(position) {
                return false  // bounds proven: position < count <= maxMembers
            }
            return true
        }
        guard let found, let source = found.baseAddress else { return nil }
        // A loop, not `update(from:count:)`: most objects are small, and memmove's call costs more.
        for index in 0..<found.count { out[index] = source[index] }  // bounds proven: found.count <= count, `out`'s room
        return found.count
    }

    /// Records `order` (positions among the `count` keys) for these keys.
    @inline(__always)
    mutating func record(count: Int, order: UnsafeBufferPointer<Int>, identity: (Int) -> KeyTextCache.Identity) {
        guard count > 0, count <= Self.maxMembers, order.count <= count, let source = order.baseAddress else { return }
        record(count: count, hint: Self.hint(identity(0)), order: order.count) { recorded, out in
            for position in 0..<count {
                let key = identity(position)
                guard key != .none else { return false }  // no identity (not a 64-bit platform): nothing can be found by it
                (recorded + position).initialize(to: key)  // bounds proven: position < count <= maxMembers
            }
            out.initialize(from: source, count: order.count)  // bounds proven: order.count <= count <= maxMembers
            return true
        }
    }

    /// The slot hint of a first key known by `identity`.
    @inline(__always)
    private static func hint(_ identity: KeyTextCache.Identity) -> UInt64 {
        identity.first ^ identity.second &* 0x9E37_79B9_7F4A_7C15
    }

    // MARK: By an earlier object of a document

    /// The member positions, in key order, of the document object at
    /// `object`, recorded for an earlier object with the same keys; `nil`
    /// when none is. Valid until the next record.
    func order(of object: Int, _ tape: UnsafeBufferPointer<TapeEntry>, _ input: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<Int>? {
        guard object >= 0, object + 1 < tape.count else { return nil }
        let entry = tape[object]  // bounds proven: 0 <= object < tape.count
        let count = entry.count
        guard count > 0, count <= Self.maxMembers else { return nil }
        let hint = UInt64(truncatingIfNeeded: tape[object + 1].length)  // bounds proven: object + 1 < tape.count
        return order(count: count, hint: hint) { recorded in
            let earlier = Int(truncatingIfNeeded: recorded.pointee.first)
            return UniqueKeyCheck.sameKeys(object, end: entry.endIndex, as: earlier, count: count, tape, input)
        }
    }

    /// Records the key order of the document object at `object`, whose
    /// members repeat no key, from `sorter`, which holds its keys sorted,
    /// each with its member position.
    mutating func record(_ object: Int, sortedBy sorter: borrowing KeySorter, _ tape: UnsafeBufferPointer<TapeEntry>) {
        let count = sorter.count
        guard count > 0, count <= Self.maxMembers, object >= 0, object + 1 < tape.count else { return }
        let hint = UInt64(truncatingIfNeeded: tape[object + 1].length)  // bounds proven: object + 1 < tape.count
        record(count: count, hint: hint, order: count) { recorded, out in
            for index in 0..<count {
                let member = sorter.position(at: index)
                guard member >= 0, member < count else { return false }
                out[index] = member  // bounds proven: index < count <= maxMembers
            }
            recorded.initialize(to: KeyTextCache.Identity(first: UInt64(truncatingIfNeeded: object), second: 0))
            return true
        }
    }

    // MARK: The slots

    /// The order recorded in the slot of `count` keys (1 to `maxMembers`)
    /// and `hint`, when the slot holds `count` keys and `matches` accepts
    /// what its recorder gave to know them by.
    @inline(__always)
    private func order(
        count: Int, hint: UInt64, matches: (UnsafePointer<KeyTextCache.Identity>) -> Bool
    ) -> UnsafeBufferPointer<Int>? {
        switch slots {
        case .none:
            return nil
        case .some(let slots):
            let slot = Self.slot(count: count, hint: hint)
            let shape = slots.shapes[slot]
            guard shape.keys == count else { return nil }
            // bounds proven: slot < slotCount, and each buffer holds slotCount * maxMembers entries
            guard matches(slots.identities.pointer(at: slot * Self.maxMembers)) else { return nil }
            return UnsafeBufferPointer(start: slots.orders.pointer(at: slot * Self.maxMembers), count: shape.order)  // bounds proven: as above; order <= maxMembers
        }
    }

    /// Records an order of `length` (at most `count`, 1 to `maxMembers`)
    /// in the slot of `count` keys and `hint`: `fill` writes what the keys
    /// are known by (at most `count` entries) and the order, and answers
    /// `false` to leave the slot empty.
    @inline(__always)
    private mutating func record(
        count: Int, hint: UInt64, order length: Int,
        fill: (UnsafeMutablePointer<KeyTextCache.Identity>, UnsafeMutablePointer<Int>) -> Bool
    ) {
        var memory = slots.take() ?? Slots()
        let slot = Self.slot(count: count, hint: hint)
        memory.shapes[slot] = .empty
        // bounds proven: slot < slotCount; `fill` writes at most `count` <= maxMembers entries of each
        if fill(memory.identities.pointer(at: slot * Self.maxMembers), memory.orders.pointer(at: slot * Self.maxMembers)) {
            memory.shapes[slot] = Shape(keys: count, order: length)
            memory.checkSlot(slot)
        }
        slots = consume memory
    }

    /// The slot of `count` keys whose first gives `hint`.
    @inline(__always)
    private static func slot(count: Int, hint: UInt64) -> Int {
        let mixed = (hint ^ UInt64(truncatingIfNeeded: count)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits))  // below slotCount
    }

    /// Stops the program when a slot's bookkeeping is wrong: debug builds
    /// only (release builds compile nothing). Each recorded shape has 1 to
    /// ``maxMembers`` keys and an order no longer than its keys, and every
    /// position in the order is one of them. O(slots × maxMembers).
    ///
    /// ```swift
    /// memo.checkInvariants()
    /// ```
    func checkInvariants() {
        #if DEBUG
        switch slots {
        case .none: break
        case .some(let slots):
            precondition(slots.shapes.size == Self.slotCount, "the memo has \(Self.slotCount) slots")
            for slot in 0..<Self.slotCount { slots.checkSlot(slot) }
        }
        #endif
    }
}
