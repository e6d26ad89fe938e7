extension Binary {
    /// How much a file may make a reader do. The defaults suit untrusted
    /// input; `docs/BinaryFormat.md` says what each one counts.
    ///
    /// ```swift
    /// var limits = Binary.DecodingLimits()
    /// limits.maxDepth = 32
    /// let value = try Binary.Value(decoding: bytes, limits: limits)
    /// ```
    public struct DecodingLimits: Sendable, Hashable {
        /// Deepest nesting of containers, records and shared values; never
        /// more than ``JSON/maxValueDepth`` (1,024) whatever is set here.
        public var maxDepth: Int
        /// Values read, counting again the values each back-reference repeats.
        public var maxValues: Int
        /// Bytes in one string or one data value.
        public var maxStringBytes: Int
        /// Bytes of strings and data one read may produce in all: every
        /// string reference (values, member names, type names, number
        /// text) and data value counts, again each time a reference or a
        /// back-reference repeats it. A fixed ceiling rather than a multiple
        /// of the file's size, so that a server knows what one decode can
        /// cost whatever it is sent; as large as one string may be.
        public var maxOutputBytes: Int
        /// Elements of one collection, and strings in the table.
        public var maxCount: Int
        /// Whether typed records are refused (FastCoding's `propertyListWithData:`):
        /// the file may only hold data.
        public var plainData: Bool

        /// Limits with the given values; the defaults are safe for untrusted input.
        ///
        /// ```swift
        /// let strict = Binary.DecodingLimits(maxDepth: 64, plainData: true)
        /// ```
        public init(
            maxDepth: Int = 512, maxValues: Int = 50_000_000, maxStringBytes: Int = 256 << 20, maxOutputBytes: Int = 256 << 20,
            maxCount: Int = 50_000_000, plainData: Bool = false
        ) {
            self.maxDepth = maxDepth
            self.maxValues = maxValues
            self.maxStringBytes = maxStringBytes
            self.maxOutputBytes = maxOutputBytes
            self.maxCount = maxCount
            self.plainData = plainData
        }

        /// The defaults, with records refused.
        ///
        /// ```swift
        /// try Binary.Value(decoding: bytes, limits: .plainData)
        /// ```
        public static let plainData = DecodingLimits(plainData: true)
    }
}
