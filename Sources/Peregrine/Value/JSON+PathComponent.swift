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

        /// `$` followed by each step: `.name` for names that are identifiers,
        /// `["any name"]` for others, `[3]` for positions.
        ///
        /// ```swift
        /// JSON.PathComponent.text(of: [.key("a"), .index(0)])   // $.a[0]
        /// ```
        public static func text(of path: some Sequence<PathComponent>) -> String {
            var text = "$"
            for component in path {
                switch component {
                case .index(let position):
                    text += "[\(position)]"
                case .key(let name):
                    if let first = name.unicodeScalars.first, first.properties.isXIDStart || first == "_",
                        name.unicodeScalars.allSatisfy({ $0.properties.isXIDContinue })
                    {
                        text += "." + name
                    } else {
                        text += "[" + JSON.serializedString(escaping: name) + "]"
                    }
                }
            }
            return text
        }
    }
}
