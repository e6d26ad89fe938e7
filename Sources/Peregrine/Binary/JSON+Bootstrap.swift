extension JSON {
    /// The value in the binary format with FastCoding's bootstrapping: an
    /// object with a `"$class": "Name"` member becomes a record of type `Name`
    /// (its other members are the fields), and an object `{"$alias": "key.path.1"}`
    /// becomes a back-reference to the value at that path from the root
    /// (components separated by `.`; on arrays, numbers are indexes). The
    /// target may come later in the document: it is then written at the
    /// alias and referred to at its own place.
    ///
    /// ```swift
    /// let graph: JSON = [
    ///     "owner": ["$class": "Person", "name": "Ann"],
    ///     "pets": [["$class": "Pet", "name": "Rex", "owner": ["$alias": "owner"]]],
    /// ]
    /// let packed = try graph.binaryEncoded(bootstrapping: true)   // one Person, referred to twice
    /// ```
    ///
    /// - Throws: ``Binary/EncodingError``: `.invalidAlias` for an alias that
    ///   is malformed, points nowhere, at another alias or into itself;
    ///   `.depthExceeded` past `maxDepth`.
    public func binaryEncoded(maxDepth: Int = 512, bootstrapping: Bool) throws(Binary.EncodingError) -> [UInt8] {
        guard bootstrapping else { return try binaryEncoded(maxDepth: maxDepth) }
        var bootstrap = try Bootstrap(root: self, maxDepth: maxDepth)
        try bootstrap.write(self, at: [], depth: 0)
        return bootstrap.writer.finished()
    }

    /// The alias path if this is an alias object: `{"$alias": "a.b"}` and nothing else.
    fileprivate var aliasPath: String? {
        guard case .object(let object) = self, object.count == 1, case .string(let path)? = object["$alias"] else { return nil }
        return path
    }
}

/// One bootstrapping write: the aliases found up front, and the shared
/// values defined so far.
private struct Bootstrap {
    private enum Definition {
        case inProgress
        case complete(Int)
    }

    let root: JSON
    let maxDepth: Int
    var writer = BinaryWriter()
    /// The target of the alias object at each path.
    private var aliasTargets: [[JSON.PathComponent]: [JSON.PathComponent]] = [:]
    /// The paths some alias points to.
    private var targets: Set<[JSON.PathComponent]> = []
    private var definitions: [[JSON.PathComponent]: Definition] = [:]

    init(root: JSON, maxDepth: Int) throws(Binary.EncodingError) {
        self.root = root
        self.maxDepth = maxDepth
        var pending: [(JSON, [JSON.PathComponent])] = [(root, [])]  // a stack: children pushed last first, so aliases are met in document order
        while let (value, path) = pending.popLast() {
            if let text = value.aliasPath {
                let target = try Self.resolve(text, in: root, from: path)
                aliasTargets[path] = target
                targets.insert(target)
                continue
            }
            switch value {
            case .array(let elements): pending += elements.enumerated().reversed().map { ($0.element, path + [.index($0.offset)]) }
            case .object(let object): pending += object.reversed().map { ($0.value, path + [.key($0.key)]) }
            default: break
            }
        }
    }

    /// The path an alias names, checked to lead to a value that is neither
    /// an alias nor the alias's own container.
    private static func resolve(_ text: String, in root: JSON, from alias: [JSON.PathComponent]) throws(Binary.EncodingError) -> [JSON.PathComponent] {
        let site = JSON.PathComponent.text(of: alias)
        var lookup = JSON.Lookup(root)
        for component in text.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            if case .array = lookup.value, let position = Int(component), position >= 0 {
                lookup = lookup[position]
            } else {
                lookup = lookup[component]
            }
        }
        guard let target = lookup.value else {
            throw Binary.EncodingError(kind: .invalidAlias, message: "the alias at \(site) points nowhere: \(lookup.missing?.description ?? text)")
        }
        guard target.aliasPath == nil else {
            throw Binary.EncodingError(kind: .invalidAlias, message: "the alias at \(site) points at another alias")
        }
        guard !alias.starts(with: lookup.path) else {
            throw Binary.EncodingError(kind: .invalidAlias, message: "the alias at \(site) points at a value that contains it")
        }
        return lookup.path
    }

    /// Writes `value`, found at `path` in the root.
    mutating func write(_ value: JSON, at path: [JSON.PathComponent], depth: Int) throws(Binary.EncodingError) {
        if targets.isEmpty {
            try writePlain(value, at: path, depth: depth)
        } else if let target = aliasTargets[path] {
            try writeTarget(at: target, depth: depth)
        } else if targets.contains(path) {
            try writeTarget(at: path, depth: depth)
        } else {
            try writePlain(value, at: path, depth: depth)
        }
    }

    /// Writes the value at `target`: a back-reference when it is written
    /// already, otherwise its shared definition.
    private mutating func writeTarget(at target: [JSON.PathComponent], depth: Int) throws(Binary.EncodingError) {
        switch definitions[target] {
        case .complete(let number)?:
            writer.tag(.reference)
            writer.count(number)
        case .inProgress?:
            throw Binary.EncodingError(kind: .invalidAlias, message: "the value at \(JSON.PathComponent.text(of: target)) contains an alias to itself")
        case nil:
            guard depth < maxDepth else { throw .tooDeep(maxDepth) }
            definitions[target] = .inProgress
            let number = writer.shared()
            try writePlain(JSON.Lookup(root).descend(target), at: target, depth: depth + 1)
            definitions[target] = .complete(number)
        }
    }

    /// Writes `value` itself (a record when it has a `$class` string).
    private mutating func writePlain(_ value: JSON, at path: [JSON.PathComponent], depth: Int) throws(Binary.EncodingError) {
        switch value {
        case .array(let elements):
            guard depth < maxDepth else { throw .tooDeep(maxDepth) }
            writer.tag(.array)
            writer.count(elements.count)
            for (position, element) in elements.enumerated() { try write(element, at: path + [.index(position)], depth: depth + 1) }
        case .object(let object):
            guard depth < maxDepth else { throw .tooDeep(maxDepth) }
            if case .string(let type)? = object["$class"] {
                writer.tag(.record)
                writer.string(type)
                writer.count(object.count - 1)
            } else {
                writer.tag(.object)
                writer.count(object.count)
            }
            for (key, member) in object where !(key == "$class" && member.string != nil) {
                writer.string(key)
                try write(member, at: path + [.key(key)], depth: depth + 1)
            }
        default:
            try writer.json(value, depth: depth, maxDepth: maxDepth)
        }
    }
}

extension JSON.Lookup {
    /// The value at `path` below this one (`null` if there is none: only
    /// called with paths found in the same value).
    fileprivate func descend(_ path: [JSON.PathComponent]) -> JSON {
        var lookup = self
        for component in path { lookup = lookup.step(component) }
        return lookup.value ?? .null
    }
}
