extension JSON.JSONPath {
    /// One run of a compiled query over one tree: the root `$` stands for,
    /// the steps of the paths found so far, the values of hoisted
    /// expressions, the automata compiled for `match` and `search`, and the
    /// count of the work done so far against ``Limits/maxNodes``.
    ///
    /// A query is walked depth first: a stack holds the nodes still to go
    /// through later segments, so a node reaches the results (or ends an
    /// existence test, or is counted by `count`) before its siblings are
    /// visited, and no nodelist is built between segments. The order is
    /// the RFC's: nodelist order is what nested loops over the segments
    /// give. Existence tests stop at the first node, `value` at the
    /// second.
    ///
    /// Paths are kept as a ``Trail`` of steps, each pointing at its
    /// parent's, so selecting a node costs one append however deep it is,
    /// and only the results are turned into `[JSON.PathComponent]`.
    /// Queries inside filters keep no paths. Nothing recurses on the
    /// document's depth; filters recurse as deep as the query nests, which
    /// the parser bounds.
    final class Evaluation<Node: QueryNode> {
        /// A selected node and its path: an index into ``trail``, or `-1`
        /// for the start node (and for every node of an unrecorded query).
        struct Located {
            let node: Node
            let path: Int
        }

        /// A comparison operand or function value: Nothing, a node of the
        /// tree, or a value made by the query (a literal, a count).
        enum Operand {
            case nothing
            case node(Node)
            case value(JSON)

            /// The string, if the operand is one (read from the tree's
            /// scalar, never by building a container).
            var string: String? {
                switch self {
                case .nothing: return nil
                case .node(let node):
                    guard node.queryKind == .string, case .string(let string) = node.queryScalar else { return nil }
                    return string
                case .value(let value):
                    guard case .string(let string) = value else { return nil }
                    return string
                }
            }
        }

        /// What a hoisted slot holds once evaluated.
        enum Hoisted {
            case test(Bool)
            case value(Operand)
            case pattern(IRegexp.Automaton?)
        }

        let root: Node
        let compiled: JSON.JSONPath
        let limits: Limits
        /// The work done so far: nodes visited, siblings stepped over,
        /// string bytes compared (in 64-byte units) and automaton steps.
        private(set) var visited = 0
        private var trail = Trail()
        private var hoisted: [Hoisted?]
        private var patterns = PatternCache()
        /// The bytes the cache of patterns from the document holds.
        var patternCacheBytes: Int { patterns.bytes }

        init(root: Node, query: JSON.JSONPath, limits: Limits) {
            self.root = root
            compiled = query
            self.limits = limits
            hoisted = Array(repeating: nil, count: query.hoistedSlots)
        }

        /// Counts `work` more nodes visited; throws once the total passes
        /// ``Limits/maxNodes``.
        func charge(_ work: Int) throws(JSON.QueryError) {
            visited = visited > Int.max - work ? Int.max : visited + work
            guard visited <= limits.maxNodes else {
                throw JSON.QueryError(
                    .tooManyNodes, query: compiled.expression, offset: 0,
                    message: "the query visits more than \(limits.maxNodes) nodes (JSON.JSONPath.Limits.maxNodes)"
                )
            }
        }

        /// The work of reading or comparing a string of `bytes` UTF-8 bytes.
        static func stringCost(_ bytes: Int) -> Int { 1 + bytes / 64 }

        /// The nodes the whole query selects, with their paths recorded
        /// when `recordingPaths`.
        func run(recordingPaths: Bool) throws(JSON.QueryError) -> [Located] {
            var found: [Located] = []
            try walk(compiled.query, from: Located(node: root, path: -1), recording: recordingPaths, upTo: .max) { found.append($0) }
            return found
        }

        /// The path of a node selected by ``run(recordingPaths:)`` with
        /// paths recorded; each step costs one node visited.
        func path(of located: Located) throws(JSON.QueryError) -> [JSON.PathComponent] {
            let path = trail.path(to: located.path)
            try charge(path.count)
            return path
        }

        /// Calls `body` with each node `query` selects (`@` being
        /// `current`), in nodelist order, stopping after `limit` nodes;
        /// returns how many there were.
        @discardableResult
        func walk(
            _ query: Query, at current: Node, upTo limit: Int, _ body: (Located) -> Void = { _ in }
        ) throws(JSON.QueryError) -> Int {
            let start = Located(node: query.start == .root ? root : current, path: -1)
            return try walk(query, from: start, recording: false, upTo: limit, body)
        }

        @discardableResult
        private func walk(
            _ query: Query, from start: Located, recording: Bool, upTo limit: Int, _ body: (Located) -> Void
        ) throws(JSON.QueryError) -> Int {
            // Each node with the index of the segment to apply to it next.
            var pending = [(start, 0)]
            var selected: [Located] = []
            var found = 0
            while let (located, index) = pending.popLast() {
                guard query.segments.indices.contains(index) else {
                    body(located)
                    found += 1
                    if found >= limit { break }
                    continue
                }
                let segment = query.segments[index]
                var children: [Located]?
                if segment.isDescendant {
                    // The descendants come after what the segment selects here.
                    let listed = try self.children(of: located, recording: recording)
                    children = listed
                    for child in listed.reversed() { pending.append((child, index)) }
                }
                selected.removeAll(keepingCapacity: true)
                try select(segment.selectors, from: located, children: &children, recording: recording, into: &selected)
                for node in selected.reversed() { pending.append((node, index + 1)) }
            }
            return found
        }

        /// The elements of an array or the member values of an object.
        private func children(of parent: Located, recording: Bool) throws(JSON.QueryError) -> [Located] {
            try charge(parent.node.queryCount)
            switch parent.node.queryKind {
            case .array:
                return parent.node.queryElements.enumerated().map { position, element in
                    located(element, under: parent, .index(position), recording: recording)
                }
            case .object:
                return parent.node.queryMembers.map { member in
                    located(member.value, under: parent, .key(member.key), recording: recording)
                }
            case .null, .bool, .number, .string:
                return []
            }
        }

        private func located(_ node: Node, under parent: Located, _ step: JSON.PathComponent, recording: Bool) -> Located {
            guard recording else { return Located(node: node, path: -1) }
            return Located(node: node, path: trail.append(step, after: parent.path))
        }

        /// Appends what each selector selects from `parent`, in selector
        /// order, each node counted as visited; `children` are the
        /// parent's children, listed on first need.
        private func select(
            _ selectors: [Selector], from parent: Located, children: inout [Located]?, recording: Bool,
            into output: inout [Located]
        ) throws(JSON.QueryError) {
            for selector in selectors {
                let before = output.count
                switch selector {
                case .name(let name):
                    try charge(parent.node.queryMemberLookupCost)
                    if let member = parent.node.queryMember(name) {
                        output.append(located(member, under: parent, .key(name), recording: recording))
                    }
                case .wildcard:
                    output.append(contentsOf: try listed(&children, of: parent, recording: recording))
                case .index(let index):
                    guard parent.node.queryKind == .array else { continue }
                    let position = index < 0 ? parent.node.queryCount + index : index
                    try charge(parent.node.queryElementLookupCost(position))
                    if let element = parent.node.queryElement(position) {
                        output.append(located(element, under: parent, .index(position), recording: recording))
                    }
                case .slice(let start, let end, let step):
                    guard parent.node.queryKind == .array else { continue }
                    let elements = try listed(&children, of: parent, recording: recording)
                    for position in JSON.JSONPath.slicePositions(start: start, end: end, step: step, count: elements.count) {
                        output.append(elements[position])
                    }
                case .filter(let expression):
                    for child in try listed(&children, of: parent, recording: recording) where try test(expression, at: child.node) {
                        output.append(child)
                    }
                }
                try charge(output.count - before)
            }
        }

        /// `children`, listed now if they were not yet.
        private func listed(_ children: inout [Located]?, of parent: Located, recording: Bool) throws(JSON.QueryError) -> [Located] {
            if let children { return children }
            let made = try self.children(of: parent, recording: recording)
            children = made
            return made
        }

        /// Whether a filter expression holds with `@` being `current`.
        func test(_ expression: LogicalExpression, at current: Node) throws(JSON.QueryError) -> Bool {
            switch expression {
            case .or(let operands):
                for operand in operands where try test(operand, at: current) { return true }
                return false
            case .and(let operands):
                for operand in operands where try !test(operand, at: current) { return false }
                return true
            case .not(let operand):
                return try !test(operand, at: current)
            case .exists(let query):
                if let singular = query.singular { return try resolve(singular, at: current) != nil }
                return try walk(query, at: current, upTo: 1) > 0
            case .comparison(let left, let op, let right):
                return try compare(value(of: left, at: current), op, value(of: right, at: current))
            case .function(let function):
                return try test(function, at: current)
            case .hoisted(let slot, let inner):
                if case .test(let known)? = hoisted[slot] { return known }
                let result = try test(inner, at: current)
                hoisted[slot] = .test(result)
                return result
            }
        }

        func value(of expression: ValueExpression, at current: Node) throws(JSON.QueryError) -> Operand {
            switch expression {
            case .literal(let value): return .value(value)
            case .query(let query): return try resolve(query, at: current).map { .node($0) } ?? .nothing
            case .function(let function): return try value(of: function, at: current)
            case .hoisted(let slot, let inner):
                if case .value(let known)? = hoisted[slot] { return known }
                let result = try value(of: inner, at: current)
                hoisted[slot] = .value(result)
                return result
            }
        }

        /// The node a singular query selects, if any.
        private func resolve(_ query: SingularQuery, at current: Node) throws(JSON.QueryError) -> Node? {
            var node = query.start == .root ? root : current
            for step in query.steps {
                switch step {
                case .name(let name):
                    try charge(node.queryMemberLookupCost)
                    guard let member = node.queryMember(name) else { return nil }
                    node = member
                case .index(let index):
                    guard node.queryKind == .array else { return nil }
                    let position = index < 0 ? node.queryCount + index : index
                    try charge(node.queryElementLookupCost(position))
                    guard let element = node.queryElement(position) else { return nil }
                    node = element
                }
            }
            return node
        }

        /// The automaton of the pattern operand of `match` or `search`,
        /// or `nil` when it is not a string, not a valid I-Regexp, or too
        /// large (see ``IRegexp/Automaton``). A hoisted pattern is compiled
        /// once per run; one that depends on `@` goes through the cache.
        func automaton(for pattern: ValueExpression, at current: Node) throws(JSON.QueryError) -> IRegexp.Automaton? {
            if case .hoisted(let slot, let inner) = pattern {
                if case .pattern(let known)? = hoisted[slot] { return known }
                var automaton: IRegexp.Automaton?
                if let text = try value(of: inner, at: current).string {
                    let (compiled, cost) = PatternCache.compiled(text)
                    try charge(cost)
                    automaton = compiled
                }
                hoisted[slot] = .pattern(automaton)
                return automaton
            }
            guard let text = try value(of: pattern, at: current).string else { return nil }
            let (automaton, cost) = patterns.automaton(for: text)
            try charge(Self.stringCost(text.utf8.count) + cost)
            return automaton
        }
    }

    /// The array positions a slice selects from an array of `count`
    /// elements, in selection order (§2.3.4.2). Bounds are within ±(2^53−1),
    /// so no arithmetic here can overflow.
    static func slicePositions(start: Int?, end: Int?, step: Int?, count: Int) -> StrideTo<Int> {
        let step = step ?? 1
        func normalized(_ index: Int) -> Int { index >= 0 ? index : count + index }
        if step > 0 {
            let lower = min(max(normalized(start ?? 0), 0), count)
            let upper = min(max(normalized(end ?? count), 0), count)
            return stride(from: lower, to: upper, by: step)
        }
        if step < 0 {
            let upper = min(max(start.map(normalized) ?? count - 1, -1), count - 1)
            let lower = min(max(end.map(normalized) ?? -1, -1), count - 1)
            return stride(from: upper, to: lower, by: step)
        }
        return stride(from: 0, to: 0, by: 1)
    }
}
