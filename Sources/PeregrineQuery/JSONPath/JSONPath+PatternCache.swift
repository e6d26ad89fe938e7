extension JSON.JSONPath {
    /// The automata one run compiled for `match` and `search` patterns that
    /// depend on `@` (patterns taken from the document), by the patterns'
    /// UTF-8 bytes: a `String` key would merge canonically equivalent
    /// patterns, which match different scalars. Swift's `Hasher` is seeded
    /// per process, so patterns chosen to collide cannot flood the table.
    ///
    /// The cache is bounded in bytes: when an automaton would take it past
    /// ``maximumBytes`` (8 MiB) it is emptied first, so it holds at most
    /// ``maximumBytes``, or one automaton larger than that (at most
    /// ``IRegexp/Automaton/maximumSize`` states plus the pattern's own
    /// sets). A document of distinct patterns costs one compilation each,
    /// as it would without a cache.
    struct PatternCache {
        static let defaultMaximumBytes = 8 << 20

        /// The most bytes of automata and keys kept.
        let maximumBytes: Int
        private var automata: [[UInt8]: IRegexp.Automaton?] = [:]
        /// The bytes of the automata and keys held.
        private(set) var bytes = 0

        init(maximumBytes: Int = defaultMaximumBytes) {
            self.maximumBytes = maximumBytes
        }

        /// `pattern` compiled for matching (`nil` when it is not a valid
        /// I-Regexp or its automaton would be too large), and the work
        /// compiling it took: 0 when it was cached, else the pattern's
        /// bytes and the nodes of its automaton.
        mutating func automaton(for pattern: String) -> (IRegexp.Automaton?, compilingCost: Int) {
            let key = Array(pattern.utf8)
            if let cached = automata[key] { return (cached, 0) }
            let (automaton, cost) = Self.compiled(pattern)
            let size = key.count + (automaton?.byteCount ?? 0)
            if bytes + size > maximumBytes {
                automata.removeAll()
                bytes = 0
            }
            automata[key] = .some(automaton)
            bytes += size
            return (automaton, cost)
        }

        /// `pattern` compiled, with no cache, and the work that took: the
        /// pattern's bytes and the nodes of its automaton.
        static func compiled(_ pattern: String) -> (IRegexp.Automaton?, cost: Int) {
            let regexp = IRegexp(pattern)
            let automaton = regexp.flatMap(IRegexp.Automaton.init)
            // A pattern refused for its size was written out up to the limit.
            let nodes = automaton?.kinds.count ?? (regexp == nil ? 0 : IRegexp.Automaton.maximumSize)
            return (automaton, pattern.utf8.count + nodes)
        }
    }
}
