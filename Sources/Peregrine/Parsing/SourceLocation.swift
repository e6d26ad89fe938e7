/// The line, column and excerpt of a byte offset, computed only when an error
/// is reported (never on the parsing fast path).
struct SourceLocation {
    private(set) var line = 1
    private(set) var column = 1
    private(set) var excerpt = ""

    /// How many scalars of the line the excerpt shows at most.
    private static let excerptWidth = 60

    /// Lines end at `\n`, `\r\n` or a lone `\r`; columns count Unicode scalars,
    /// so a UTF-8 continuation byte (or a stray one in ill-formed input) does
    /// not start a new column.
    init(of offset: Int, in input: UnsafeBufferPointer<UInt8>) {
        let offset = min(max(offset, 0), input.count)
        var lineStart = 0
        var index = 0
        while index < offset {
            let byte = input[index]  // bounds proven: index < offset <= count (offset clamped above)
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                // A `\r\n` pair is one line end, unless the offset is its `\n`.
                if byte == UInt8(ascii: "\r"), index + 1 < offset, input[index + 1] == UInt8(ascii: "\n") {  // bounds proven: index + 1 < offset <= count
                    index += 1
                }
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        column = 1 + input[lineStart..<offset].lazy.filter { $0 & 0xC0 != 0x80 }.count  // bounds proven: lineStart <= offset <= count
        var lineEnd = offset
        while lineEnd < input.count, input[lineEnd] != UInt8(ascii: "\n"), input[lineEnd] != UInt8(ascii: "\r") {  // bounds proven: lineEnd < count (checked first)
            lineEnd += 1
        }
        excerpt = Self.excerpt(of: input[lineStart..<lineEnd], column: column)  // bounds proven: lineStart <= offset <= lineEnd <= count
    }

    /// The line's text, cut to a window around `column`, with a caret line below.
    private static func excerpt(of line: Slice<UnsafeBufferPointer<UInt8>>, column: Int) -> String {
        let scalars = Array(String(decoding: line, as: UTF8.self).unicodeScalars)
        let first = max(0, min(column - 1 - excerptWidth / 2, scalars.count - excerptWidth))
        let last = min(scalars.count, first + excerptWidth)
        var text = ""
        for scalar in scalars[first..<last] {
            // Tabs and other controls would shift the caret; show them as spaces.
            text.unicodeScalars.append(scalar.value < 0x20 ? " " : scalar)
        }
        let caret = String(repeating: " ", count: max(0, column - 1 - first)) + "^"
        return "  " + text + "\n  " + caret
    }
}
