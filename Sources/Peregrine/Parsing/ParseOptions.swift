extension JSON {
    /// What the parser accepts. The default is strict RFC 8259.
    ///
    /// ```swift
    /// let shallow = try JSON(parsing: bytes, options: .init(maxDepth: 32))
    /// ```
    public struct ParseOptions: Sendable, Hashable {
        /// The default nesting limit, the same as Foundation's.
        public static let defaultMaxDepth = 512

        /// The deepest nesting of arrays and objects accepted; one level more is a
        /// ``JSON/ParseError/Kind/tooDeep`` error. `[[1]]` has depth 2.
        ///
        /// A ``JSON/Document`` is flat, so any depth is safe for it. An owned
        /// ``JSON`` value is released by Swift recursively (about 150 bytes of
        /// stack per level in a release build), so raise the limit for owned
        /// values only as far as the parsing thread's stack allows.
        public var maxDepth: Int

        /// Creates parse options.
        ///
        /// ```swift
        /// let options = JSON.ParseOptions(maxDepth: 64)
        /// ```
        public init(maxDepth: Int = ParseOptions.defaultMaxDepth) {
            self.maxDepth = maxDepth
        }
    }
}
