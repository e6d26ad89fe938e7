extension String {
    /// How many Unicode scalars of a value a message quotes: a decoding
    /// error of a string or a number, a failed JSON Patch `test`.
    package static let quotedScalars = 40

    /// The first `limit` Unicode scalars of `self`, and whether more follow:
    /// the one cut every message that quotes input makes.
    ///
    /// Messages quote text taken from input (an unknown tag, a raw value,
    /// a member name in a path, a patch's pointer), so they count scalars,
    /// not characters: one character may hold any number of combining marks.
    ///
    /// ```swift
    /// "abcdef".leadingScalars(3)   // ("abc", isCut: true)
    /// ```
    ///
    /// - Complexity: O(`limit`), whatever the length of `self`.
    package func leadingScalars(_ limit: Int) -> (text: String, isCut: Bool) {
        let scalars = unicodeScalars
        var end = scalars.startIndex
        for _ in 0..<max(limit, 0) {
            guard end != scalars.endIndex else { return (self, false) }
            scalars.formIndex(after: &end)
        }
        return end == scalars.endIndex ? (self, false) : (String(scalars[..<end]), true)
    }

    /// What a message shows of `self`: its first `limit` Unicode scalars,
    /// followed by `…` when more follow, or when `self` is itself the start
    /// of a longer text (`isPrefix`).
    ///
    /// ```swift
    /// "abcdef".excerpt(scalars: 3)   // "abc…"
    /// ```
    ///
    /// - Complexity: O(`limit`), whatever the length of `self`.
    func excerpt(scalars limit: Int, isPrefix: Bool = false) -> String {
        let (text, isCut) = leadingScalars(limit)
        return isCut || isPrefix ? text + "…" : text
    }
}
