extension DecodingState {
    /// The coding path of the value at tape index `target`, found by walking
    /// down from the root: decoders keep only their tape index, so building
    /// a path costs nothing until an error, a report or a model asks for it.
    func codingPath(to target: Int) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var current = 0
        while current < target {
            let container = entry(current)
            guard container.kind == .array || container.kind == .object, target < container.endIndex else { break }
            var child = current + 1
            if container.kind == .array {
                var position = 0
                while case let next = entry(child).nextSibling(after: child), next <= target {
                    child = next
                    position += 1
                }
                keys.append(IndexKey(intValue: position))
                current = child
            } else {
                while case let next = entry(child + 1).nextSibling(after: child + 1), next <= target {
                    child = next
                }
                keys.append(modelKey(at: child, in: keys))
                current = child + 1
            }
        }
        return keys
    }

    /// The key entry at `index` as the model names it, after the key strategy;
    /// `path` is the coding path of its object.
    func modelKey(at index: Int, in path: [any CodingKey]) -> any CodingKey {
        let raw = string(at: index)
        switch options.keyDecodingStrategy {
        case .useDefaultKeys: return AnyCodingKey(stringValue: raw)
        case .convertFromSnakeCase: return AnyCodingKey(stringValue: SnakeCase.toCamelCase(raw))
        case .custom(let convert): return convert(path + [AnyCodingKey(stringValue: raw)])
        }
    }
}

/// The coding key of an array position (`Index 3`, as Foundation names it).
struct IndexKey: CodingKey {
    let intValue: Int?

    init(intValue: Int) { self.intValue = intValue }

    init?(stringValue: String) { nil }

    var stringValue: String { "Index \(intValue ?? 0)" }
}
