/// The syntax tree of a compiled RFC 9535 query. The parser builds it already
/// type-checked (§2.4.3): a comparison only ever holds values, a test only
/// queries and logical functions, and every function call has the arguments
/// its parameters declare, so evaluation has no error cases left.
extension JSON.JSONPath {
    /// `$` or `@` followed by segments.
    struct Query: Sendable {
        /// Where the query starts: the argument of the whole query, or the
        /// node a filter is testing.
        enum Start: Sendable {
            /// `$`
            case root
            /// `@`
            case current
        }

        let start: Start
        let segments: [Segment]
        /// The query as a singular query (§2.3.5.1: only child segments of
        /// one name or index each, written without blank space inside the
        /// brackets), `nil` for any other query.
        let singular: SingularQuery?
    }

    /// A query that selects at most one node, resolved step by step.
    struct SingularQuery: Sendable {
        /// One name or index.
        enum Step: Sendable {
            case name(String)
            case index(Int)
        }

        let start: Query.Start
        let steps: [Step]
    }

    /// `.name`, `[…]` (child) or `..name`, `..[…]` (descendant).
    struct Segment: Sendable {
        let isDescendant: Bool
        let selectors: [Selector]

        /// The segment as a step of a singular query: a child segment with
        /// one name or index selector.
        var singularStep: SingularQuery.Step? {
            guard !isDescendant, selectors.count == 1 else { return nil }
            switch selectors.first {
            case .name(let name)?: return .name(name)
            case .index(let index)?: return .index(index)
            case .wildcard?, .slice?, .filter?, nil: return nil
            }
        }
    }

    /// One selector of a segment (§2.3).
    enum Selector: Sendable {
        /// `'name'`, `"name"` or the shorthand `.name`.
        case name(String)
        /// `*`
        case wildcard
        /// `3`, `-1`
        case index(Int)
        /// `start:end:step`, each part optional.
        case slice(start: Int?, end: Int?, step: Int?)
        /// `?expression`
        case filter(LogicalExpression)
    }

    /// A filter's test (§2.3.5.1), already typed as LogicalType.
    indirect enum LogicalExpression: Sendable {
        case or([LogicalExpression])
        case and([LogicalExpression])
        case not(LogicalExpression)
        /// A query as a test: true when it selects at least one node.
        case exists(Query)
        case comparison(ValueExpression, ComparisonOperator, ValueExpression)
        /// `match` or `search`, the functions whose result is LogicalType.
        case function(LogicalFunction)
        /// An expression that does not depend on `@`, so one run
        /// evaluates it once and keeps the result in this slot (see
        /// `JSONPath+Hoisting.swift`).
        case hoisted(slot: Int, LogicalExpression)
    }

    enum ComparisonOperator: Sendable {
        case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
    }

    /// Something of ValueType: a literal, a singular query (its node's value,
    /// or Nothing) or a function that returns a value.
    indirect enum ValueExpression: Sendable {
        case literal(JSON)
        case query(SingularQuery)
        case function(ValueFunction)
        /// An expression that does not depend on `@`, evaluated once per
        /// run and kept in this slot; as the pattern of `match` or
        /// `search`, the slot keeps the compiled pattern.
        case hoisted(slot: Int, ValueExpression)
    }

    /// A call of a function whose result is ValueType (§2.4.4, §2.4.5, §2.4.8).
    enum ValueFunction: Sendable {
        /// `length(value)`
        case length(ValueExpression)
        /// `count(nodes)`
        case count(Query)
        /// `value(nodes)`
        case value(Query)
    }

    /// A call of a function whose result is LogicalType (§2.4.6, §2.4.7):
    /// the string and the I-Regexp pattern.
    enum LogicalFunction: Sendable {
        /// `match(string, pattern)`: the whole string matches.
        case match(ValueExpression, ValueExpression)
        /// `search(string, pattern)`: some substring matches.
        case search(ValueExpression, ValueExpression)
    }
}
