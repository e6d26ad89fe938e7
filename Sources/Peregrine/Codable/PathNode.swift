/// A key in a coding path: none (the top), an array position, a member of
/// a decoded object (named only when the path is asked for), or a key.
enum PathKey {
    case none
    case index(Int)
    case member(ObjectMembers, Int)
    case key(any CodingKey)

    var codingKey: (any CodingKey)? {
        switch self {
        case .none: return nil
        case .index(let index): return IndexKey(intValue: index)
        case .member(let members, let position): return AnyCodingKey(stringValue: members.name(at: position))
        case .key(let key): return key
        }
    }
}

/// One step of a coding path, shared by every value inside one container;
/// the path is a list from the innermost container outwards.
final class PathNode: @unchecked Sendable {
    let parent: PathNode?
    let key: PathKey

    init(parent: PathNode?, key: PathKey) {
        self.parent = parent
        self.key = key
    }

    /// The coding path of a value with key `key` in the container at `node`.
    static func path(_ node: PathNode?, _ key: PathKey) -> [any CodingKey] {
        var keys: [any CodingKey] = key.codingKey.map { [$0] } ?? []
        var current = node
        while let step = current {
            if let codingKey = step.key.codingKey { keys.append(codingKey) }
            current = step.parent
        }
        return keys.reversed()
    }
}

/// The coding key of an array position (`Index 3`, as Foundation names it).
struct IndexKey: CodingKey {
    let intValue: Int?

    init(intValue: Int) { self.intValue = intValue }

    init?(stringValue: String) { nil }

    var stringValue: String { "Index \(intValue ?? 0)" }
}
