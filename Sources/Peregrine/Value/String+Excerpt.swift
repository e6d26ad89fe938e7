extension String {
    /// What a message shows of `self`: its first `limit` Unicode scalars,
    /// followed by `…` when more follow.
    ///
    /// Messages quote text taken from input (an unknown tag, a raw value,
    /// a member name in a path), so they count scalars, not characters: one
    /// character may hold any number of combining marks.
    ///
    /// ```swift
    /// "abcdef".excerpt(scalars: 3)   // "abc…"
    /// ```
    ///
    /// - Complexity: O(`limit`), whatever the length of `self`.
    func excerpt(scalars limit: Int) -> String {
        let scalars = unicodeScalars
        var end = scalars.startIndex
        for _ in 0..<max(limit, 0) {
            guard end != scalars.endIndex else { return self }
            scalars.formIndex(after: &end)
        }
        return end == scalars.endIndex ? self : String(scalars[..<end]) + "…"
    }
}
