extension JSON {
    /// A compiled RFC 9535 JSONPath query, checked once and run any number
    /// of times on values and documents.
    ///
    /// ```swift
    /// let cheap = try JSON.JSONPath("$.store.book[?@.price < 10].title")
    /// let titles: [JSON] = value.jsonPath(cheap)
    /// let fromDocument = document.root.jsonPath(cheap)
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
    public struct JSONPath: Sendable {
        /// The query text as given.
        ///
        /// ```swift
        /// try JSON.JSONPath("$..id").expression   // "$..id"
        /// ```
        public let expression: String

        let query: Query

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
            self.expression = expression
        }

        /// The nodes the query selects from `root`.
        func nodes<Node: QueryNode>(in root: Node) -> [Node] {
            Evaluation(root: root).run(query, recordingPaths: false).map(\.node)
        }

        /// The nodes the query selects from `root`, with their paths.
        func matches<Node: QueryNode & Sendable>(in root: Node) -> [JSON.Match<Node>] {
            let evaluation = Evaluation(root: root)
            return evaluation.run(query, recordingPaths: true).map { located in
                JSON.Match(path: evaluation.path(of: located), value: located.node)
            }
        }
    }

    /// The values an RFC 9535 JSONPath query selects, in document order.
    ///
    /// ```swift
    /// let value = try JSON(parsing: #"{"a": [{"b": 1}, {"b": 2}]}"#)
    /// try value.jsonPath("$.a[?@.b > 1].b")   // [2]
    /// ```
    ///
    /// - Throws: ``JSON/QueryError`` when the query is not valid.
    public func jsonPath(_ expression: String) throws(JSON.QueryError) -> [JSON] {
        jsonPath(try JSONPath(expression))
    }

    /// The values a compiled query selects, in document order.
    ///
    /// ```swift
    /// let names = try JSON.JSONPath("$..name")
    /// value.jsonPath(names)
    /// ```
    public func jsonPath(_ query: JSONPath) -> [JSON] {
        query.nodes(in: self)
    }

    /// The values an RFC 9535 JSONPath query selects, with their paths.
    ///
    /// ```swift
    /// for match in try value.jsonPathMatches("$.a[*].b") {
    ///     print(match.normalizedPath, match.value)   // $['a'][0]['b'] 1
    /// }
    /// ```
    ///
    /// - Throws: ``JSON/QueryError`` when the query is not valid.
    public func jsonPathMatches(_ expression: String) throws(JSON.QueryError) -> [Match<JSON>] {
        jsonPathMatches(try JSONPath(expression))
    }

    /// The values a compiled query selects, with their paths.
    ///
    /// ```swift
    /// value.jsonPathMatches(try JSON.JSONPath("$..id")).map(\.normalizedPath)
    /// ```
    public func jsonPathMatches(_ query: JSONPath) -> [Match<JSON>] {
        query.matches(in: self)
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
    /// - Throws: ``JSON/QueryError`` when the query is not valid.
    public func jsonPath(_ expression: String) throws(JSON.QueryError) -> [JSON.Document.Node] {
        jsonPath(try JSON.JSONPath(expression))
    }

    /// The nodes a compiled query selects, in document order.
    ///
    /// ```swift
    /// doc.root.jsonPath(try JSON.JSONPath("$..id"))
    /// ```
    public func jsonPath(_ query: JSON.JSONPath) -> [JSON.Document.Node] {
        query.nodes(in: self)
    }

    /// The nodes an RFC 9535 JSONPath query selects, with their paths from
    /// this node.
    ///
    /// ```swift
    /// try doc.root.jsonPathMatches("$.a[*].b").map(\.normalizedPath)   // ["$['a'][0]['b']", "$['a'][1]['b']"]
    /// ```
    ///
    /// - Throws: ``JSON/QueryError`` when the query is not valid.
    public func jsonPathMatches(_ expression: String) throws(JSON.QueryError) -> [JSON.Match<JSON.Document.Node>] {
        jsonPathMatches(try JSON.JSONPath(expression))
    }

    /// The nodes a compiled query selects, with their paths from this node.
    ///
    /// ```swift
    /// doc.root.jsonPathMatches(try JSON.JSONPath("$..id")).map(\.path)
    /// ```
    public func jsonPathMatches(_ query: JSON.JSONPath) -> [JSON.Match<JSON.Document.Node>] {
        query.matches(in: self)
    }
}
