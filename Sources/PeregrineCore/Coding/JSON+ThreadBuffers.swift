extension JSON {
    /// Frees what one-shot parses (``JSON/init(parsing:options:)-([UInt8],_)``
    /// and the others) on the current thread keep for the next one: the
    /// tape buffer, and the object keys and key lists of earlier documents;
    /// and what decodes keep of the models' types (their keyed containers).
    /// The next one-shot parse or decode on the thread allocates them
    /// again. Call it after parsing a document whose keys should not stay
    /// in memory.
    ///
    /// ```swift
    /// let credentials = try JSON(parsing: body)
    /// JSON.releaseThreadParseBuffers()
    /// ```
    public static func releaseThreadParseBuffers() {
        SpareParser.releaseThreadsSpare()
        DecodingTypeCaches.releaseThreads()
    }
}
