extension JSON.Number: CustomStringConvertible {
    /// The number as JSON text; `1.0` stays `1.0`, non-finite values print as
    /// `NaN`, `Infinity` and `-Infinity`.
    ///
    /// ```swift
    /// JSON.Number(1.0).description   // "1.0"
    /// ```
    public var description: String {
        var output = OutputBuffer()
        output.appendNumber(self)
        return output.withElements { String(decoding: $0, as: UTF8.self) }
    }
}
