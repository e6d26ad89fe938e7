/// The layout of the text the value loop is compiled for (see
/// ``Scanner/scanValues(startingWithMember:layout:)``).
protocol TextLayout {
    /// Whether the loop skips a newline and the spaces after it at once
    /// after a comma, before its general whitespace loop: pretty-printed
    /// text has one after every comma. The loop accepts the same texts either way.
    static var isIndented: Bool { get }
}

/// Any text: the value loop as it is.
enum AnyLayout: TextLayout {
    static var isIndented: Bool { false }
}

/// Pretty-printed text: a copy of the value loop of its own, so that the
/// loop minified text takes keeps its code as it is.
enum IndentedLayout: TextLayout {
    static var isIndented: Bool { true }
}
