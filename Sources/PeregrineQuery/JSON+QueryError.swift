extension JSON {
    /// A query that cannot be compiled, with the position of the problem, or
    /// a JSONPath query that stopped at its limits.
    ///
    /// ```swift
    /// do { _ = try v.jsonPath("$.a[") } catch let error as JSON.QueryError {
    ///     print(error.kind, error.offset, error.message)   // invalidQuery 4 expected a selector
    /// }
    /// ```
    public struct QueryError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The kinds of query failure.
        public enum Kind: Sendable, Hashable {
            /// The text is not a valid query; ``offset`` is where the problem is.
            case invalidQuery
            /// A JSONPath query visited more nodes than its
            /// ``JSON/JSONPath/Limits/maxNodes`` allow (``offset`` is 0).
            case tooManyNodes
        }

        /// What went wrong.
        public let kind: Kind
        /// The query text.
        public let query: String
        /// The offset of the problem in the query, in UTF-8 bytes.
        public let offset: Int
        /// What is wrong.
        public let message: String

        init(_ kind: Kind = .invalidQuery, query: String, offset: Int, message: String) {
            self.kind = kind
            self.query = query
            self.offset = offset
            self.message = message
        }

        /// `invalid query at offset 4: expected a selector`, or for a query
        /// stopped at its limit `query stopped: it visits more than 10000000 nodes (…)`.
        public var description: String {
            switch kind {
            case .invalidQuery: return "invalid query at offset \(offset): \(message)"
            case .tooManyNodes: return "query stopped: \(message)"
            }
        }
    }
}
