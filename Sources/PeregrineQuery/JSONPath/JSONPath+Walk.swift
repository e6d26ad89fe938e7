extension JSON.JSONPath.Evaluation {
    /// A node on the walk's stack and how far the walk has got in it: the
    /// segment to apply to it next, the selector and position within that
    /// segment, and for a descendant segment the next child to descend
    /// into once the selectors are done. Its children are listed once, on
    /// first need.
    private struct Frame {
        let located: Located
        let segment: Int
        var children: [Located]?
        var selector = 0
        /// The next child a wildcard or filter looks at; 1 once a name or
        /// index selector has been tried.
        var position = 0
        var slice: StrideToIterator<Int>?
        var descendant = 0

        init(_ located: Located, segment: Int) {
            self.located = located
            self.segment = segment
        }
    }

    /// The nodes the whole query selects.
    func nodes() throws(JSON.QueryError) -> [Node] {
        var found: [Node] = []
        try walk(compiled.query, from: Located(node: root, path: -1), recording: false, upTo: .max) { found.append($0.node) }
        return found
    }

    /// Calls `body` with each node `query` selects (`@` being `current`),
    /// in nodelist order, stopping after `limit` nodes; returns how many
    /// there were.
    @discardableResult
    func walk(
        _ query: JSON.JSONPath.Query, at current: Node, upTo limit: Int,
        _ body: (Located) throws(JSON.QueryError) -> Void = { _ in }
    ) throws(JSON.QueryError) -> Int {
        let start = Located(node: query.start == .root ? root : current, path: -1)
        return try walk(query, from: start, recording: false, upTo: limit, body)
    }

    /// The walk: depth first, one selected node at a time, so that a node
    /// reaches `body` before the next one is selected and no nodelist is
    /// built, neither between segments nor for one node's selectors
    /// (`$[*,*,*,*]` holds one position, not four lists). Nested loops
    /// over the segments give the RFC's nodelist order, and so does this.
    /// The stack holds at most one frame per segment and per level of a
    /// descendant segment's descent, each with its node's children.
    @discardableResult
    private func walk(
        _ query: JSON.JSONPath.Query, from start: Located, recording: Bool, upTo limit: Int,
        _ body: (Located) throws(JSON.QueryError) -> Void
    ) throws(JSON.QueryError) -> Int {
        var stack = [Frame(start, segment: 0)]
        var found = 0
        while let top = stack.indices.last {
            guard query.segments.indices.contains(stack[top].segment) else {
                try body(stack[top].located)
                stack.removeLast()
                found += 1
                if found >= limit { break }
                continue
            }
            let segment = query.segments[stack[top].segment]
            if let next = try nextSelected(by: segment.selectors, in: &stack[top], recording: recording) {
                try charge(1)
                stack.append(Frame(next, segment: stack[top].segment + 1))
            } else if segment.isDescendant, let child = try nextChild(of: &stack[top], recording: recording) {
                stack.append(Frame(child, segment: stack[top].segment))
            } else {
                stack.removeLast()
            }
        }
        return found
    }

    /// The next node the selectors select from the frame's node, in
    /// selector order, or `nil` when they are done.
    private func nextSelected(
        by selectors: [JSON.JSONPath.Selector], in frame: inout Frame, recording: Bool
    ) throws(JSON.QueryError) -> Located? {
        let parent = frame.located
        while selectors.indices.contains(frame.selector) {
            switch selectors[frame.selector] {
            case .name(let name):
                guard frame.position == 0 else { break }
                frame.position = 1
                try charge(parent.node.queryMemberLookupCost)
                if let member = parent.node.queryMember(name) {
                    return located(member, under: parent, .key(name), recording: recording)
                }
            case .wildcard:
                let children = try listedChildren(of: &frame, recording: recording)
                if children.indices.contains(frame.position) {
                    frame.position += 1
                    return children[frame.position - 1]
                }
            case .index(let index):
                guard frame.position == 0, parent.node.queryKind == .array else { break }
                frame.position = 1
                let position = index < 0 ? parent.node.queryCount + index : index
                try charge(parent.node.queryElementLookupCost(position))
                if let element = parent.node.queryElement(position) {
                    return located(element, under: parent, .index(position), recording: recording)
                }
            case .slice(let start, let end, let step):
                guard parent.node.queryKind == .array else { break }
                let elements = try listedChildren(of: &frame, recording: recording)
                if frame.slice == nil {
                    frame.slice = JSON.JSONPath.slicePositions(start: start, end: end, step: step, count: elements.count).makeIterator()
                }
                if let position = frame.slice?.next(), elements.indices.contains(position) { return elements[position] }
            case .filter(let expression):
                let children = try listedChildren(of: &frame, recording: recording)
                while children.indices.contains(frame.position) {
                    let child = children[frame.position]
                    frame.position += 1
                    if try test(expression, at: child.node) { return child }
                }
            }
            frame.selector += 1
            frame.position = 0
            frame.slice = nil
        }
        return nil
    }

    /// The next child a descendant segment descends into from the frame's
    /// node, or `nil` when there is none left.
    private func nextChild(of frame: inout Frame, recording: Bool) throws(JSON.QueryError) -> Located? {
        let children = try listedChildren(of: &frame, recording: recording)
        guard children.indices.contains(frame.descendant) else { return nil }
        frame.descendant += 1
        return children[frame.descendant - 1]
    }

    /// The frame's children, listed now (each counted as visited) if they
    /// were not yet.
    private func listedChildren(of frame: inout Frame, recording: Bool) throws(JSON.QueryError) -> [Located] {
        if let children = frame.children { return children }
        let parent = frame.located
        try charge(parent.node.queryCount)
        let children: [Located]
        switch parent.node.queryKind {
        case .array:
            children = parent.node.queryElements.enumerated().map { position, element in
                located(element, under: parent, .index(position), recording: recording)
            }
        case .object:
            children = parent.node.queryMembers.map { member in
                located(member.value, under: parent, .key(member.key), recording: recording)
            }
        case .null, .bool, .number, .string:
            children = []
        }
        frame.children = children
        return children
    }

    private func located(_ node: Node, under parent: Located, _ step: JSON.PathComponent, recording: Bool) -> Located {
        guard recording else { return Located(node: node, path: -1) }
        return Located(node: node, path: trail.append(step, after: parent.path))
    }
}

extension JSON.JSONPath.Evaluation where Node: Sendable {
    /// The nodes the whole query selects, with their paths; each step of a
    /// path costs one node visited.
    func matches() throws(JSON.QueryError) -> [JSON.Match<Node>] {
        var found: [JSON.Match<Node>] = []
        try walk(compiled.query, from: Located(node: root, path: -1), recording: true, upTo: .max) { located throws(JSON.QueryError) in
            let path = trail.path(to: located.path)
            try charge(path.count)
            found.append(JSON.Match(path: path, value: located.node))
        }
        return found
    }
}

extension JSON.JSONPath {
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
