/// One value per type, remembered in a ``SlotTable`` of the size its
/// owner names, keyed by the type's identity: the caches of what the
/// runtime would otherwise look up again for every value of a model's
/// types (whether a type is an array of `Decodable` elements, the opener
/// of a key type's containers).
///
/// Keyed by type, not by input: a decode meets only the types of its
/// model. A type is kept in its home slot or one of the ``probes`` - 1
/// after it (homes follow from where the runtime put the type's metadata,
/// so a model's types crowd some homes in one build and not in the next);
/// a type that finds all of them taken by others makes its value again.
///
/// ```swift
/// var names = TypeSlots<String>(size: 32)
/// let name = names.value(for: Int.self) { "Int" }   // made once, then found
/// ```
struct TypeSlots<Value>: ~Copyable {
    /// A type, and the value made for it.
    struct Entry: TableSlot {
        var type: ObjectIdentifier?
        var value: Value?

        static var empty: Entry { Entry(type: nil, value: nil) }
        var isEmpty: Bool { type == nil }
    }

    private var slots: SlotTable<Entry>

    /// No values yet, in `size` slots (a power of two).
    init(size: Int) { slots = SlotTable<Entry>(size: size) }

    /// The value of `type`: the one remembered in its home slot or in one
    /// of the ``probes`` - 1 after it, else the one `make` gives,
    /// remembered in the first of those slots that is free, or if none is,
    /// in the home slot. (One slot per home made a model's types that
    /// shared one make their values again on every call: 13% of a decode;
    /// two slots per home, in a build whose types crowded one part of the
    /// table, 1.2% of twitter's `Codable` decode.)
    ///
    /// - Complexity: at most ``probes`` slots looked at.
    @inline(__always)  // the usual lookups, found in the home slot or the one after, are inlined
    mutating func value(for type: Any.Type, _ make: () -> Value) -> Value {
        let identity = ObjectIdentifier(type)
        let home = Self.home(of: identity)
        let first = slots[home]  // a slot index is masked: any integer names a slot
        if first.type == identity, let value = first.value { return value }
        let second = slots[home &+ 1]
        if second.type == identity, let value = second.value { return value }
        return value(for: identity, home: home, make)
    }

    /// ``value(for:_:)`` past the home slot and the one after it.
    @inline(never)
    private mutating func value(for identity: ObjectIdentifier, home: Int, _ make: () -> Value) -> Value {
        let probes = min(Self.probes, slots.mask &+ 1)  // a small table: each slot once
        var probe = 0
        while probe < probes {
            let entry = slots[home &+ probe]
            if entry.type == identity, let value = entry.value { return value }
            if entry.isEmpty { break }  // entries are never removed: nothing lies past a free slot
            probe += 1
        }
        let value = make()
        let slot = home &+ (probe < probes ? probe : 0)
        slots[slot] = Entry(type: identity, value: value)
        slots.checkSlot(slot, limit: Self.probes) { Self.home(of: $0.type) }
        return value
    }

    /// Calls `body` with each value remembered. O(slots).
    func forEachValue(_ body: (Value) -> Void) {
        for slot in 0..<slots.size {
            if let value = slots[slot].value { body(value) }
        }
    }

    /// How many slots, from a type's home, may hold it.
    static var probes: Int { 4 }

    /// The home slot of a type, from its identity (metadata is 16-byte
    /// aligned), with higher bits folded in: types laid out a multiple of
    /// the table's span apart do not all share one slot.
    private static func home(of identity: ObjectIdentifier?) -> Int {
        let address = UInt(bitPattern: identity.map { Int(bitPattern: $0) } ?? 0) >> 4
        return Int(truncatingIfNeeded: address ^ address >> 6 ^ address >> 12)
    }
}
