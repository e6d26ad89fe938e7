extension JSON.JSONPath {
    /// How much work one run of a query may do.
    ///
    /// RFC 9535 keeps duplicates in nodelists, so a short query can ask for
    /// more nodes than any machine holds: each `[0,0]` segment of
    /// `$[0,0][0,0]…` doubles the nodelist. A run counts the nodes it
    /// visits, and throws ``JSON/QueryError/Kind/tooManyNodes`` once the
    /// count passes ``maxNodes``. Everything a run allocates — nodelists,
    /// results and their paths, the stack of nodes still to visit — grows
    /// by at most one entry per node visited, so the limit bounds memory
    /// as well as time.
    ///
    /// ```swift
    /// let limits = JSON.JSONPath.Limits(maxNodes: 1_000)
    /// try value.jsonPath("$..*", limits: limits)   // throws tooManyNodes past 1,000 nodes
    /// ```
    public struct Limits: Sendable, Hashable {
        /// The most nodes a run may visit, counting every node a segment
        /// selects (duplicates each time), every child listed for a
        /// wildcard, filter or descendant segment, every sibling a
        /// document steps over to find a member or element, every pair of
        /// values a comparison walks, and every step of the paths returned.
        public var maxNodes: Int

        /// Limits with the given values; the default is safe for untrusted
        /// queries and documents.
        ///
        /// ```swift
        /// let generous = JSON.JSONPath.Limits(maxNodes: 100_000_000)
        /// ```
        public init(maxNodes: Int = 10_000_000) {
            self.maxNodes = maxNodes
        }
    }
}
