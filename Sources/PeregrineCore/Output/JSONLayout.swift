/// Where JSON text's layout puts its bytes: the commas between elements,
/// what follows a key, and in pretty output the line breaks and the
/// indentation. Every writer of JSON text lays it out here: ``TokenWriter``
/// (values and documents) and `EncodingStream` (the `Codable` and
/// generated encoders).
///
/// - Compact: `{"a":[1,2]}`.
/// - Pretty: each element on a line of its own, indented a unit a level
///   (`indentWidth` spaces, or a tab), `": "` after a key.
/// - Foundation's pretty layout (`JSON.Encoder`'s `.foundationLayout`):
///   `" : "` after a key, and an empty array or object opened and closed
///   on lines of their own, as `JSONEncoder` writes them.
///
/// ```swift
/// let layout = JSONLayout(pretty: true, indent: (UInt8(ascii: " "), 2))
/// var output = OutputBuffer()
/// output.append(UInt8(ascii: "["))
/// layout.beginElement(0, depth: 1, in: &output)
/// output.append(UInt8(ascii: "1"))
/// layout.close(UInt8(ascii: "]"), depth: 0, in: &output)   // [\n  1\n]
/// ```
struct JSONLayout {
    let pretty: Bool
    /// One level of indentation: `indentCount` times `indentByte`.
    let indentByte: UInt8
    let indentCount: Int
    /// Foundation's pretty layout (only with `pretty`).
    let foundation: Bool
    /// What follows a key: `:`, `: ` when pretty, ` : ` in Foundation's layout.
    private let keySuffix: StringSuffix

    init(pretty: Bool, indent: (byte: UInt8, count: Int), foundation: Bool = false) {
        self.pretty = pretty
        (indentByte, indentCount) = indent
        self.foundation = pretty && foundation
        keySuffix = self.foundation ? .spacedColon : pretty ? .colonSpace : .colon
    }

    /// How many bytes follow a key's closing quote.
    var keySuffixCount: Int { keySuffix.count }

    /// How many bytes are between two members of an object `depth` levels
    /// down: a comma, and when pretty a line break and the indentation.
    func separatorCount(depth: Int) -> Int { pretty ? 2 + indentCount * depth : 1 }

    /// Starts element `index` of a container, `depth` levels down: a comma
    /// after the first, and when pretty a new line.
    @inline(__always)
    func beginElement(_ index: Int, depth: Int, in output: inout OutputBuffer) {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        if pretty { newline(depth: depth, in: &output) }
    }

    /// Writes an object key (valid UTF-8) and what follows it.
    @inline(__always)
    func key(_ utf8: UnsafeBufferPointer<UInt8>, escaping rules: EscapeRules, in output: inout OutputBuffer) {
        output.appendString(utf8, escaping: rules, then: keySuffix)
    }

    /// Writes an object key and what follows it.
    @inline(__always)
    func key(_ string: String, escaping rules: EscapeRules, in output: inout OutputBuffer) {
        output.appendString(string, escaping: rules, then: keySuffix)
    }

    /// Closes a non-empty array or object, `depth` levels down: when
    /// pretty, on a new line.
    @inline(__always)
    func close(_ bracket: UInt8, depth: Int, in output: inout OutputBuffer) {
        if pretty { newline(depth: depth, in: &output) }
        output.append(bracket)
    }

    /// Writes `[]` or `{}`, `depth` levels down.
    @inline(__always)
    func empty(object: Bool, depth: Int, in output: inout OutputBuffer) {
        guard foundation else { return output.appendWord(object ? 0x7D7B : 0x5D5B, count: 2) }  // {} or []
        emptyOnLines(object: object, depth: depth, in: &output)
    }

    /// An empty array or object in Foundation's layout: the brackets an
    /// empty line apart, the closing one indented.
    @inline(never)
    private func emptyOnLines(object: Bool, depth: Int, in output: inout OutputBuffer) {
        output.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        lineBeforeClose(depth: depth, isEmpty: true, in: &output)
        output.append(object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// In pretty output, what comes before the closing bracket of a
    /// container `depth` levels down: a new line, and for an empty one
    /// nothing, or in Foundation's layout an empty line first.
    func lineBeforeClose(depth: Int, isEmpty: Bool, in output: inout OutputBuffer) {
        if isEmpty {
            guard foundation else { return }
            output.append(UInt8(ascii: "\n"))
        }
        newline(depth: depth, in: &output)
    }

    /// A line break and the indentation of `depth` levels.
    @inline(__always)
    func newline(depth: Int, in output: inout OutputBuffer) {
        let width = depth * indentCount
        let out = output.reserve(width + 1)
        out.initialize(to: UInt8(ascii: "\n"))
        (out + 1).initialize(repeating: indentByte, count: width)  // bounds proven: room for width + 1
        output.advance(by: width + 1)
    }
}
