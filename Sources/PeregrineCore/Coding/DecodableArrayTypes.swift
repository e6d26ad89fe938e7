/// Which of the types a decode has been asked for are arrays of
/// `Decodable` elements (``DecodableArray``), remembered per type
/// (``TypeSlots``).
///
/// The runtime's conformance check (`type as? any DecodableArray.Type`)
/// costs more than a short array it would speed up; a hit here costs
/// a comparison.
struct DecodableArrayTypes: ~Copyable {
    private var types = TypeSlots<(any DecodableArray.Type)?>()

    /// `type` as a ``DecodableArray``, or `nil` when it is not an array type.
    mutating func arrayType(_ type: Any.Type) -> (any DecodableArray.Type)? {
        types.value(for: type) { type as? any DecodableArray.Type }
    }
}
