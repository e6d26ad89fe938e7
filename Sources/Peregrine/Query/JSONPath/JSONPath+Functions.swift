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
    /// The result of `length`, `count` or `value`.
    func value(of function: JSON.JSONPath.ValueFunction, at current: Node) -> Operand {
        switch function {
        case .length(let argument):
            switch value(of: argument, at: current) {
            case .nothing: return .nothing
            case .node(let node): return length(of: node)
            case .value(let value): return length(of: value)
            }
        case .count(let query):
            return .value(.number(JSON.Number(select(query, at: current).count)))
        case .value(let query):
            let nodes = select(query, at: current)
            guard nodes.count == 1, let only = nodes.first else { return .nothing }
            return .node(only.node)
        }
    }

    /// The result of `match` or `search`: false unless the string and the
    /// pattern are strings and the pattern is a valid I-Regexp whose
    /// automaton is within ``IRegexp/Automaton/maximumSize``. Matching takes
    /// time linear in the string's length, whatever the pattern.
    func test(_ function: JSON.JSONPath.LogicalFunction, at current: Node) -> Bool {
        switch function {
        case .match(let subject, let pattern):
            guard let (string, automaton) = regexpOperands(subject, pattern, at: current) else { return false }
            return automaton.matches(string)
        case .search(let subject, let pattern):
            guard let (string, automaton) = regexpOperands(subject, pattern, at: current) else { return false }
            return automaton.matchesPart(of: string)
        }
    }

    private func regexpOperands(
        _ subject: JSON.JSONPath.ValueExpression, _ pattern: JSON.JSONPath.ValueExpression, at current: Node
    ) -> (String, IRegexp.Automaton)? {
        guard let string = value(of: subject, at: current).string,
            let pattern = value(of: pattern, at: current).string,
            let automaton = automaton(for: pattern)
        else { return nil }
        return (string, automaton)
    }

    /// `length` of a string (in Unicode scalars), array or object; Nothing
    /// for anything else.
    private func length(of node: some QueryNode) -> Operand {
        switch node.queryKind {
        case .string:
            guard case .string(let string) = node.queryValue else { return .nothing }
            return .value(.number(JSON.Number(string.unicodeScalars.count)))
        case .array, .object: return .value(.number(JSON.Number(node.queryCount)))
        case .null, .bool, .number: return .nothing
        }
    }
}
