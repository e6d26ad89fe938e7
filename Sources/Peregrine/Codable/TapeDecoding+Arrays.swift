/// Arrays of numbers, strings and Booleans, decoded in one specialised loop.
///
/// The standard library's `Array.init(from:)` is generic: for every element
/// it goes through the unkeyed container's existential and looks up the
/// array's type metadata to append. For the arrays that dominate numeric
/// payloads (coordinates, vectors, ids) a loop over the tape is several times
/// faster. Errors and coding paths are the same either way.
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
    func elements<Element>(of index: Int, _ element: (Int) throws -> Element) throws -> [Element] {
        let (array, kind) = value(at: index)
        guard case .array = kind else { throw mismatch([Element].self, at: array, expected: "an array") }
        var elements: [Element] = []
        elements.reserveCapacity(count(of: array))
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
