extension Binary {
    /// Why a file could not be read, and where.
    ///
    /// ```swift
    /// do { _ = try Binary.Value(decoding: bytes) } catch let error as Binary.DecodingError {
    ///     print(error)   // offset 17: truncated: a string of 4096 bytes needs more than the 12 left
    /// }
    /// ```
    public struct DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What went wrong.
        public enum Kind: Sendable, Hashable {
            /// The file does not start with `\x89PGB`.
            case badMagic
            /// The file's major version is not one this reader knows.
            case unsupportedVersion
            /// The file ends before a value, or a count or length needs more bytes than are left.
            case truncated
            /// A varint is longer than 10 bytes, overflows 64 bits or is not minimal.
            case invalidVarint
            /// A string of the table is not well-formed UTF-8.
            case invalidUTF8
            /// A tag this reader does not know.
            case unknownTag
            /// A string reference past the end of the string table.
            case badStringIndex
            /// A back-reference to a shared value not yet complete (a cycle) or not defined.
            case badReference
            /// A record, in plain data mode.
            case recordNotAllowed
            /// One of the ``Binary/DecodingLimits`` was passed.
            case limitExceeded
            /// The strings and data read, counting every repeat, passed ``Binary/DecodingLimits/maxOutputBytes``.
            case outputTooLarge
            /// An object or record names two members alike (the offset is its tag's).
            case duplicateKey
            /// Bytes after the root value.
            case trailingBytes
            /// A value is not what the decoded type expects.
            case typeMismatch
            /// A value the format or the decoded type cannot hold: malformed number or decimal text, a bad URL,
            /// a date outside years 1 to 9999, a set with two equal elements…
            case invalidValue
            /// A decoded type asks for a member the object or record does not have.
            case keyNotFound
            /// A decoded type expects a value and finds `null`, or reads past the end of an array.
            case valueNotFound
        }

        /// What went wrong.
        public let kind: Kind
        /// The byte offset in the file where it went wrong.
        public let offset: Int
        /// A sentence about it.
        public let message: String

        /// `offset 17: truncated: …`.
        public var description: String { "offset \(offset): \(kind): \(message)" }
    }
}
