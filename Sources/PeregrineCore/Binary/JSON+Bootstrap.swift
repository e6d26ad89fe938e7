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
        var bootstrap = try BinaryBootstrap(root: self, maxDepth: maxDepth)
        try bootstrap.write(self, at: BinaryAliasTargets.root, depth: 0)
        return bootstrap.writer.finished()
    }

    /// The alias path if this is an alias object: `{"$alias": "a.b"}` and nothing else.
    fileprivate var aliasPath: String? {
        guard case .object(let object) = self, object.count == 1, case .string(let path)? = object["$alias"] else { return nil }
        return path
    }
}

/// One bootstrapping write: the alias targets found up front, then the
/// value written depth first.
///
/// Memory is O(depth + output + alias texts): the first pass keeps one frame
/// per open container, the write recurses at most `maxDepth` levels, and
/// positions are followed in ``BinaryAliasTargets`` instead of being copied
/// as paths (an alias's own path is put together only for its error).
struct BinaryBootstrap {
    let root: JSON
    let maxDepth: Int
    var writer = BinaryWriter()
    private var targets = BinaryAliasTargets()
    /// The most containers the first pass had open at once (for tests of the memory bound).
    private(set) var peakFrames = 0
    /// The values both passes looked at (for tests that the work is linear).
    private(set) var visits = 0
    /// The nodes of the alias targets' paths (for tests of the memory bound).
    var targetNodes: Int { targets.nodes.count }

    /// Finds and checks every alias of `root`, in document order.
    init(root: JSON, maxDepth: Int) throws(Binary.EncodingError) {
        self.root = root
        self.maxDepth = maxDepth
        var frames: [(container: JSON, next: Int)] = []
        var value = root
        while true {
            if let text = value.aliasPath {
                _ = try resolve(text) { JSON.PathComponent.text(of: frames.map { Self.component(of: $0.container, at: $0.next - 1) }) }
            } else if value.childCount > 0 {
                frames.append((value, 0))
                peakFrames = max(peakFrames, frames.count)
            }
            visits += 1
            guard let next = Self.nextChild(&frames) else { break }
            value = next
        }
    }

    /// The next child of the innermost open container, closing those that
    /// have none left; `nil` at the end.
    private static func nextChild(_ frames: inout [(container: JSON, next: Int)]) -> JSON? {
        while let (container, next) = frames.last {
            if next < container.childCount {
                frames[frames.count - 1].next += 1
                switch container {
                case .array(let elements): return elements[next]  // next < count: checked above
                case .object(let object): return object.member(at: next).value  // next < count: checked above
                default: return nil
                }
            }
            frames.removeLast()
        }
        return nil
    }

    /// The step to child `position` of `container`.
    private static func component(of container: JSON, at position: Int) -> JSON.PathComponent {
        if case .object(let object) = container { return .key(object.member(at: position).key.string) }
        return .index(position)
    }

    /// The node of the value alias `text` names (components separated by
    /// `.`; on arrays, numbers are indexes), checked to exist and not to be
    /// an alias itself. `site` is the alias's path, for errors.
    private mutating func resolve(_ text: String, site: () -> String) throws(Binary.EncodingError) -> Int {
        var node = BinaryAliasTargets.root
        var value = root
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            let component: JSON.PathComponent
            let next: JSON?
            if case .array(let elements) = value, let position = Int(part), position >= 0 {
                component = .index(position)
                next = position < elements.count ? elements[position] : JSON?.none  // not `nil`, which is also JSON's null literal
            } else {
                let key = String(part)
                component = .key(key)
                next = value.object?[key]
            }
            guard let next else {
                let missing = JSON.Missing(parent: targets.path(to: node), step: component, in: value.kind, count: value.childCount)
                throw Binary.EncodingError(kind: .invalidAlias, message: "the alias at \(site()) points nowhere: \(missing)")
            }
            node = targets.addChild(of: node, component)
            value = next
        }
        guard value.aliasPath == nil else {
            throw Binary.EncodingError(kind: .invalidAlias, message: "the alias at \(site()) points at another alias")
        }
        targets[node].target = value
        return node
    }

    /// Writes `value`; `node` is its place among the alias targets' paths
    /// (`nil` when no alias points at or below it).
    mutating func write(_ value: JSON, at node: Int?, depth: Int) throws(Binary.EncodingError) {
        visits += 1
        guard !targets.isEmpty else { return try writePlain(value, at: nil, depth: depth) }
        if let text = value.aliasPath {
            try writeTarget(resolve(text) { "" }, depth: depth)  // resolved by init already: cannot fail
        } else if let node, targets[node].target != nil {
            try writeTarget(node, depth: depth)
        } else {
            try writePlain(value, at: node, depth: depth)
        }
    }

    /// Writes the target at `node`: a back-reference when it is written
    /// already, otherwise its shared definition.
    private mutating func writeTarget(_ node: Int, depth: Int) throws(Binary.EncodingError) {
        switch targets[node].definition {
        case .complete(let number)?:
            writer.tag(.reference)
            writer.count(number)
        case .inProgress?:
            let path = JSON.PathComponent.text(of: targets.path(to: node))
            throw Binary.EncodingError(kind: .invalidAlias, message: "the value at \(path) contains an alias to itself")
        case nil:
            guard depth < maxDepth else { throw .tooDeep(maxDepth) }
            targets[node].definition = .inProgress
            let number = writer.shared()
            try writePlain(targets[node].target ?? .null, at: node, depth: depth + 1)
            targets[node].definition = .complete(number: number)
        }
    }

    /// Writes `value` itself: a record when it has a `$class` string (see
    /// ``BinaryRecordFieldNames`` for its other members' names).
    private mutating func writePlain(_ value: JSON, at node: Int?, depth: Int) throws(Binary.EncodingError) {
        switch value {
        case .array(let elements):
            guard depth < maxDepth else { throw .tooDeep(maxDepth) }
            writer.tag(.array)
            writer.count(elements.count)
            for (position, element) in elements.enumerated() {
                try write(element, at: node.flatMap { targets.child(of: $0, .index(position)) }, depth: depth + 1)
            }
        case .object(let object):
            guard depth < maxDepth else { throw .tooDeep(maxDepth) }
            let isRecord: Bool
            if case .string(let type)? = object[BinaryRecordFieldNames.typeMember] {
                isRecord = true
                writer.tag(.record)
                writer.string(type)
                writer.count(object.count - 1)
            } else {
                isRecord = false
                writer.tag(.object)
                writer.count(object.count)
            }
            for position in 0..<object.count {
                let member = object.member(at: position)
                let key = member.key.string
                if isRecord, key == BinaryRecordFieldNames.typeMember { continue }
                writer.string(isRecord ? BinaryRecordFieldNames.fieldName(ofJSON: key) : key)
                try write(member.value, at: node.flatMap { targets.child(of: $0, .key(key)) }, depth: depth + 1)
            }
        default:
            try writer.json(value, depth: depth, maxDepth: maxDepth)
        }
    }
}

extension JSON {
    /// The number of elements or members (0 for other values).
    fileprivate var childCount: Int {
        switch self {
        case .array(let elements): elements.count
        case .object(let object): object.count
        default: 0
        }
    }
}
