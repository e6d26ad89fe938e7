extension Binary {
    /// Why a value could not be written in the binary format.
    ///
    /// ```swift
    /// do { _ = try Binary.Encoder().encode(node) } catch let error as Binary.EncodingError {
    ///     print(error)   // cycle: an instance of Node contains itself at $.next.next
    /// }
    /// ```
    public struct EncodingError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What went wrong.
        public enum Kind: Sendable, Hashable {
            /// The value nests deeper than the writer allows.
            case depthExceeded
            /// A class instance contains itself.
            case cycle
            /// A `$alias` that is malformed, points nowhere or points into itself.
            case invalidAlias
            /// A value the format cannot hold: a `NaN` `Decimal`, a date outside
            /// years 1 to 9999, a set with two equal elements.
            case invalidValue
            /// An object or record with two members of the same name.
            case duplicateKey
            /// Codable containers used in an order a one-pass writer cannot follow:
            /// a container written after a later sibling had started.
            case containerOrder
        }

        /// What went wrong.
        public let kind: Kind
        /// A sentence about it.
        public let message: String

        /// `cycle: …`.
        public var description: String { "\(kind): \(message)" }
    }
}
