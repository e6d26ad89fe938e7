/// A ``CompactLayout`` or a ``PrettyLayout``, chosen when a writer starts,
/// for writers that are not generic over their layout: `EncodingStream`,
/// which every `Codable` container and generated encoder writes through,
/// and ``StreamedContainerLayout``. Each call tests ``isPretty`` once (one
/// byte: the pretty layout's fields are read only when it is chosen) and
/// does what that layout does; the pretty work stays out of line, so a
/// compact writer inlines no more than a comma.
///
/// ```swift
/// let layout = pretty ? ChosenLayout(PrettyLayout(indent: (UInt8(ascii: " "), 2))) : .compact
/// layout.beginElement(1, depth: 1, in: &output)   // "," or ",\n  "
/// ```
struct ChosenLayout: JSONLayout {
    let isPretty: Bool
    /// The pretty layout, read only when ``isPretty``.
    private let pretty: PrettyLayout

    /// The compact layout.
    static var compact: ChosenLayout { ChosenLayout(isPretty: false, pretty: PrettyLayout(indent: (UInt8(ascii: " "), 0))) }

    private init(isPretty: Bool, pretty: PrettyLayout) {
        self.isPretty = isPretty
        self.pretty = pretty
    }

    /// The pretty layout `pretty`.
    init(_ pretty: PrettyLayout) {
        self.init(isPretty: true, pretty: pretty)
    }

    /// The layout serialization `options` ask for.
    init(_ options: JSON.SerializationOptions) {
        self = options.prettyPrinted ? ChosenLayout(PrettyLayout(options)) : .compact
    }

    var keySuffix: StringSuffix { isPretty ? pretty.keySuffix : CompactLayout().keySuffix }

    func separatorCount(depth: Int) -> Int {
        isPretty ? pretty.separatorCount(depth: depth) : CompactLayout().separatorCount(depth: depth)
    }

    @inline(__always)
    func beginElement(_ index: Int, depth: Int, in output: inout OutputBuffer) {
        guard isPretty else { return CompactLayout().beginElement(index, depth: depth, in: &output) }
        prettyBeginElement(index, depth: depth, in: &output)
    }

    @inline(__always)
    func close(_ bracket: UInt8, depth: Int, isEmpty: Bool, in output: inout OutputBuffer) {
        guard isPretty else { return CompactLayout().close(bracket, depth: depth, isEmpty: isEmpty, in: &output) }
        prettyClose(bracket, depth: depth, isEmpty: isEmpty, in: &output)
    }

    func empty(object: Bool, depth: Int, in output: inout OutputBuffer) {
        guard isPretty else { return CompactLayout().empty(object: object, depth: depth, in: &output) }
        pretty.empty(object: object, depth: depth, in: &output)
    }

    @inline(never)
    private func prettyBeginElement(_ index: Int, depth: Int, in output: inout OutputBuffer) {
        pretty.beginElement(index, depth: depth, in: &output)
    }

    @inline(never)
    private func prettyClose(_ bracket: UInt8, depth: Int, isEmpty: Bool, in output: inout OutputBuffer) {
        pretty.close(bracket, depth: depth, isEmpty: isEmpty, in: &output)
    }
}
