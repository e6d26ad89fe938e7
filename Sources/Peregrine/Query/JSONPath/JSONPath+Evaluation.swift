extension JSON.JSONPath {
    /// One run of a compiled query over one tree: the root `$` stands for,
    /// the steps of the paths found so far, and the I-Regexp automata
    /// compiled for `match` and `search`.
    ///
    /// Paths are kept as an arena of steps, each pointing at its parent's,
    /// so selecting a node costs one append however deep it is, and only
    /// the results are turned into `[JSON.PathComponent]`. Queries inside
    /// filters keep no paths. Descendants are walked with an explicit
    /// stack, so deep documents cannot exhaust the call stack.
    final class Evaluation<Node: QueryNode> {
        /// A selected node and its path: an index into ``steps``, or `-1`
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

            var string: String? {
                switch self {
                case .nothing: return nil
                case .node(let node):
                    guard node.queryKind == .string, case .string(let string) = node.queryValue else { return nil }
                    return string
                case .value(let value):
                    guard case .string(let string) = value else { return nil }
                    return string
                }
            }
        }

        let root: Node
        private var steps: [(parent: Int, component: JSON.PathComponent)] = []
        /// Compiled patterns by their UTF-8 bytes: a `String` key would
        /// merge canonically equivalent patterns that match differently.
        private var automata: [[UInt8]: IRegexp.Automaton?] = [:]

        init(root: Node) {
            self.root = root
        }

        /// The nodes the whole query selects, with their paths recorded
        /// when `recordingPaths`.
        func run(_ query: Query, recordingPaths: Bool) -> [Located] {
            nodes(of: query, from: root, recording: recordingPaths)
        }

        /// The path of a node selected by ``run(_:recordingPaths:)`` with
        /// paths recorded.
        func path(of located: Located) -> [JSON.PathComponent] {
            var path: [JSON.PathComponent] = []
            var index = located.path
            while steps.indices.contains(index) {
                path.append(steps[index].component)
                index = steps[index].parent
            }
            return path.reversed()
        }

        /// The nodes a query inside a filter selects, `@` being `current`.
        func select(_ query: Query, at current: Node) -> [Located] {
            nodes(of: query, from: query.start == .root ? root : current, recording: false)
        }

        private func nodes(of query: Query, from start: Node, recording: Bool) -> [Located] {
            var nodes = [Located(node: start, path: -1)]
            for segment in query.segments {
                var selected: [Located] = []
                for node in nodes {
                    apply(segment, to: node, recording: recording, into: &selected)
                }
                nodes = selected
                if nodes.isEmpty { break }
            }
            return nodes
        }

        /// A child segment applies its selectors to the node; a descendant
        /// segment to the node and each of its descendants, in document
        /// order (§2.5.2.2).
        private func apply(_ segment: Segment, to node: Located, recording: Bool, into output: inout [Located]) {
            guard segment.isDescendant else {
                select(segment.selectors, from: node, children: nil, recording: recording, into: &output)
                return
            }
            var pending = [node]
            while let next = pending.popLast() {
                let children = self.children(of: next, recording: recording)
                select(segment.selectors, from: next, children: children, recording: recording, into: &output)
                pending.append(contentsOf: children.reversed())
            }
        }

        /// The elements of an array or the member values of an object.
        private func children(of parent: Located, recording: Bool) -> [Located] {
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
            steps.append((parent.path, step))
            return Located(node: node, path: steps.count - 1)
        }

        /// Appends what each selector selects from `parent`, in selector
        /// order; `known` are the parent's children when already listed.
        private func select(
            _ selectors: [Selector], from parent: Located, children known: [Located]?, recording: Bool,
            into output: inout [Located]
        ) {
            var listed = known
            func children() -> [Located] {
                if let listed { return listed }
                let made = self.children(of: parent, recording: recording)
                listed = made
                return made
            }
            for selector in selectors {
                switch selector {
                case .name(let name):
                    if let member = parent.node.queryMember(name) {
                        output.append(located(member, under: parent, .key(name), recording: recording))
                    }
                case .wildcard:
                    output.append(contentsOf: children())
                case .index(let index):
                    guard parent.node.queryKind == .array else { continue }
                    let position = index < 0 ? parent.node.queryCount + index : index
                    if let element = parent.node.queryElement(position) {
                        output.append(located(element, under: parent, .index(position), recording: recording))
                    }
                case .slice(let start, let end, let step):
                    guard parent.node.queryKind == .array else { continue }
                    let elements = children()
                    for position in JSON.JSONPath.slicePositions(start: start, end: end, step: step, count: elements.count) {
                        output.append(elements[position])
                    }
                case .filter(let expression):
                    for child in children() where test(expression, at: child.node) {
                        output.append(child)
                    }
                }
            }
        }

        /// Whether a filter expression holds with `@` being `current`.
        func test(_ expression: LogicalExpression, at current: Node) -> Bool {
            switch expression {
            case .or(let operands): return operands.contains { test($0, at: current) }
            case .and(let operands): return operands.allSatisfy { test($0, at: current) }
            case .not(let operand): return !test(operand, at: current)
            case .exists(let query):
                if let singular = query.singular { return resolve(singular, at: current) != nil }
                return !select(query, at: current).isEmpty
            case .comparison(let left, let op, let right):
                return compare(value(of: left, at: current), op, value(of: right, at: current))
            case .function(let function):
                return test(function, at: current)
            }
        }

        func value(of expression: ValueExpression, at current: Node) -> Operand {
            switch expression {
            case .literal(let value): return .value(value)
            case .query(let query): return resolve(query, at: current).map { .node($0) } ?? .nothing
            case .function(let function): return value(of: function, at: current)
            }
        }

        /// The node a singular query selects, if any.
        private func resolve(_ query: SingularQuery, at current: Node) -> Node? {
            var node = query.start == .root ? root : current
            for step in query.steps {
                switch step {
                case .name(let name):
                    guard let member = node.queryMember(name) else { return nil }
                    node = member
                case .index(let index):
                    guard node.queryKind == .array,
                        let element = node.queryElement(index < 0 ? node.queryCount + index : index)
                    else { return nil }
                    node = element
                }
            }
            return node
        }

        /// `pattern` compiled for matching, or `nil` when it is not a
        /// valid I-Regexp or its automaton would be too large (see
        /// ``IRegexp/Automaton``).
        func automaton(for pattern: String) -> IRegexp.Automaton? {
            let key = Array(pattern.utf8)
            if let cached = automata[key] { return cached }
            let automaton = IRegexp(pattern).flatMap(IRegexp.Automaton.init)
            automata[key] = .some(automaton)
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
