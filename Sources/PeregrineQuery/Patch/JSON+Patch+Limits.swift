extension JSON.Patch {
    /// How much one application of a patch may make its value grow.
    ///
    /// Every operation but `copy` costs what its pointers and its own value
    /// cost, so a patch's work is bounded by its size. A `copy` is cheap to
    /// make — the copy shares its storage with the original — but writing
    /// the result, comparing or changing it costs its full size, and copies
    /// of copies double: thirty `{"op": "copy", "from": "", "path": "/-"}`
    /// turn `[1]` into a billion elements. An application therefore measures
    /// each value it copies (as the bytes of its compact JSON text, not
    /// counting escapes) and throws ``Error/Kind/tooLarge`` once the copies
    /// together pass ``maxCopiedBytes``. Measuring stops at the limit, so it
    /// costs at most the limit, whatever the patch; and the result is at
    /// most the value, plus the values in the patch, plus this limit.
    ///
    /// The same walk finds each copied value's depth, so that no copy nests
    /// the result deeper than `JSON.maxValueDepth`. A `move` to a location
    /// deeper than its source must be measured for its depth too, and is
    /// counted against the same limit: moving one large value deeper and
    /// back, again and again, would otherwise measure it each time.
    ///
    /// ```swift
    /// let limits = JSON.Patch.Limits(maxCopiedBytes: 1 << 20)
    /// try value.apply(patch, limits: limits)   // throws tooLarge past 1 MiB of copies
    /// ```
    public struct Limits: Sendable, Hashable {
        /// The most bytes of JSON text that the `copy` operations of one
        /// application may duplicate, all together, counting the values
        /// that `move` operations take to deeper locations (measured for
        /// their depth, see `JSON.maxValueDepth`). The default, 16 MiB,
        /// is the largest input `JSON.ParseOptions.secure` accepts.
        public var maxCopiedBytes: Int

        /// Limits with the given values; the default is safe for untrusted
        /// patches.
        ///
        /// ```swift
        /// let generous = JSON.Patch.Limits(maxCopiedBytes: 1 << 30)
        /// ```
        public init(maxCopiedBytes: Int = 16 << 20) {
            self.maxCopiedBytes = maxCopiedBytes
        }
    }
}
