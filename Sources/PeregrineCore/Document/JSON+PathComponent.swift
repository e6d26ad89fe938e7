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

extension JSON.PathComponent {
    /// The most Unicode scalars of a member name that a step in an error
    /// shows; a longer name is cut, ending in `…`, so that an error costs
    /// O(depth) whatever the names in its input.
    package static let maxNameScalars = 256

    /// The step as errors show it: a member name longer than 256 Unicode
    /// scalars cut to its first 256 and `…`, as the decoders cut the names
    /// in the coding paths of their errors; an array position as it is.
    /// Cutting a step that was cut already gives the same step.
    ///
    /// ```swift
    /// let step = JSON.PathComponent.key(String(repeating: "k", count: 1_000_000))
    /// step.excerpt   // .key("kkk…k…"): 256 "k"s and "…"
    /// ```
    ///
    /// - Complexity: O(256), whatever the length of the name.
    public var excerpt: JSON.PathComponent {
        guard case .key(let name) = self else { return self }
        return .key(name.excerpt(scalars: Self.maxNameScalars))
    }
}
