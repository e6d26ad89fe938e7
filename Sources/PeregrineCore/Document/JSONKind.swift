/// The six kinds of JSON value, for code that treats the value tree and a
/// document's tape alike (lookups, queries) and for messages.
package enum JSONKind {
    case null, bool, number, string, array, object

    /// `a string`, `an array`…, for messages.
    package var description: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension JSON {
    package var kind: JSONKind {
        switch self {
        case .null: return .null
        case .bool: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }
}

extension TapeEntry {
    var jsonKind: JSONKind {
        switch kind {
        case .null: return .null
        case .true, .false: return .bool
        case .int64, .uint64, .double, .decimal: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }
}
