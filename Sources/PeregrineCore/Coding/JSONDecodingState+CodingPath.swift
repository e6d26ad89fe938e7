extension JSONDecodingState {
    /// An element's position, or a member's name as the model sees it (a
    /// `[String: T]`'s keys keep their names). A name longer than
    /// ``DecodingSource/pathNameLength`` scalars is cut, unconverted, as
    /// excerpts are: only its start is read.
    func pathKey(in container: Int, to child: Int) -> (any CodingKey)? {
        let position = parents.position(of: child)
        guard entry(container).kind == .object else { return IndexKey(intValue: container == 0 ? firstRootPosition &+ position : position) }
        let key = position % 2 == 0 ? child : child - 1  // an object's children alternate key, value
        if entry(key).length > pathNameLength {
            // 12 bytes is the most a scalar's escape takes (a surrogate pair).
            let (head, isWhole) = stringExcerpt(at: key, maxBytes: 12 * (pathNameLength + 1))
            let (shown, isCut) = head.leadingScalars(pathNameLength)
            if isCut || !isWhole { return AnyCodingKey(stringValue: shown + "…") }
        }
        return dictionaries.contains(container) ? AnyCodingKey(stringValue: string(at: key)) : modelKey(ofKey: key)
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
