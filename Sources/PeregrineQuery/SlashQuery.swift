/// The slash query language: components joined by a separator, the query's
/// first character (`"/a/b"` and `".a.b"` are the same query).
///
/// A component on an object is a member name; on an array, a component of
/// digits only is a 0-based index. Two wildcards widen where the component
/// after them may match:
/// - `*`: in this node or any descendant, depth first; each branch stops
///   at its first match.
/// - `?`: in this node or, failing that, its direct children.
///
/// At the end of a query, `?` selects the children of what came before
/// (`/2/?`: the elements of element 2) and `*` every descendant, in
/// document order (`/a/*`: everything under `a`, each node before its
/// children — the nodes of JSONPath's `$.a..*`, in the text's order).
/// A trailing separator is ignored and `"/"` matches the root. An empty
/// query and a wildcard followed by another wildcard are errors.
struct SlashQuery {
    enum Step: Equatable {
        /// A member name, or an index on an array when it is all digits.
        case component(String)
        /// `*`: the next component matches at any depth.
        case anyDepth
        /// `?`: the next component matches here or one level down.
        case oneLevel

        var isWildcard: Bool { self == .anyDepth || self == .oneLevel }
    }

    let steps: [Step]

    init(_ query: String) throws(JSON.QueryError) {
        guard let separator = query.first else { throw JSON.QueryError(query: query, offset: 0, message: "the query is empty") }
        var parts = query.dropFirst().split(separator: separator, omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true { parts.removeLast() }
        var steps: [Step] = []
        var offset = String(separator).utf8.count
        for part in parts {
            let step: Step
            switch part {
            case "*": step = .anyDepth
            case "?": step = .oneLevel
            default: step = .component(String(part))
            }
            if step.isWildcard, steps.last?.isWildcard == true {
                throw JSON.QueryError(query: query, offset: offset, message: "a wildcard cannot follow a wildcard")
            }
            steps.append(step)
            offset += part.utf8.count + String(separator).utf8.count
        }
        self.steps = steps
    }

    /// The matches of the query in `root`, in document order.
    func matches<Node: QueryNode>(in root: Node) -> [(path: [JSON.PathComponent], node: Node)] {
        var trail = Trail()
        var current = [(step: -1, node: root)]
        var position = 0
        while position < steps.count {
            switch steps[position] {
            case .component(let name):
                current = current.compactMap { match in
                    Self.child(name, of: match.node).map { (trail.append($0.step, after: match.step), $0.node) }
                }
            case .anyDepth, .oneLevel:
                let anyDepth = steps[position] == .anyDepth
                guard position + 1 < steps.count, case .component(let name) = steps[position + 1] else {
                    // At the end: the children, or every descendant.
                    var found: [(step: Int, node: Node)] = []
                    for match in current { Self.descendants(of: match, anyDepth: anyDepth, trail: &trail, into: &found) }
                    current = found
                    break
                }
                var found: [(step: Int, node: Node)] = []
                for match in current { Self.search(name, from: match, anyDepth: anyDepth, trail: &trail, into: &found) }
                current = found
                position += 1
            }
            position += 1
        }
        return current.map { (trail.path(to: $0.step), $0.node) }
    }

    /// The child `name` selects in `node`, and the step to it.
    private static func child<Node: QueryNode>(_ name: String, of node: Node) -> (step: JSON.PathComponent, node: Node)? {
        switch node.queryKind {
        case .object:
            return node.queryMember(name).map { (.key(name), $0) }
        case .array:
            guard !name.isEmpty, name.utf8.allSatisfy(\.isDigit), let position = Int(name) else { return nil }
            return node.queryElement(position).map { (.index(position), $0) }
        default:
            return nil
        }
    }

    /// The children of `start`, or with `anyDepth` all its descendants,
    /// in document order; the walk keeps its own stack.
    private static func descendants<Node: QueryNode>(
        of start: (step: Int, node: Node), anyDepth: Bool, trail: inout Trail, into found: inout [(step: Int, node: Node)]
    ) {
        var pending = children(of: start, trail: &trail).reversed().map { $0 }
        while let next = pending.popLast() {
            found.append(next)
            if anyDepth { pending += children(of: next, trail: &trail).reversed() }
        }
    }

    /// The elements or members of a node, each with its step recorded.
    private static func children<Node: QueryNode>(of parent: (step: Int, node: Node), trail: inout Trail) -> [(step: Int, node: Node)] {
        let children: [(JSON.PathComponent, Node)] =
            parent.node.queryKind == .object
            ? parent.node.queryMembers.map { (.key($0.key), $0.value) }
            : parent.node.queryElements.enumerated().map { (.index($0.offset), $0.element) }
        return children.map { (trail.append($0.0, after: parent.step), $0.1) }
    }

    /// Looks for `name` in `start`, then (one level, or at any depth) in its
    /// children, stopping each branch at its first match. The walk keeps
    /// its own stack, so depth costs no call-stack space.
    private static func search<Node: QueryNode>(
        _ name: String, from start: (step: Int, node: Node), anyDepth: Bool, trail: inout Trail,
        into found: inout [(step: Int, node: Node)]
    ) {
        var pending = [(start.step, start.node, 0)]
        while let (step, node, depth) = pending.popLast() {
            if let match = child(name, of: node) {
                found.append((trail.append(match.step, after: step), match.node))
                continue
            }
            guard anyDepth || depth == 0 else { continue }
            for child in children(of: (step, node), trail: &trail).reversed() {
                pending.append((child.step, child.node, depth + 1))
            }
        }
    }
}

/// The steps a walk has taken, each linked to the one before it, so a
/// node's path is built only when it matches (copying a path per visited
/// node would cost depth² on deep values).
struct Trail {
    private var steps: [(step: JSON.PathComponent, previous: Int)] = []

    /// Records `step` taken after the step at `previous` (-1: from the root); returns its index.
    mutating func append(_ step: JSON.PathComponent, after previous: Int) -> Int {
        steps.append((step, previous))
        return steps.count - 1
    }

    /// The steps from the root to the step at `index`.
    func path(to index: Int) -> [JSON.PathComponent] {
        var path: [JSON.PathComponent] = []
        var current = index
        while steps.indices.contains(current) {
            path.append(steps[current].step)
            current = steps[current].previous
        }
        return path.reversed()
    }
}

extension JSON {
    /// The values the slash query matches, in document order (see the
    /// README's query section): `/` separates components, `*` lets the next
    /// component match at any depth, `?` here or one level down.
    ///
    /// ```swift
    /// let v: JSON = ["a": ["b": ["c", "d"], "e": ["f": "g"]]]
    /// try v.query("/a/b/1")   // ["d"]
    /// try v.query("/*/f")     // ["g"]
    /// try v.query(".a.e.f")   // ["g"]: the first character is the separator
    /// ```
    ///
    /// - Throws: ``JSON/QueryError`` for an empty query or misplaced wildcards.
    public func query(_ query: String) throws(JSON.QueryError) -> [JSON] {
        try SlashQuery(query).matches(in: self).map(\.node)
    }

    /// The matches of the slash query, with their paths.
    ///
    /// ```swift
    /// try v.queryMatches("/*/f").map(\.normalizedPath)   // ["$['a']['e']['f']"]
    /// ```
    public func queryMatches(_ query: String) throws(JSON.QueryError) -> [JSON.Match<JSON>] {
        try SlashQuery(query).matches(in: self).map { JSON.Match(path: $0.path, value: $0.node) }
    }
}

extension JSON.Document.Node {
    /// The nodes the slash query matches, read from the tape (see ``JSON/query(_:)``).
    ///
    /// ```swift
    /// let ids = try doc.root.query("/statuses/*/id").compactMap(\.int64)
    /// ```
    public func query(_ query: String) throws(JSON.QueryError) -> [JSON.Document.Node] {
        try SlashQuery(query).matches(in: self).map(\.node)
    }

    /// The matches of the slash query, with their paths from this node.
    ///
    /// ```swift
    /// try doc.root.queryMatches("/statuses/0").first?.normalizedPath   // $['statuses'][0]
    /// ```
    public func queryMatches(_ query: String) throws(JSON.QueryError) -> [JSON.Match<JSON.Document.Node>] {
        try SlashQuery(query).matches(in: self).map { JSON.Match(path: $0.path, value: $0.node) }
    }
}
