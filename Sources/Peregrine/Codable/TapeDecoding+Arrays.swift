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
        switch kind {
        case .double: return try decodeArray { try $0.decode(Double.self) }
        case .float: return try decodeArray { try $0.decode(Float.self) }
        case .int: return try decodeArray { try $0.decode(Int.self) }
        case .int64: return try decodeArray { try $0.decode(Int64.self) }
        case .string: return try decodeArray { try $0.decode(String.self) }
        case .bool: return try decodeArray { try $0.decode(Bool.self) }
        case .doubleArray: return try decodeArray { try $0.decodeArray { try $0.decode(Double.self) } }
        }
    }

    /// The elements of this array, each read by `element`.
    private func decodeArray<Element>(_ element: (Self) throws -> Element) throws -> [Element] {
        let (array, kind) = state.value(at: index)
        guard case .array = kind else { throw state.mismatch([Element].self, at: array, expected: "an array") }
        var elements: [Element] = []
        elements.reserveCapacity(state.count(of: array))
        var position = array + 1
        let end = state.end(of: array)
        while position < end {
            elements.append(try element(Self(state: state, index: position)))
            position = state.next(after: position)
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
