/// The six kinds of JSON value, for code that treats the value tree and a
/// document's tape alike (lookups, queries) and for messages.
enum JSONKind {
    case null, bool, number, string, array, object

    /// `a string`, `an array`…, for messages.
    var description: String {
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
    var kind: JSONKind {
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

extension JSON.Missing {
    /// `step` found nothing in the value at `parent`, of kind `kind` with
    /// `count` elements or members.
    init(parent: [JSON.PathComponent], step: JSON.PathComponent, in kind: JSONKind, count: Int) {
        let reason: String
        switch (step, kind) {
        case (.key(let key), .object): reason = "has no member \(JSON.serializedString(escaping: key))"
        case (.index(let position), .array): reason = "has no element \(position) (it has \(count))"
        case (.key(let key), .array): reason = Self.reason(forNonIndex: key, count: count)
        case (.key, _): reason = "is \(kind.description), not an object"
        case (.index, _): reason = "is \(kind.description), not an array"
        }
        self.init(parent: parent, step: step, reason: reason)
    }

    /// Why a token that is not an index finds nothing in an array: digits
    /// too large for an index, or with a leading zero, are named as
    /// elements; a name is the wrong kind of step.
    private static func reason(forNonIndex token: String, count: Int) -> String {
        guard !token.isEmpty, token.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return "is an array, not an object"
        }
        if token.utf8.first == UInt8(ascii: "0") { return "has no element \(token) (an index has no leading zeros)" }
        return "has no element \(token) (it has \(count))"
    }
}
