// A document's values as owned `JSON` trees.
extension JSON.Document {
    /// Builds the owned value of the entry at `index`, or `nil` when it
    /// nests deeper than ``JSON/maxValueDepth``.
    func value(at index: Int) -> JSON? {
        bytes.withUnsafeBufferPointer { input in
            var materializer = Materializer(input: input, tape: tape, duplicateKeys: options.duplicateKeys)
            return try? materializer.value(at: index)
        }
    }
}

extension JSON.Document.Node {
    /// The value as an owned ``JSON`` tree, or `nil` for a missing node
    /// and for one nested deeper than ``JSON/maxValueDepth`` (read such
    /// a value through its node).
    ///
    /// ```swift
    /// let user: JSON? = doc.root["user"].value
    /// ```
    public var value: JSON? { index.flatMap { document.value(at: $0) } }

    /// The lenient accessors of this value (``JSON/Lenient``).
    ///
    /// ```swift
    /// doc.root["id"].lenient.int   // 123 for "123"
    /// ```
    public var lenient: JSON.Lenient {
        guard let kind = entryKind, kind != .array, kind != .object else { return JSON.Lenient(nil) }
        return JSON.Lenient(value)
    }
}
