extension JSON.JSONPath {
    /// One run of a compiled query over one tree: the root `$` stands for,
    /// the steps of the paths found so far, the values of hoisted
    /// expressions, the automata compiled for `match` and `search`, and the
    /// count of the work done so far against ``Limits/maxNodes``. Queries
    /// are walked in `JSONPath+Walk.swift`; filters are tested here.
    ///
    /// Filters recurse as deep as the query nests, which the parser
    /// bounds; nothing recurses on the document's depth.
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
        /// The steps of the paths recorded so far.
        var trail = Trail()
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
}
