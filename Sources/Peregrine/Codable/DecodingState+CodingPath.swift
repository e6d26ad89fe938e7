extension DecodingState {
    /// The coding path of the value at tape index `target`, with member names
    /// as the model sees them: decoders keep only their tape index, so
    /// building a path costs nothing until an error, a report or a model
    /// asks for it, and then O(depth) through the parent index.
    func codingPath(to target: Int) -> [any CodingKey] {
        var keys = pathPrefix
        for (container, child) in parents.ancestry(of: target) {
            let position = parents.position(of: child)
            if entry(container).kind == .array {
                keys.append(IndexKey(intValue: position))
            } else {
                // An object's children alternate key, value.
                let key = position % 2 == 0 ? child : child - 1
                keys.append(dictionaries.contains(container) ? AnyCodingKey(stringValue: string(at: key)) : modelKey(ofKey: key))
            }
        }
        return keys
    }

    /// The key at tape index `key` as the model names it, after the key
    /// strategy. A `.custom` strategy reads the coding path of the key's
    /// object; each key is converted once per decode.
    func modelKey(ofKey key: Int) -> any CodingKey {
        switch options.keyDecodingStrategy {
        case .useDefaultKeys: return AnyCodingKey(stringValue: string(at: key))
        case .convertFromSnakeCase:
            let raw = string(at: key)
            if let name = camelCaseNames[raw] { return AnyCodingKey(stringValue: name) }
            let name = SnakeCase.toCamelCase(raw)
            camelCaseNames[raw] = name
            return AnyCodingKey(stringValue: name)
        case .custom(let convert):
            if let converted = customKeys[key] { return converted }
            let object = parents.parent(of: key) ?? 0
            let converted = convert(codingPath(to: object) + [AnyCodingKey(stringValue: string(at: key))])
            customKeys[key] = converted
            return converted
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
