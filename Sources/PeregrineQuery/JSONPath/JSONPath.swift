extension JSON {
    /// A compiled RFC 9535 JSONPath query, checked once and run any number
    /// of times on values and documents.
    ///
    /// ```swift
    /// let cheap = try JSON.JSONPath("$.store.book[?@.price < 10].title")
    /// let titles: [JSON] = try value.jsonPath(cheap)
    /// let fromDocument = try document.root.jsonPath(cheap)
    /// ```
    ///
    /// The whole RFC is supported: child and descendant segments; name,
    /// wildcard, index, slice and filter selectors; comparisons, `&&`, `||`,
    /// `!` and parentheses in filters; and the functions `length`, `count`,
    /// `match`, `search` and `value`, type-checked when the query is
    /// compiled. `match` and `search` take RFC 9485 I-Regexp patterns,
    /// matched in time linear in the string's length, and are false for a
    /// pattern that is not one or that is too large (over 10,000 nodes once
    /// counted repetitions are written out). Results come in document
    /// order as the RFC's nodelists do, duplicates included (`$[0,0]`).
    ///
    /// Compiling throws ``JSON/QueryError`` with the byte offset of the
    /// first problem. Filters, parentheses and function calls may nest 32
    /// levels deep, so that no query can exhaust the stack.
    ///
    /// Running a query is bounded by ``Limits``: it throws a
    /// ``JSON/QueryError`` of kind ``JSON/QueryError/Kind/tooManyNodes``
    /// once it has visited ``Limits/maxNodes`` nodes (10 million by
    /// default), whatever duplicates the query asks for. A part of a filter
    /// that does not depend on `@` (`$[0]` in `$[?@ == $[0]]`) is evaluated
    /// once per run, and existence tests stop at the first node they find.
    public struct JSONPath: Sendable {
        /// The query text as given.
        ///
        /// ```swift
        /// try JSON.JSONPath("$..id").expression   // "$..id"
        /// ```
        public let expression: String

        let query: Query
        /// The number of hoisted expressions (see `JSONPath+Hoisting.swift`).
        let hoistedSlots: Int

        /// Compiles a query.
        ///
        /// ```swift
        /// let ids = try JSON.JSONPath("$.statuses[*].id")
        /// ```
        ///
        /// - Throws: ``JSON/QueryError`` when the text is not a valid RFC 9535 query.
        public init(_ expression: String) throws(JSON.QueryError) {
            var parser = Parser(expression)
            query = try parser.parseWholeQuery()
            hoistedSlots = parser.hoistedSlots
            self.expression = expression
        }

        /// The nodes the query selects from `root`.
        func nodes<Node: QueryNode>(in root: Node, limits: Limits) throws(JSON.QueryError) -> [Node] {
            try Evaluation(root: root, query: self, limits: limits).nodes()
        }

        /// The nodes the query selects from `root`, with their paths.
        func matches<Node: QueryNode & Sendable>(in root: Node, limits: Limits) throws(JSON.QueryError) -> [JSON.Match<Node>] {
            try Evaluation(root: root, query: self, limits: limits).matches()
        }
    }

    /// The values an RFC 9535 JSONPath query selects, in document order.
    ///
    /// ```swift
    /// let value = try JSON(parsing: #"{"a": [{"b": 1}, {"b": 2}]}"#)
    /// try value.jsonPath("$.a[?@.b > 1].b")   // [2]
    /// ```
    ///
    /// - Throws: ``JSON/QueryError`` when the query is not valid, or when
    ///   running it visits more nodes than `limits` allow.
    public func jsonPath(_ expression: String, limits: JSONPath.Limits = .init()) throws(JSON.QueryError) -> [JSON] {
        try jsonPath(try JSONPath(expression), limits: limits)
    }

    /// The values a compiled query selects, in document order.
    ///
    /// ```swift
    /// let names = try JSON.JSONPath("$..name")
    /// try value.jsonPath(names)
    /// ```
    ///
    /// - Throws: ``JSON/QueryError`` of kind ``JSON/QueryError/Kind/tooManyNodes``
    ///   when running the query visits more nodes than `limits` allow.
    public func jsonPath(_ query: JSONPath, limits: JSONPath.Limits = .init()) throws(JSON.QueryError) -> [JSON] {
        try query.nodes(in: self, limits: limits)
    }

    /// The values an RFC 9535 JSONPath query selects, with their paths.
    ///
    /// ```swift
    /// for match in try value.jsonPathMatches("$.a[*].b") {
    ///     print(match.normalizedPath, match.value)   // $['a'][0]['b'] 1
    /// }
    /// ```
    ///
    /// - Throws: ``JSON/QueryError`` when the query is not valid, or when
    ///   running it visits more nodes than `limits` allow.
    public func jsonPathMatches(_ expression: String, limits: JSONPath.Limits = .init()) throws(JSON.QueryError) -> [Match<JSON>] {
        try jsonPathMatches(try JSONPath(expression), limits: limits)
    }

    /// The values a compiled query selects, with their paths.
    ///
    /// ```swift
    /// try value.jsonPathMatches(try JSON.JSONPath("$..id")).map(\.normalizedPath)
    /// ```
    ///
    /// - Throws: ``JSON/QueryError`` of kind ``JSON/QueryError/Kind/tooManyNodes``
    ///   when running the query visits more nodes than `limits` allow.
    public func jsonPathMatches(_ query: JSONPath, limits: JSONPath.Limits = .init()) throws(JSON.QueryError) -> [Match<JSON>] {
        try query.matches(in: self, limits: limits)
    }
}

extension JSON.Document.Node {
    /// The nodes an RFC 9535 JSONPath query selects, read from the tape
    /// without building the tree; `$` is this node.
    ///
    /// ```swift
    /// let doc = try JSON.Document(parsing: #"{"a": [{"b": 1}, {"b": 2}]}"#)
    /// try doc.root.jsonPath("$.a[?@.b > 1].b").map(\.int)   // [2]
    /// ```
    ///
    /// - Throws: ``JSON/QueryError`` when the query is not valid, or when
    ///   running it visits more nodes than `limits` allow.
    public func jsonPath(
        _ expression: String, limits: JSON.JSONPath.Limits = .init()
    ) throws(JSON.QueryError) -> [JSON.Document.Node] {
        try jsonPath(try JSON.JSONPath(expression), limits: limits)
    }

    /// The nodes a compiled query selects, in document order.
    ///
    /// ```swift
    /// try doc.root.jsonPath(try JSON.JSONPath("$..id"))
    /// ```
    ///
    /// - Throws: ``JSON/QueryError`` of kind ``JSON/QueryError/Kind/tooManyNodes``
    ///   when running the query visits more nodes than `limits` allow.
    public func jsonPath(
        _ query: JSON.JSONPath, limits: JSON.JSONPath.Limits = .init()
    ) throws(JSON.QueryError) -> [JSON.Document.Node] {
        try query.nodes(in: self, limits: limits)
    }

    /// The nodes an RFC 9535 JSONPath query selects, with their paths from
    /// this node.
    ///
    /// ```swift
    /// try doc.root.jsonPathMatches("$.a[*].b").map(\.normalizedPath)   // ["$['a'][0]['b']", "$['a'][1]['b']"]
    /// ```
    ///
    /// - Throws: ``JSON/QueryError`` when the query is not valid, or when
    ///   running it visits more nodes than `limits` allow.
    public func jsonPathMatches(
        _ expression: String, limits: JSON.JSONPath.Limits = .init()
    ) throws(JSON.QueryError) -> [JSON.Match<JSON.Document.Node>] {
        try jsonPathMatches(try JSON.JSONPath(expression), limits: limits)
    }

    /// The nodes a compiled query selects, with their paths from this node.
    ///
    /// ```swift
    /// try doc.root.jsonPathMatches(try JSON.JSONPath("$..id")).map(\.path)
    /// ```
    ///
    /// - Throws: ``JSON/QueryError`` of kind ``JSON/QueryError/Kind/tooManyNodes``
    ///   when running the query visits more nodes than `limits` allow.
    public func jsonPathMatches(
        _ query: JSON.JSONPath, limits: JSON.JSONPath.Limits = .init()
    ) throws(JSON.QueryError) -> [JSON.Match<JSON.Document.Node>] {
        try query.matches(in: self, limits: limits)
    }
}
