/// One value per type, remembered in a ``SlotTable`` (32 slots unless
/// asked for more) keyed by the
/// type's identity: the caches of what the runtime would otherwise look up
/// again for every value of a model's types (whether a type is an array of
/// `Decodable` elements, the opener of a key type's containers).
///
/// Keyed by type, not by input: a decode meets only the types of its
/// model, and two types that share a slot only make their values again.
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

    /// The value of `type`: the one remembered, else the one `make` gives,
    /// remembered in place of whatever its slot held.
    mutating func value(for type: Any.Type, _ make: () -> Value) -> Value {
        let identity = ObjectIdentifier(type)
        let slot = Self.home(of: identity)
        let cached = slots[slot]
        if cached.type == identity, let value = cached.value { return value }
        let value = make()
        slots[slot] = Entry(type: identity, value: value)
        slots.checkSlot(slot, limit: 1) { Self.home(of: $0.type) }
        return value
    }

    /// The home slot of a type, from its identity (metadata is 16-byte aligned).
    private static func home(of identity: ObjectIdentifier?) -> Int {
        Int(truncatingIfNeeded: UInt(bitPattern: identity.map { Int(bitPattern: $0) } ?? 0) >> 4)
    }
}
