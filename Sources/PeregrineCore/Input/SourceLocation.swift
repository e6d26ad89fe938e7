/// The line, column and excerpt of a byte offset, computed only when an error
/// is reported (never on the parsing fast path).
struct SourceLocation {
    let line: Int
    let column: Int
    let excerpt: String

    /// How many scalars of the line the excerpt shows at most.
    private static let excerptWidth = 60

    /// The location of `offset` in `input`, from `lines` when the caller
    /// keeps an index (errors that may be many), else counted from byte 0
    /// (a single error). The excerpt reads at most ``excerptWidth`` scalars on
    /// each side of the offset, however long the line.
    init(of offset: Int, in input: UnsafeBufferPointer<UInt8>, lines: LineIndex? = nil) {
        let offset = min(max(offset, 0), input.count)
        let location = lines?.location(of: offset, in: input) ?? LineIndex.location(of: offset, in: input)
        line = location.line
        column = location.column
        excerpt = Self.excerpt(around: offset, lineStart: location.lineStart, in: input)
    }

    /// The line's text, cut to a window of ``excerptWidth`` scalars around
    /// `offset`, with a caret line below.
    private static func excerpt(around offset: Int, lineStart: Int, in input: UnsafeBufferPointer<UInt8>) -> String {
        // Up to excerptWidth scalars before the offset, and as many from it, within the line.
        var first = offset
        var before = 0
        while first > lineStart, before < excerptWidth {
            first -= 1
            if input[first] & 0xC0 != 0x80 { before += 1 }  // bounds proven: lineStart <= first < offset <= count
        }
        var last = offset
        var after = 0
        while last < input.count, input[last] != UInt8(ascii: "\n"), input[last] != UInt8(ascii: "\r") {  // bounds proven: last < count (checked first)
            if input[last] & 0xC0 != 0x80 {  // bounds proven: last < count
                if after == excerptWidth { break }
                after += 1
            }
            last += 1
        }
        let scalars = Array(String(decoding: input[first..<last], as: UTF8.self).unicodeScalars)  // bounds proven: lineStart <= first <= offset <= last <= count
        let caretColumn = min(before, scalars.count)
        let shown = max(0, min(caretColumn - excerptWidth / 2, scalars.count - excerptWidth))
        let end = min(scalars.count, shown + excerptWidth)
        var text = ""
        for scalar in scalars[shown..<end] {
            // Controls would reach the terminal (or shift the caret); show them as spaces.
            text.unicodeScalars.append(Self.isControl(scalar) ? " " : scalar)
        }
        let caret = String(repeating: " ", count: max(0, caretColumn - shown)) + "^"
        return "  " + text + "\n  " + caret
    }

    /// Whether a terminal would act on `scalar` rather than show it: C0 and
    /// C1 controls, DEL, and the bidirectional formatting characters that
    /// reorder what follows them.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
