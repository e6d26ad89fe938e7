/// The layout around the elements of a top-level array or object whose
/// elements are written one at a time, each serialized on its own (the
/// command-line tool's streamed `format` and `minify`): the brackets,
/// commas, line breaks, indentation and keys, as the whole value's text
/// has them, and the options that write each element one level in.
///
/// ```swift
/// let container = StreamedContainerLayout(options: [.prettyPrinted])
/// var text = container.beforeElement(0, object: true, key: "a")   // {\n  "a": 
/// text += try element.serialized(options: container.elementOptions)
/// text += container.end(object: true, count: 1)                   // \n}
/// ```
package struct StreamedContainerLayout {
    private let layout: ChosenLayout
    private let rules: EscapeRules
    /// The options that write each element: `options`, one level in.
    package let elementOptions: JSON.SerializationOptions

    /// The layout `options` ask for.
    package init(options: JSON.SerializationOptions) {
        layout = ChosenLayout(options)
        rules = EscapeRules(options)
        var inner = options
        inner.outerLevels += 1
        elementOptions = inner
    }

    /// What comes before element `index` of the array or object: the
    /// opening bracket or a comma, in pretty output a line break and the
    /// indentation, and for a member its key as the options escape it.
    package func beforeElement(_ index: Int, object: Bool, key: String?) -> [UInt8] {
        var output = OutputBuffer(capacity: 64)
        if index == 0 { output.append(object ? UInt8(ascii: "{") : UInt8(ascii: "[")) }
        layout.beginElement(index, depth: 1, in: &output)
        if let key { layout.key(key, escaping: rules, in: &output) }
        return output.bytes
    }

    /// What ends the array or object after its `count` elements: the
    /// closing bracket, or with none the whole empty container.
    package func end(object: Bool, count: Int) -> [UInt8] {
        var output = OutputBuffer(capacity: 64)
        if count == 0 {
            layout.empty(object: object, depth: 0, in: &output)
        } else {
            layout.close(object ? UInt8(ascii: "}") : UInt8(ascii: "]"), depth: 0, isEmpty: false, in: &output)
        }
        return output.bytes
    }
}
