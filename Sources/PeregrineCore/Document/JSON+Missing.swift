extension JSON {
    /// Where a lookup's path broke: the last value it found, the step that
    /// found nothing there, and why.
    ///
    /// ```swift
    /// let v: JSON = ["user": ["name": "Ann"]]
    /// v["user"]["name"]["first"].missing?.description
    /// // $.user.name is a string, not an object
    /// ```
    public struct Missing: Sendable, Hashable {
        /// The steps to the last value found.
        public let parent: [PathComponent]
        /// The step that found nothing.
        public let step: PathComponent
        /// Why, as the end of a sentence about the parent: `has no member "id"`.
        public let reason: String

        package init(parent: [PathComponent], step: PathComponent, reason: String) {
            self.parent = parent
            self.step = step
            self.reason = reason
        }
    }
}

extension JSON.Missing {
    /// `step` found nothing in the value at `parent`, of kind `kind` with
    /// `count` elements or members.
    package init(parent: [JSON.PathComponent], step: JSON.PathComponent, in kind: JSONKind, count: Int) {
        let reason: String
        switch (step, kind) {
        case (.key(let key), .object): reason = "has no member \(String(jsonEscaping: key))"
        case (.index(let position), .array): reason = "has no element \(position) (it has \(count))"
        case (.key(let key), .array): reason = Self.reason(forNonIndex: key, count: count)
        case (.key, _): reason = "is \(kind.description), not an object"
        case (.index, _): reason = "is \(kind.description), not an array"
        }
        self.init(parent: parent, step: step, reason: reason)
    }

    /// Why a token that is not an index finds nothing in an array: digits
    /// too large for an index, or with a leading zero, are named as
    /// elements; a name is the wrong kind of step.
    private static func reason(forNonIndex token: String, count: Int) -> String {
        guard !token.isEmpty, token.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return "is an array, not an object"
        }
        if token.utf8.first == UInt8(ascii: "0") { return "has no element \(token) (an index has no leading zeros)" }
        return "has no element \(token) (it has \(count))"
    }
}
