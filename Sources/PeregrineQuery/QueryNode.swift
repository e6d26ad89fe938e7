/// A JSON tree the query languages walk: the value tree (``JSON``) or a
/// document's tape (``JSON/Document/Node``), so each language is written once
/// and a document is queried without building its tree.
///
/// The two trees find children at different costs — a value hashes its
/// keys and indexes its arrays, a document walks siblings on its tape — and
/// say so (``queryMemberLookupCost``, ``queryElementLookupCost(_:)``), so
/// that JSONPath counts the work it does whichever tree it walks.
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
    /// A null, boolean, number or string as a value; `null` for an array or
    /// an object, which this never builds.
    var queryScalar: JSON { get }
    /// The nodes ``queryMember(_:)`` looks at: 1 when members are hashed,
    /// every member when they are walked.
    var queryMemberLookupCost: Int { get }
    /// The nodes ``queryElement(_:)`` looks at to reach `position`.
    func queryElementLookupCost(_ position: Int) -> Int
    /// A function that finds members by key as ``queryMember(_:)`` does,
    /// for many lookups in the same object; making it costs
    /// ``queryMemberLookupCost``, each lookup O(1) on average.
    func queryMemberFinder() -> (String) -> Self?
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
    var queryScalar: JSON {
        switch self {
        case .array, .object: return .null
        case .null, .bool, .number, .string: return self
        }
    }
    var queryMemberLookupCost: Int { 1 }
    func queryElementLookupCost(_ position: Int) -> Int { 1 }
    func queryMemberFinder() -> (String) -> JSON? {
        let object = self.object
        return { object?[$0] }
    }
}

extension JSON.Document.Node: QueryNode {
    var queryKind: JSONKind { entryKind ?? .null }
    /// The members as the owned object keeps them, so that a query gives
    /// the same answer on the document and on its value: a repeated key
    /// keeps its first position and takes its last value (its first, under
    /// `firstWins`). Under `reject` no key repeats and none is looked for.
    var queryMembers: [(key: String, value: JSON.Document.Node)] {
        guard let members = object else { return [] }
        guard document.options.duplicateKeys != .reject, members.count > 1 else { return members }
        let firstWins = document.options.duplicateKeys == .firstWins
        var kept: [(key: String, value: JSON.Document.Node)] = []
        var positions: [ScalarKey: Int] = [:]
        for member in members {
            let key = ScalarKey(member.key)
            if let position = positions[key] {
                if !firstWins { kept[position].value = member.value }
            } else {
                positions[key] = kept.count
                kept.append(member)
            }
        }
        return kept
    }
    var queryElements: [JSON.Document.Node] { array ?? [] }
    func queryMember(_ key: String) -> JSON.Document.Node? {
        let member = self[key]
        return member.exists ? member : nil
    }
    func queryElement(_ position: Int) -> JSON.Document.Node? {
        let element = self[position]
        return element.exists ? element : nil
    }
    /// Elements, or distinct members (``queryMembers``).
    var queryCount: Int { entryKind == .object ? queryMembers.count : count }
    /// Read from the tape directly: ``value`` would set up a materializer
    /// (and its key cache) for every scalar compared.
    var queryScalar: JSON {
        switch entryKind {
        case .bool?: return bool.map(JSON.bool) ?? .null
        case .number?: return number.map(JSON.number) ?? .null
        case .string?: return string.map(JSON.string) ?? .null
        case .null?, .array?, .object?, nil: return .null
        }
    }
    /// A lookup walks every member: of repeated keys the last one wins.
    var queryMemberLookupCost: Int { count + 1 }
    func queryElementLookupCost(_ position: Int) -> Int { max(0, min(position, count)) + 1 }
    /// A table of the members by their Unicode scalars, built in one walk,
    /// keeping the member ``queryMember(_:)`` finds of repeated keys.
    func queryMemberFinder() -> (String) -> JSON.Document.Node? {
        var table: [ScalarKey: JSON.Document.Node] = [:]
        for member in queryMembers { table[ScalarKey(member.key)] = member.value }
        return { table[ScalarKey($0)] }
    }
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
}
