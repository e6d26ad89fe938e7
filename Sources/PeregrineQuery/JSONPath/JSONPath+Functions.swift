extension JSON.JSONPath {
    /// The function extensions RFC 9535 defines (§2.4.4–§2.4.8), by name, as
    /// the parser meets them; it checks each call's arguments against the
    /// declared types and builds a ``ValueFunction`` or ``LogicalFunction``.
    enum Function: Sendable {
        case length, count, match, search, value

        init?(name: String) {
            switch name {
            case "length": self = .length
            case "count": self = .count
            case "match": self = .match
            case "search": self = .search
            case "value": self = .value
            default: return nil
            }
        }

        var name: String {
            switch self {
            case .length: return "length"
            case .count: return "count"
            case .match: return "match"
            case .search: return "search"
            case .value: return "value"
            }
        }

        /// The number of parameters.
        var arity: Int { self == .match || self == .search ? 2 : 1 }

        /// `function length expects one argument`.
        var arityMessage: String {
            "function \(name) expects \(arity == 1 ? "one argument" : "two arguments")"
        }
    }
}

extension JSON.JSONPath.Evaluation {
    /// The result of `length`, `count` or `value`. `count` counts the
    /// nodes as they are found, and `value` stops at the second, so
    /// neither builds a nodelist.
    func value(of function: JSON.JSONPath.ValueFunction, at current: Node) throws(JSON.QueryError) -> Operand {
        switch function {
        case .length(let argument):
            switch try value(of: argument, at: current) {
            case .nothing: return .nothing
            case .node(let node): return try length(of: node)
            case .value(let value): return try length(of: value)
            }
        case .count(let query):
            return .value(.number(JSON.Number(try walk(query, at: current, upTo: .max))))
        case .value(let query):
            var only: Node?
            let count = try walk(query, at: current, upTo: 2) { only = $0.node }
            guard count == 1, let only else { return .nothing }
            return .node(only)
        }
    }

    /// The result of `match` or `search`: false unless the string and the
    /// pattern are strings and the pattern is a valid I-Regexp whose
    /// automaton is within ``IRegexp/Automaton/maximumSize``. Each step of
    /// the automaton counts as a node visited, so a run of many matches
    /// stops at ``JSON/JSONPath/Limits/maxNodes`` like any other.
    func test(_ function: JSON.JSONPath.LogicalFunction, at current: Node) throws(JSON.QueryError) -> Bool {
        let anywhere: Bool
        let subject: JSON.JSONPath.ValueExpression
        let pattern: JSON.JSONPath.ValueExpression
        switch function {
        case .match(let string, let regexp): (anywhere, subject, pattern) = (false, string, regexp)
        case .search(let string, let regexp): (anywhere, subject, pattern) = (true, string, regexp)
        }
        guard let string = try value(of: subject, at: current).string,
            let automaton = try automaton(for: pattern, at: current)
        else { return false }
        try charge(Self.stringCost(string.utf8.count))
        let remaining = limits.maxNodes - visited
        var budget = remaining
        let matched = anywhere ? automaton.matchesPart(of: string, budget: &budget) : automaton.matches(string, budget: &budget)
        try charge(remaining - budget)
        return matched ?? false
    }

    /// `length` of a string (in Unicode scalars), array or object; Nothing
    /// for anything else.
    private func length(of node: some QueryNode) throws(JSON.QueryError) -> Operand {
        switch node.queryKind {
        case .string:
            guard case .string(let string) = node.queryScalar else { return .nothing }
            try charge(Self.stringCost(string.utf8.count))
            return .value(.number(JSON.Number(string.unicodeScalars.count)))
        case .array, .object: return .value(.number(JSON.Number(node.queryCount)))
        case .null, .bool, .number: return .nothing
        }
    }
}
