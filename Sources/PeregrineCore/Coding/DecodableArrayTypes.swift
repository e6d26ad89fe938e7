/// Which of the types a decode has been asked for are arrays of
/// `Decodable` elements (``DecodableArray``), remembered per type in a
/// 32-slot ``SlotTable``.
///
/// The runtime's conformance check (`type as? any DecodableArray.Type`)
/// costs more than a short array it would speed up; a hit here costs
/// a comparison. Keyed by type, not by input:
/// a decode meets only the types of its model, and a slot two types share
/// only makes them check again.
struct DecodableArrayTypes: ~Copyable {
    /// A type asked for, and it as a ``DecodableArray`` if it is one.
    struct Entry: TableSlot {
        var type: ObjectIdentifier?
        var array: (any DecodableArray.Type)?

        static var empty: Entry { Entry(type: nil, array: nil) }
        var isEmpty: Bool { type == nil }
    }

    private var slots = SlotTable<Entry>(size: 32)

    /// `type` as a ``DecodableArray``, or `nil` when it is not an array type.
    mutating func arrayType(_ type: Any.Type) -> (any DecodableArray.Type)? {
        let identity = ObjectIdentifier(type)
        let slot = Self.hash(identity)
        let cached = slots[slot]
        if cached.type == identity { return cached.array }
        let array = type as? any DecodableArray.Type
        slots[slot] = Entry(type: identity, array: array)
        slots.checkSlot(slot, limit: 1) { Self.hash($0.type) }
        return array
    }

    /// The home slot of a type, from its identity (metadata is 16-byte aligned).
    static func hash(_ identity: ObjectIdentifier?) -> Int {
        Int(truncatingIfNeeded: UInt(bitPattern: identity.map { Int(bitPattern: $0) } ?? 0) >> 4)
    }
}
