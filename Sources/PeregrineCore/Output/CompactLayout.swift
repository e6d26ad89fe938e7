/// JSON text with no whitespace: `{"a":[1,2],"b":{}}`. It has no state,
/// so a writer specialized for it writes commas and brackets and tests
/// nothing else.
///
/// ```swift
/// var output = OutputBuffer()
/// output.append(UInt8(ascii: "["))
/// CompactLayout().beginElement(0, depth: 1, in: &output)
/// output.append(UInt8(ascii: "1"))
/// CompactLayout().beginElement(1, depth: 1, in: &output)
/// output.append(UInt8(ascii: "2"))
/// CompactLayout().close(UInt8(ascii: "]"), depth: 0, isEmpty: false, in: &output)   // [1,2]
/// ```
struct CompactLayout: JSONLayout {
    var isPretty: Bool { false }

    var keySuffix: StringSuffix { .colon }

    func separatorCount(depth: Int) -> Int { 1 }

    @inline(__always)
    func beginElement(_ index: Int, depth: Int, in output: inout OutputBuffer) {
        if index > 0 { output.append(UInt8(ascii: ",")) }
    }

    @inline(__always)
    func close(_ bracket: UInt8, depth: Int, isEmpty: Bool, in output: inout OutputBuffer) {
        output.append(bracket)
    }

    @inline(__always)
    func empty(object: Bool, depth: Int, in output: inout OutputBuffer) {
        output.appendWord(object ? 0x7D7B : 0x5D5B, count: 2)  // {} or []
    }
}
