extension JSON {
    /// One step into a JSON value: a member name or an array position.
    ///
    /// Lookups, errors and queries describe where a value is as a list of
    /// steps, written the way JavaScript would reach it:
    ///
    /// ```swift
    /// let path: [JSON.PathComponent] = [.key("statuses"), .index(3), .key("user id")]
    /// JSON.PathComponent.text(of: path)   // $.statuses[3]["user id"]
    /// ```
    public enum PathComponent: Hashable, Sendable {
        /// The member of an object with this name.
        case key(String)
        /// The element of an array at this 0-based position.
        case index(Int)
    }
}
