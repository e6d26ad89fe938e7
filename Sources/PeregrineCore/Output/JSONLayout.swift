/// Where JSON text's layout puts its bytes: the commas between elements,
/// what follows a key, and in pretty output the line breaks, the
/// indentation and the closing brackets' lines. Every writer of JSON text
/// lays it out through one:
///
/// - ``CompactLayout``: `{"a":[1,2]}`.
/// - ``PrettyLayout``: each element on a line of its own, indented a unit
///   a level, `": "` after a key; or Foundation's pretty layout.
/// - ``ChosenLayout``: one of the two, chosen when a writer that is not
///   generic over its layout starts (the `Codable` encoders' stream, the
///   streamed top-level container of ``StreamedContainerLayout``).
///
/// The value and document writers (``Serializer``, ``DocumentSerializer``,
/// writing through ``TokenWriter``) are generic over their layout, picked
/// once per write, so the compact walk, specialized for ``CompactLayout``,
/// tests nothing about layout at all.
///
/// ```swift
/// let layout = PrettyLayout(indent: (UInt8(ascii: " "), 2))
/// var output = OutputBuffer()
/// output.append(UInt8(ascii: "["))
/// layout.beginElement(0, depth: 1, in: &output)
/// output.append(UInt8(ascii: "1"))
/// layout.close(UInt8(ascii: "]"), depth: 0, isEmpty: false, in: &output)   // [\n  1\n]
/// ```
protocol JSONLayout {
    /// Whether elements go on lines of their own (so that text can be far
    /// larger than the value, and is handed over in pieces).
    var isPretty: Bool { get }

    /// What follows a key's closing quote: `:`, `: `, or Foundation's ` : `.
    var keySuffix: StringSuffix { get }

    /// How many bytes are between two members of an object `depth` levels
    /// down: what ``beginElement(_:depth:in:)`` writes before all but the first.
    func separatorCount(depth: Int) -> Int

    /// Starts element `index` of a container `depth` levels down: a comma
    /// after the first, and when pretty a new line.
    func beginElement(_ index: Int, depth: Int, in output: inout OutputBuffer)

    /// Closes an array or object `depth` levels down whose opening bracket
    /// and elements (none, when `isEmpty`) are written.
    func close(_ bracket: UInt8, depth: Int, isEmpty: Bool, in output: inout OutputBuffer)

    /// Writes an empty array or object, `depth` levels down, whole.
    func empty(object: Bool, depth: Int, in output: inout OutputBuffer)
}

extension JSONLayout {
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
}
