extension JSON {
    /// Why a value could not be written as JSON.
    ///
    /// ```swift
    /// do {
    ///     _ = try JSON.number(.init(Double.nan)).serialized()
    /// } catch let error as JSON.SerializationError {
    ///     print(error.kind)   // nonFiniteNumber
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
        /// A sentence describing the failure.
        public let description: String

        init(_ kind: Kind, _ description: String) {
            self.kind = kind
            self.description = description
        }
    }
}
