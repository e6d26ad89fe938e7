/// The layout of JSON text, told from its start, for the commands that
/// write back what they read (`patch`, `merge-patch`, and `diff`'s patch),
/// so that a pretty file stays pretty and a one-line file one line.
///
/// ```swift
/// InputLayout.indent(of: Array("{\n\t\"a\": 1\n}".utf8))   // .tab
/// InputLayout.indent(of: Array(#"{"a": 1}"#.utf8))         // .spaces(0): compact
/// ```
enum InputLayout {
    /// The most bytes of the text looked at.
    static let maxBytes = 64 << 10

    /// The indentation of the first indented line among the first
    /// ``maxBytes`` bytes of `text`: a tab for a tab, N spaces for N (at
    /// most 16); compact when no line there is indented (one line, or a
    /// first line longer than that). Lines that hold only whitespace are
    /// skipped.
    static func indent(of text: some Sequence<UInt8>) -> LayoutOptions.Indent {
        var atLineStart = false
        var spaces = 0
        for byte in text.prefix(maxBytes) {
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                atLineStart = true
                spaces = 0
            case UInt8(ascii: " ") where atLineStart:
                spaces += 1
            case UInt8(ascii: "\t") where atLineStart:
                return spaces == 0 ? .tab : .spaces(min(spaces, 16))
            default:
                if atLineStart, spaces > 0 { return .spaces(min(spaces, 16)) }
                atLineStart = false
            }
        }
        return .spaces(0)
    }
}
