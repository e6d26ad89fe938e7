/// JSON text over several lines: each element on a line of its own,
/// indented one unit a level (some spaces, or a tab), `": "` after a key,
/// an empty array or object as `[]` or `{}`, a closing bracket on a line of
/// its own.
///
/// Foundation's pretty layout (`JSON.Encoder`'s `.foundationLayout`)
/// differs in two places, as `JSONEncoder` writes them: `" : "` after a
/// key, and an empty array or object opened and closed an empty line apart.
///
/// ```swift
/// let layout = PrettyLayout(indent: (UInt8(ascii: "\t"), 1))
/// var output = OutputBuffer()
/// output.append(UInt8(ascii: "{"))
/// layout.beginElement(0, depth: 1, in: &output)
/// layout.key("a", escaping: EscapeRules(slashes: false, unicode: false), in: &output)
/// layout.empty(object: false, depth: 1, in: &output)
/// layout.close(UInt8(ascii: "}"), depth: 0, isEmpty: false, in: &output)   // {\n\t"a": []\n}
/// ```
struct PrettyLayout: JSONLayout {
    /// One level of indentation: `indentCount` times `indentByte`.
    let indentByte: UInt8
    let indentCount: Int
    /// Foundation's pretty layout.
    let foundation: Bool
    /// The indentation every line but the first starts with, before its
    /// own levels: the value is written that many units in (an element of
    /// a container written around it).
    let outerWidth: Int
    let keySuffix: StringSuffix

    /// A layout indenting `indent.count` times `indent.byte` a level, each
    /// line but the first `outerLevels` levels further in.
    init(indent: (byte: UInt8, count: Int), foundation: Bool = false, outerLevels: Int = 0) {
        (indentByte, indentCount) = indent
        self.foundation = foundation
        outerWidth = outerLevels * indent.count
        keySuffix = foundation ? .spacedColon : .colonSpace
    }

    /// The pretty layout serialization `options` ask for.
    init(_ options: JSON.SerializationOptions) {
        self.init(indent: options.indentUnit, outerLevels: options.outerLevels)
    }

    var isPretty: Bool { true }

    func separatorCount(depth: Int) -> Int { 2 + outerWidth + indentCount * depth }

    @inline(__always)
    func beginElement(_ index: Int, depth: Int, in output: inout OutputBuffer) {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        newline(depth: depth, in: &output)
    }

    @inline(__always)
    func close(_ bracket: UInt8, depth: Int, isEmpty: Bool, in output: inout OutputBuffer) {
        if !isEmpty {
            newline(depth: depth, in: &output)
        } else if foundation {
            output.append(UInt8(ascii: "\n"))
            newline(depth: depth, in: &output)
        }
        output.append(bracket)
    }

    @inline(__always)
    func empty(object: Bool, depth: Int, in output: inout OutputBuffer) {
        guard foundation else { return output.appendWord(object ? 0x7D7B : 0x5D5B, count: 2) }  // {} or []
        emptyOnLines(object: object, depth: depth, in: &output)
    }

    /// An empty array or object in Foundation's layout.
    @inline(never)
    private func emptyOnLines(object: Bool, depth: Int, in output: inout OutputBuffer) {
        output.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        close(object ? UInt8(ascii: "}") : UInt8(ascii: "]"), depth: depth, isEmpty: true, in: &output)
    }

    /// A line break and the indentation of `depth` levels.
    @inline(__always)
    private func newline(depth: Int, in output: inout OutputBuffer) {
        let width = outerWidth + depth * indentCount
        // Room for a whole 16-byte store of indentation past the line's end.
        let out = output.reserve(width + 1 + 16)
        out.initialize(to: UInt8(ascii: "\n"))
        if width <= 16 {
            // bounds proven: the store ends at out + 17, within the width + 17 bytes reserved
            UnsafeMutableRawPointer(out + 1).storeBytes(of: SIMD16<UInt8>(repeating: indentByte), as: SIMD16<UInt8>.self)
        } else {
            (out + 1).initialize(repeating: indentByte, count: width)  // bounds proven: room for width + 1
        }
        output.advance(by: width + 1)
    }
}
