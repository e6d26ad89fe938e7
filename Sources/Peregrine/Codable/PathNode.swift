/// A key in an encoder's coding path: none (the top), an array position, or a key.
enum PathKey {
    case none
    case index(Int)
    case key(any CodingKey)

    var codingKey: (any CodingKey)? {
        switch self {
        case .none: return nil
        case .index(let index): return IndexKey(intValue: index)
        case .key(let key): return key
        }
    }
}

/// One step of an encoder's coding path, shared by every value inside one container;
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
