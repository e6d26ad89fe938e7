/// Writes JSON tokens — scalars, brackets, commas, keys — into one
/// ``OutputBuffer``, the brackets, commas and keys laid out by the layout
/// each such call is given (``CompactLayout`` or ``PrettyLayout``, see
/// ``JSONLayout``). The value writer (``Serializer``) and the document
/// writer (``DocumentSerializer``) walk their trees and call it, so both
/// write the same text byte for byte. They are generic over their layout,
/// chosen once per write from the options, so each walk is specialized for
/// its layout: the compact one tests nothing about layout. The writer
/// itself is not generic, so its scalar writing is one function for both.
///
/// Given a `flush`, pretty-printed output (which indentation can make far
/// larger than the value) is handed over each time it passes 64 KiB, so it
/// needs one buffer of memory.
///
/// ```swift
/// let layout = PrettyLayout([.prettyPrinted])
/// var writer = TokenWriter(options: [.prettyPrinted])
/// writer.open(UInt8(ascii: "["))
/// writer.beginElement(0, depth: 1, layout)
/// try writer.number(JSON.Number(1))
/// writer.close(UInt8(ascii: "]"), depth: 0, layout)   // [\n  1\n]
/// ```
struct TokenWriter: ~Copyable {
    var output: OutputBuffer
    let options: JSON.SerializationOptions
    let rules: EscapeRules
    /// Whether ``JSON/stringUTF8(inPlace:)`` reads strings here: checked
    /// once per writer, not once per string.
    let readsStringsInPlace = JSON.readsStringsInPlace
    /// Whether non-finite doubles are written as `NaN`/`Infinity` (for
    /// `description`) instead of following the options.
    private let allowsNonFinite: Bool
    /// Takes pretty-printed output so far; `false` refuses the rest.
    private let flush: (([UInt8]) -> Bool)?
    /// Whether `flush` refused the rest.
    private(set) var stopped = false

    init(
        options: JSON.SerializationOptions, allowsNonFinite: Bool = false, capacity: Int = 4_096,
        flush: (([UInt8]) -> Bool)? = nil
    ) {
        output = OutputBuffer(arrayCapacity: capacity)
        self.options = options
        rules = EscapeRules(options)
        self.allowsNonFinite = allowsNonFinite
        self.flush = flush
    }

    /// Throws ``JSON/SerializationError/Kind/tooDeep`` when a container
    /// opened inside `depth` others would nest too deep.
    @inline(__always)
    func checkDepth(_ depth: Int) throws(WriteFailure) {
        guard depth < options.maxDepth else { throw tooDeep() }
    }

    private func tooDeep() -> WriteFailure {
        WriteFailure(kind: .tooDeep, message: "arrays and objects are nested deeper than \(options.maxDepth) levels")
    }

    /// Opens an array or object whose first element follows.
    @inline(__always)
    mutating func open(_ bracket: UInt8) {
        output.append(bracket)
    }

    /// Writes `[]` or `{}`, `depth` levels down.
    @inline(__always)
    mutating func empty(object: Bool, depth: Int, _ layout: some JSONLayout) {
        layout.empty(object: object, depth: depth, in: &output)
    }

    /// Closes a non-empty array or object, `depth` levels down.
    @inline(__always)
    mutating func close(_ bracket: UInt8, depth: Int, _ layout: some JSONLayout) {
        if layout.isPretty { handOverIfFull() }
        layout.close(bracket, depth: depth, isEmpty: false, in: &output)
    }

    /// Starts element `index` of a container, `depth` levels down: a comma
    /// after the first, and in pretty output a new line.
    @inline(__always)
    mutating func beginElement(_ index: Int, depth: Int, _ layout: some JSONLayout) {
        if layout.isPretty { handOverIfFull() }
        layout.beginElement(index, depth: depth, in: &output)
    }

    /// Writes an object key (valid UTF-8) and what follows it.
    @inline(__always)
    mutating func key(_ utf8: UnsafeBufferPointer<UInt8>, _ layout: some JSONLayout) {
        layout.key(utf8, escaping: rules, in: &output)
    }

    /// Writes an object key and what follows it.
    @inline(__always)
    mutating func key(_ string: String, _ layout: some JSONLayout) {
        layout.key(string, escaping: rules, in: &output)
    }

    @inline(__always)
    mutating func null() { output.appendNull() }

    @inline(__always)
    mutating func bool(_ flag: Bool) { output.appendBool(flag) }

    /// Writes a string; out of line, as inlined into a walk it makes Swift
    /// retain the string (and copy the value holding it) around the write.
    @inline(never)
    mutating func string(_ string: String) { output.appendString(string, escaping: rules) }

    /// Writes the string of the `.string` value at `value`, read in place
    /// (``JSON/stringUTF8(inPlace:)``): out of line, and without a
    /// `String` made of it, so that the walk retains nothing.
    @inline(never)
    mutating func string(at value: UnsafePointer<JSON>) {
        if readsStringsInPlace, let utf8 = JSON.stringUTF8(inPlace: value) { return output.appendString(utf8, escaping: rules) }
        if case .string(let string) = value.pointee { output.appendString(string, escaping: rules) }
    }

    @inline(__always)
    mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) { output.appendString(utf8, escaping: rules) }

    /// Writes a number; a non-finite double as the options say.
    @inline(__always)
    mutating func number(_ number: JSON.Number) throws(WriteFailure) {
        switch number.storage {
        case .int64(let value): output.appendInteger(value.magnitude, negative: value < 0)
        case .uint64(let value): output.appendInteger(value, negative: false)
        case .double(let value): try valueDouble(value)
        case .decimal(let text): output.appendText(text)
        }
    }

    /// ``double(_:)`` for a ``JSON`` value's number: out of line, as the
    /// value walk's loop runs leaner without the formatter's registers in it
    /// (serialize mesh: 15.87M instructions inlined, 15.20M out of line),
    /// while the document walk runs faster with it inlined.
    @inline(never)
    private mutating func valueDouble(_ value: Double) throws(WriteFailure) { try double(value) }

    /// Writes a number's text as it stands: text the caller knows is an
    /// RFC 8259 number (a document's number as written in its input).
    @inline(__always)
    mutating func numberText(_ utf8: UnsafeBufferPointer<UInt8>) { output.append(utf8) }

    /// Writes a double; a non-finite one as the options say.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: into each walk, however large its specialization for a layout
    #else
    @inline(__always)
    #endif
    mutating func double(_ value: Double) throws(WriteFailure) {
        guard value.isFinite else { return try nonFinite(value) }
        output.advance(by: ShortestDecimal.write(value, to: output.reserve(ShortestDecimal.maxLength)))
    }

    @inline(never)  // rare: kept out of the walks
    private mutating func nonFinite(_ value: Double) throws(WriteFailure) {
        if allowsNonFinite { return output.appendDouble(value) }
        switch options.nonConformingFloats {
        case .throw:
            throw WriteFailure(kind: .nonFiniteNumber, message: "\(JSON.Number(value)) cannot be written as JSON")
        case .json5Literals:
            output.appendDouble(value)
        case .strings(let positiveInfinity, let negativeInfinity, let nan):
            string(value.isNaN ? nan : value < 0 ? negativeInfinity : positiveInfinity)
        }
    }

    /// The bytes written, handed over without a copy when they fill at
    /// least half of the output's memory (see ``GrowingBuffer/takeArray()``).
    consuming func takeOutput() -> [UInt8] { output.takeArray() }

    /// Hands the output so far to `flush` once it passes 64 KiB (pretty
    /// output, before a line break).
    @inline(__always)
    private mutating func handOverIfFull() {
        if output.count >= 1 << 16, flush != nil { handOver() }
    }

    /// Gives the output so far to `flush`; after a refusal what follows is
    /// dropped, a piece at a time.
    @inline(never)
    private mutating func handOver() {
        if !stopped, let flush { stopped = !flush(output.bytes) }
        output.removeAll()
    }
}
