/// Arrays decoded by a loop over the tape: arrays of numbers, strings and
/// Booleans in one specialised loop, and arrays of any other `Decodable`
/// element (``DecodableArray``) one element at a time.
///
/// The standard library's `Array.init(from:)` is generic: for every array it
/// looks up the array's type metadata, makes an unkeyed container and goes
/// through that container's existential for every element. For the arrays
/// that dominate numeric payloads (coordinates, vectors, ids) a loop over
/// the tape is several times faster, and for arrays of models (most of them
/// short, many empty) it skips the container. Errors and coding paths are the
/// same either way.
extension TapeDecoding {
    /// The array this decoder's value holds, as the Swift array `kind` names.
    func decodeArray(_ kind: FastArray) throws -> Any {
        let state = state
        switch kind {
        case .double: return try state.doubles(at: index)
        case .float: return try state.elements(of: index) { try state.decodeFloat(at: $0) }
        case .int: return try state.elements(of: index) { try state.decodeInteger(Int.self, at: $0) }
        case .int64: return try state.elements(of: index) { try state.decodeInteger(Int64.self, at: $0) }
        case .string: return try state.elements(of: index) { try state.decodeString(at: $0) }
        case .bool: return try state.elements(of: index) { try state.decodeBool(at: $0) }
        case .doubleArray: return try state.doubleRows(at: index)
        }
    }
}

extension TapeDecoding {
    /// This decoder's array as `T`, which is `A`: an array of any
    /// `Decodable` element, each decoded here by `decode(_:)`.
    ///
    /// Called with the `T` of `decode(_:)` seen as ``DecodableArray``, so
    /// `A` is `T`; it is checked, and a `T` that were not `A` would be
    /// decoded by its own `init(from:)`.
    func decodeArray<T: Decodable, A: DecodableArray>(as array: A.Type) throws -> T {
        guard A.self == T.self else { return try T(from: self) }
        // A is T (checked above): the cast reinterprets nothing. `as? T` would
        // look up `Optional<T>`'s metadata on every call.
        return unsafeBitCast(try A.decodeElements(from: self), to: T.self)
    }
}

/// An array whose elements a ``TapeDecoding`` decodes one by one off the
/// tape, without the unkeyed container of `Array.init(from:)`, and
/// ``JSON/Decoder`` a batch at a time from a large input: every `Array` of
/// a `Decodable` element.
protocol DecodableArray {
    /// The array `decoder`'s value holds, its elements decoded by `decoder`'s `decode(_:)`.
    static func decodeElements<Decoder: TapeDecoding>(from decoder: Decoder) throws -> Self

    /// The array of the elements of `bytes`, decoded a batch at a time with
    /// `settings` (``ArrayBatches``); `nil` when the input is not one
    /// array or has an error.
    static func decodedInBatches(from bytes: InputBytes, settings: JSON.Decoder.Settings) -> Self?
}

extension Array: DecodableArray where Element: Decodable {
    static func decodeElements<Decoder: TapeDecoding>(from decoder: Decoder) throws -> [Element] {
        let state = decoder.state
        return try state.elements(of: decoder.index) { try Decoder(state: state, index: $0).decode(Element.self) }
    }
}

extension DecodingSource {
    /// The doubles of the array at `index`, through ``elements(of:_:)``
    /// unless the source has a tighter loop.
    func doubles(at index: Int) throws -> [Double] {
        try elements(of: index) { try decodeDouble(at: $0) }
    }

    /// The arrays of doubles of the array at `index`, through
    /// ``elements(of:_:)`` and ``doubles(at:)`` unless the source has a tighter loop.
    func doubleRows(at index: Int) throws -> [[Double]] {
        try elements(of: index) { try doubles(at: $0) }
    }

    /// The elements of the array at `index`, each read by `element` from its
    /// tape index (no decoder per element: making one retains the source).
    @inline(__always)  // inlined into a generic caller, `[Element]`'s metadata comes from the caller's instead of a lookup
    func elements<Element>(of index: Int, _ element: (Int) throws -> Element) throws -> [Element] {
        let (array, kind) = value(at: index)
        guard case .array = kind else { throw mismatch([Element].self, at: array, expected: "an array") }
        let count = count(of: array)
        guard count > 0 else { return [] }  // most arrays of models in a payload are empty: no storage to look up
        try checkStack(at: array)
        var elements: [Element] = []
        elements.reserveCapacity(count)
        var position = array + 1
        let end = end(of: array)
        while position < end {
            elements.append(try element(position))
            position = next(after: position)
        }
        return elements
    }
}

/// The array types ``TapeDecoding`` decodes with its own loop.
enum FastArray {
    case double, float, int, int64, string, bool, doubleArray

    /// Which of them `type` is, if any.
    init?(_ type: Any.Type) {
        let identities = Self.identities
        switch ObjectIdentifier(type) {
        case identities.double: self = .double
        case identities.float: self = .float
        case identities.int: self = .int
        case identities.int64: self = .int64
        case identities.string: self = .string
        case identities.bool: self = .bool
        case identities.doubleArray: self = .doubleArray
        default: return nil
        }
    }

    /// The types' identities, computed once (naming `[Double].self` looks up
    /// its metadata) and kept together so a check costs one lazy-global access.
    private static let identities = (
        double: ObjectIdentifier([Double].self), float: ObjectIdentifier([Float].self),
        int: ObjectIdentifier([Int].self), int64: ObjectIdentifier([Int64].self),
        string: ObjectIdentifier([String].self), bool: ObjectIdentifier([Bool].self),
        doubleArray: ObjectIdentifier([[Double]].self)
    )
}
