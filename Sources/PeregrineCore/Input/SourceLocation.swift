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
    /// `offset`, with a caret line below. What is not text is escaped, so
    /// that no byte of the input reaches the terminal as it stands: a byte
    /// that is not UTF-8 as `\x89`, a control or bidirectional formatting
    /// character as `\u001B` (a tab as a space); the caret counts what
    /// is shown.
    private static func excerpt(around offset: Int, lineStart: Int, in input: UnsafeBufferPointer<UInt8>) -> String {
        // Bytes of the line up to `reach` on each side of the offset: room
        // for excerptWidth scalars (of at most four bytes) whatever they are.
        let reach = 4 * excerptWidth
        var first = max(lineStart, offset - reach)
        // A cut inside a scalar starts after its continuation bytes (at most three).
        while first > lineStart, first < offset, offset - first > reach - 3, input[first] & 0xC0 == 0x80 { first += 1 }  // bounds proven: first < offset <= count
        var last = offset
        while last < input.count, last - offset < reach, input[last] != UInt8(ascii: "\n"), input[last] != UInt8(ascii: "\r") {  // bounds proven: last < count
            last += 1
        }
        // What each scalar, or each byte that is not UTF-8, shows, and where it starts.
        var units: [(shown: String, start: Int)] = []
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = UnsafeBufferPointer(rebasing: input[first..<last]).makeIterator()  // bounds proven: lineStart <= first <= offset <= last <= count
        var position = first
        parsing: while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let encoded):
                units.append((shown(Unicode.UTF8.decode(encoded)), position))
                position += encoded.count
            case .error(let length):
                for byte in UnsafeBufferPointer(rebasing: input[position..<position + length]) {  // bounds proven: the parser read these bytes
                    units.append(("\\x" + hexadecimal(UInt32(byte), digits: 2), position))
                    position += 1
                }
            case .emptyInput:
                break parsing
            }
        }
        let caretUnit = units.firstIndex { $0.start >= offset } ?? units.count
        let shown = max(0, min(caretUnit - excerptWidth / 2, units.count - excerptWidth))
        let end = min(units.count, shown + excerptWidth)
        let text = units[shown..<end].map(\.shown).joined()
        let caretColumn = units[shown..<max(shown, caretUnit)].reduce(0) { $0 + $1.shown.unicodeScalars.count }
        return "  " + text + "\n  " + String(repeating: " ", count: caretColumn) + "^"
    }

    /// How the excerpt shows `scalar`: itself, a tab as a space, a
    /// control or bidirectional formatting character escaped.
    private static func shown(_ scalar: Unicode.Scalar) -> String {
        if scalar == "\t" { return " " }
        return isControl(scalar) ? "\\u" + hexadecimal(scalar.value, digits: 4) : String(scalar)
    }

    /// `value` in uppercase hexadecimal, with leading zeros to `digits` digits.
    private static func hexadecimal(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
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
