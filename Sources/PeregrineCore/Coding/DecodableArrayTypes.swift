/// Which of the types a decode has been asked for are arrays of
/// `Decodable` elements (``DecodableArray``), remembered per type.
///
/// The runtime's conformance check (`type as? any DecodableArray.Type`)
/// costs more than a short array it would speed up; a hit here costs
/// a comparison. Keyed by type, not by input:
/// a decode meets only the types of its model, and a slot two types share
/// only makes them check again.
struct DecodableArrayTypes {
    private var slots = [(type: ObjectIdentifier, array: (any DecodableArray.Type)?)?](repeating: nil, count: 32)

    /// `type` as a ``DecodableArray``, or `nil` when it is not an array type.
    mutating func arrayType(_ type: Any.Type) -> (any DecodableArray.Type)? {
        let identity = ObjectIdentifier(type)
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: identity) >> 4) & (slots.count - 1)
        if let cached = slots[slot], cached.type == identity { return cached.array }  // bounds proven: masked below count, a power of two
        let array = type as? any DecodableArray.Type
        slots[slot] = (identity, array)  // bounds proven: as above
        return array
    }
}
