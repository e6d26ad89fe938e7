extension JSON {
    /// Why an input is not the JSON it should be, and exactly where.
    ///
    /// ```swift
    /// do {
    ///     _ = try JSON(parsing: "{\"a\": 1 x}")
    /// } catch let error as JSON.ParseError {
    ///     error.kind      // .unexpectedCharacter
    ///     error.line      // 1
    ///     error.column    // 9
    ///     print(error)
    ///     // 1:9: expected ',' or '}' after an object member, found 'x'
    ///     //   {"a": 1 x}
    ///     //           ^
    /// }
    /// ```
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The kinds of parse failure.
        public enum Kind: Sendable, Hashable {
            /// The input ended where more was required.
            case unexpectedEndOfInput
            /// A byte that cannot stand where it was found.
            case unexpectedCharacter
            /// Something other than whitespace follows the top-level value.
            case trailingContent
            /// A `,` directly before `]` or `}`.
            case trailingComma
            /// A misspelled `true`, `false` or `null`.
            case invalidLiteral
            /// A number that breaks the JSON grammar (leading zeros, a bare `.`…).
            case invalidNumber
            /// An integer beyond `Int64`/`UInt64` or a float beyond `Double`'s range.
            case numberOutOfRange
            /// An unescaped control character (U+0000–U+001F) inside a string.
            case controlCharacterInString
            /// A backslash followed by a character that is not a JSON escape.
            case invalidEscape
            /// `\u` not followed by four hexadecimal digits.
            case invalidUnicodeEscape
            /// A `\uD800`–`\uDFFF` escape that is not part of a surrogate pair.
            case unpairedSurrogate
            /// Bytes that are not well-formed UTF-8.
            case invalidUTF8
            /// A string whose closing quote never comes; the position is the opening quote.
            case unterminatedString
            /// Arrays and objects nested deeper than the options' `maxDepth`.
            case tooDeep
            /// UTF-16 or UTF-32 input; RFC 8259 requires UTF-8. Also
            /// Peregrine's binary format (`\x89PGB`), which is not text: that
            /// error has no position (``line`` and ``column`` are 0, the
            /// excerpt is empty).
            case unsupportedEncoding
            /// An input of 4 GiB or more, beyond what a document can address.
            case documentTooLarge
            /// A `/*` comment that is never closed; the position is its start.
            case unterminatedComment
            /// A key repeated in one object under ``JSON/ParseOptions/DuplicateKeyPolicy/reject``;
            /// the position is the second occurrence, the message names the first.
            case duplicateKey
            /// The input is longer than ``JSON/ParseOptions/maxInputBytes``.
            case inputTooLarge
            /// A string longer than ``JSON/ParseOptions/maxStringBytes``; the position is its start.
            case stringTooLong
            /// An object with more members than ``JSON/ParseOptions/maxObjectMembers``;
            /// the position is the first member over the limit.
            case tooManyMembers
            /// A NUL character under ``JSON/ParseOptions/rejectNUL``.
            case nulCharacter
            /// A Unicode noncharacter under ``JSON/ParseOptions/rejectNoncharacters``.
            case noncharacter
            /// Input that starts like gzip (`1f 8b`) but does not inflate:
            /// ``offset`` is in the compressed bytes, which have no lines
            /// (``line`` and ``column`` are 0, the excerpt is empty).
            case invalidCompressedData
            /// gzip input that inflates to more than ``JSON/ParseOptions/maxDecompressedBytes``
            /// (or, when it is smaller, ``JSON/ParseOptions/maxInputBytes``);
            /// no position, as for ``invalidCompressedData``.
            case decompressedTooLarge
        }

        /// What went wrong.
        public let kind: Kind
        /// The byte offset (from 0) where it went wrong.
        public let offset: Int
        /// The line (from 1) of ``offset``; 0 for an error in bytes that are
        /// not text (compressed bytes, the binary format).
        public let line: Int
        /// The column (from 1, in Unicode scalars) of ``offset``; 0 for an
        /// error in bytes that are not text.
        public let column: Int
        /// A sentence describing the failure, without the position.
        public let message: String
        /// The offending line (up to 60 scalars around the error) and a caret
        /// under the error's column, on two lines.
        public let excerpt: String

        /// `LINE:COLUMN: message`, then the excerpt.
        public var description: String { "\(line):\(column): \(message)\n\(excerpt)" }

        /// Creates an error at `offset` of `input`, computing line, column and excerpt.
        init(_ kind: Kind, at offset: Int, in input: UnsafeBufferPointer<UInt8>, _ message: String) {
            self.kind = kind
            self.offset = offset
            self.message = message
            let location = SourceLocation(of: offset, in: input)
            line = location.line
            column = location.column
            excerpt = location.excerpt
        }

        /// Creates an error about input that is not text (compressed bytes,
        /// the binary format): at `offset` of those bytes, which have no
        /// lines or excerpt.
        init(compressed kind: Kind, at offset: Int, _ message: String) {
            self.kind = kind
            self.offset = offset
            self.message = message
            line = 0
            column = 0
            excerpt = ""
        }
    }
}
