extension DecodingState {
    /// The coding path of the value at tape index `target`, with member names
    /// as the model sees them: decoders keep only their tape index, so
    /// building a path costs nothing until an error, a report or a model asks for it.
    func codingPath(to target: Int) -> [any CodingKey] {
        var keys = pathPrefix
        for component in document.path(to: target) {
            switch component {
            case .index(let position): keys.append(IndexKey(intValue: position))
            case .key(let name): keys.append(modelKey(named: name, in: keys))
            }
        }
        return keys
    }

    /// The member name `raw` as the model names it, after the key strategy;
    /// `path` is the coding path of its object.
    func modelKey(named raw: String, in path: [any CodingKey]) -> any CodingKey {
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
