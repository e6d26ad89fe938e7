extension JSON {
    /// The deepest nesting of an owned value that Peregrine builds from
    /// input, whatever ``ParseOptions/maxDepth`` allows.
    ///
    /// Swift releases an enum's nested arrays recursively, about 190 bytes
    /// of stack per level in a debug build, so a value a million levels
    /// deep would crash the thread that lets it go. 1,024 levels release
    /// safely on a 512 KiB secondary thread. Parsing into an owned value
    /// deeper than this throws ``ParseError/Kind/tooDeep``; a
    /// ``Document`` (a flat tape, safe at any depth) keeps deeper input,
    /// and its nodes below this depth have no owned ``Document/Node/value``.
    ///
    /// ```swift
    /// let deep = String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000)
    /// _ = try JSON.Document(parsing: deep, options: .init(maxDepth: 10_000))   // fine
    /// _ = try JSON(parsing: deep, options: .init(maxDepth: 10_000))            // throws tooDeep
    /// ```
    public static let maxValueDepth = 1_024
}
