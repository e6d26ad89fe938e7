extension JSON: CustomStringConvertible {
    /// The value as compact JSON text.
    ///
    /// ```swift
    /// let value: JSON = ["a": [1, true, nil]]
    /// print(value)   // {"a":[1,true,null]}
    /// ```
    ///
    /// Unlike ``serialized(options:)`` this never fails: there is no depth
    /// limit (the writer is iterative) and non-finite doubles print as `NaN`,
    /// `Infinity` and `-Infinity`.
    public var description: String {
        var serializer = Serializer(options: .init(maxDepth: .max), layout: CompactLayout(), allowsNonFinite: true)
        try? serializer.write(self)
        return serializer.writer.output.withElements { String(decoding: $0, as: UTF8.self) }
    }
}
