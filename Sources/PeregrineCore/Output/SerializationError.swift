extension JSON {
    /// Why a value could not be written as JSON, and where in it.
    ///
    /// ```swift
    /// let value: JSON = ["a": [1, 2, .number(.init(Double.infinity))]]
    /// do {
    ///     _ = try value.serialized()
    /// } catch let error as JSON.SerializationError {
    ///     error.kind      // .nonFiniteNumber
    ///     error.path      // [.key("a"), .index(2)]
    ///     print(error)    // $.a[2]: Infinity cannot be written as JSON
    /// }
    /// ```
    public struct SerializationError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The kinds of serialization failure.
        public enum Kind: Sendable, Hashable {
            /// Arrays and objects are nested deeper than the options' `maxDepth`.
            case tooDeep
            /// A `NaN` or infinite double, which JSON cannot represent.
            case nonFiniteNumber
        }

        /// What went wrong.
        public let kind: Kind
        /// Where the value that could not be written is, in the value (or
        /// the document node) being written: the non-finite number, or the
        /// array or object nested too deep. Empty for that value itself.
        public let path: [JSON.PathComponent]
        /// A sentence describing the failure, without the path.
        public let message: String

        /// `$.a[2]: Infinity cannot be written as JSON`: the path, then the message.
        public var description: String { "\(JSON.PathComponent.text(of: path)): \(message)" }

        init(_ kind: Kind, _ message: String, path: [JSON.PathComponent]) {
            self.kind = kind
            self.message = message
            self.path = path
        }
    }
}
