/// One value per type, remembered in a ``SlotTable`` (32 slots unless
/// asked for more) keyed by the
/// type's identity: the caches of what the runtime would otherwise look up
/// again for every value of a model's types (whether a type is an array of
/// `Decodable` elements, the opener of a key type's containers).
///
/// Keyed by type, not by input: a decode meets only the types of its
/// model. Two types that share a home slot are both kept (in it and the
/// slot after); a third only makes its value again.
///
/// ```swift
/// var names = TypeSlots<String>()
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
    init(size: Int = 32) { slots = SlotTable<Entry>(size: size) }

    /// The value of `type`: the one remembered in its home slot or the
    /// slot after it, else the one `make` gives, remembered in the home
    /// slot; what the home slot held moves to the slot after when it is at
    /// home there, so two types that share a home slot are both kept (a
    /// table of one slot per home let two of a model's types that happened
    /// to share it make their values again on every call: 13% of a decode).
    mutating func value(for type: Any.Type, _ make: () -> Value) -> Value {
        let identity = ObjectIdentifier(type)
        let slot = Self.home(of: identity)
        let first = slots[slot]
        if first.type == identity, let value = first.value { return value }
        let second = slots[slot &+ 1]  // a slot index is masked: any integer names a slot
        if second.type == identity, let value = second.value { return value }
        let value = make()
        if !first.isEmpty, Self.home(of: first.type) & slots.mask == slot & slots.mask {
            slots[slot &+ 1] = first
            slots.checkSlot(slot &+ 1, limit: 2) { Self.home(of: $0.type) }
        }
        slots[slot] = Entry(type: identity, value: value)
        slots.checkSlot(slot, limit: 1) { Self.home(of: $0.type) }
        return value
    }

    /// The home slot of a type, from its identity (metadata is 16-byte
    /// aligned), with higher bits folded in: types laid out a multiple of
    /// the table's span apart do not all share one slot.
    private static func home(of identity: ObjectIdentifier?) -> Int {
        let address = UInt(bitPattern: identity.map { Int(bitPattern: $0) } ?? 0) >> 4
        return Int(truncatingIfNeeded: address ^ address >> 6 ^ address >> 12)
    }
}
