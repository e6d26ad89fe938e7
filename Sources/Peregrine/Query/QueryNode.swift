/// A JSON tree the query languages walk: the value tree (``JSON``) or a
/// document's tape (``JSON/Document/Node``), so each language is written once
/// and a document is queried without building its tree.
protocol QueryNode {
    /// The node's kind.
    var queryKind: JSONKind { get }
    /// An object's members in order (empty for anything else).
    var queryMembers: [(key: String, value: Self)] { get }
    /// An array's elements in order (empty for anything else).
    var queryElements: [Self] { get }
    /// The member named `key`, if this is an object that has it.
    func queryMember(_ key: String) -> Self?
    /// The element at `position` (0-based), if this is an array that long.
    func queryElement(_ position: Int) -> Self?
    /// The number of elements or members (0 for scalars).
    var queryCount: Int { get }
    /// The value as an owned tree (scalars are cheap; containers are built).
    var queryValue: JSON { get }
}

extension JSON: QueryNode {
    var queryKind: JSONKind { kind }
    var queryMembers: [(key: String, value: JSON)] { object.map { $0.map { ($0.key, $0.value) } } ?? [] }
    var queryElements: [JSON] { array ?? [] }
    func queryMember(_ key: String) -> JSON? { object?[key] }
    func queryElement(_ position: Int) -> JSON? {
        guard let elements = array, elements.indices.contains(position) else { return nil }
        return elements[position]
    }
    var queryCount: Int { array?.count ?? object?.count ?? 0 }
    var queryValue: JSON { self }
}

extension JSON.Document.Node: QueryNode {
    var queryKind: JSONKind { entryKind ?? .null }
    var queryMembers: [(key: String, value: JSON.Document.Node)] { object ?? [] }
    var queryElements: [JSON.Document.Node] { array ?? [] }
    func queryMember(_ key: String) -> JSON.Document.Node? {
        let member = self[key]
        return member.exists ? member : nil
    }
    func queryElement(_ position: Int) -> JSON.Document.Node? {
        let element = self[position]
        return element.exists ? element : nil
    }
    var queryCount: Int { count }
    var queryValue: JSON { value ?? .null }
}

extension JSON {
    /// One value a query matched, and where it is.
    ///
    /// ```swift
    /// for match in try v.jsonPathMatches("$.statuses[*].id") {
    ///     print(match.normalizedPath, match.value)   // $['statuses'][0]['id'] 1
    /// }
    /// ```
    public struct Match<Value: Sendable>: Sendable {
        /// The steps from the root to the value.
        public let path: [PathComponent]
        /// The value matched: a ``JSON`` value, or a ``JSON/Document/Node`` for documents.
        public let value: Value

        /// The RFC 9535 Normalized Path of the value: `$['statuses'][0]['id']`.
        public var normalizedPath: String { PathComponent.normalizedPath(of: path) }
    }

    /// A query that cannot be compiled, with the position of the problem.
    ///
    /// ```swift
    /// do { _ = try v.jsonPath("$.a[") } catch let error as JSON.QueryError {
    ///     print(error.offset, error.message)   // 4 expected a selector
    /// }
    /// ```
    public struct QueryError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The query text.
        public let query: String
        /// The offset of the problem in the query, in UTF-8 bytes.
        public let offset: Int
        /// What is wrong.
        public let message: String

        /// `invalid query at offset 4: expected a selector`.
        public var description: String { "invalid query at offset \(offset): \(message)" }
    }
}
