import Peregrine

/// The option that would accept what a parse error stopped at, said as a
/// hint line after the error: comments, single quotes, trailing commas,
/// JSON5's literals, keys and numbers, sets.
enum OptionHint {
    /// The hint for `error` in `bytes`, or `nil` when no option would have
    /// read on. Looks at the two bytes at the error's offset.
    static func hint(for error: JSON.ParseError, in bytes: [UInt8]) -> String? {
        guard error.offset >= 0, error.offset < bytes.count else { return nil }
        let byte = bytes[error.offset]
        let next = error.offset + 1 < bytes.count ? bytes[error.offset + 1] : 0
        let startsComment = byte == UInt8(ascii: "/") && (next == UInt8(ascii: "/") || next == UInt8(ascii: "*"))
        switch error.kind {
        case .trailingComma:
            return "--trailing-commas accepts a comma before ] and }"
        case .unexpectedCharacter, .invalidLiteral, .invalidNumber:
            // Where a key was expected, a letter starts an unquoted key (`{Id: 1}`), not a literal.
            let identifierStart = byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            if identifierStart, error.message.contains("key") { return "--json5 reads unquoted keys" }
            if startsComment { return commentsHint }
            switch byte {
            case UInt8(ascii: "'"):
                return "--single-quotes accepts 'single-quoted' strings"
            case UInt8(ascii: "N"), UInt8(ascii: "I"):
                return "--json5 reads NaN and Infinity"
            case UInt8(ascii: "+"), UInt8(ascii: "."):
                return "--json5 reads numbers with a leading + or ."
            case UInt8(ascii: "<"):
                return "--sets accepts <a, b, c> sets"
            case _ where byte | 0x20 == UInt8(ascii: "x") && error.offset > 0 && bytes[error.offset - 1] == UInt8(ascii: "0"):
                return "--json5 reads hexadecimal numbers"
            default:
                return nil
            }
        case .trailingContent:
            // A comment after the value (`[1] // note`); anything else there no option reads on.
            return startsComment ? commentsHint : nil
        default:
            return nil
        }
    }

    private static let commentsHint = "--comments accepts // and /* */ comments"
}
