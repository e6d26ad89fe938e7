extension JSON.Parser {
    /// The value `input` holds (and where it ends), built one value at a
    /// time by an ``ElementwiseBuilder`` when it is one strict JSON array or
    /// object: so the value parse of a large input (of
    /// ``elementwiseMinimumBytes`` or more) peaks at the value and a tape of
    /// a few values. `nil` for other inputs, or when anything in the input
    /// fails: the caller parses it whole, which reports the error (so
    /// errors are a whole parse's by construction).
    mutating func parseElementwise(_ input: UnsafeBufferPointer<UInt8>, options: JSON.ParseOptions) -> (value: JSON, endOffset: Int)? {
        guard Scanner.canReadOneValueAtATime(inputOf: input.count, options: options) else { return nil }
        let reused = isKnownUniquelyReferenced(&tape) ? tape : nil
        let tape = reused ?? Tape(capacity: elementwiseTapeEntries)
        tape.removeAll()
        // A UTF-8 byte order mark may start the input; UTF-16, UTF-32 and
        // the binary format cannot start with `[` or `{`.
        let start = InputSignature.byteOrderMarkLength(of: input)
        return FrameStack<Scanner<StrictGrammar>.Frame>.with { parents in
            build(input, from: start, onto: tape, parents: parents, options: options)
        }
    }

    /// ``parseElementwise(_:options:)`` from `start` (past a byte order
    /// mark) with `tape`, emptied, and the frames of `parents`.
    private mutating func build(
        _ input: UnsafeBufferPointer<UInt8>, from start: Int, onto tape: Tape, parents: FrameStack<Scanner<StrictGrammar>.Frame>,
        options: JSON.ParseOptions
    ) -> (value: JSON, endOffset: Int)? {
        var builder = ElementwiseBuilder(
            scanner: Scanner(readingValuesOf: input, options: options, tape: tape, parents: parents),
            materializer: Materializer(input: input, tape: tape, keys: keys, shapes: shapes, duplicateKeys: options.duplicateKeys),
            tape: tape, tapeEntries: max(elementwiseTapeEntries, 1), position: start)
        keys = KeyCache()
        shapes = ObjectShapes()
        defer {
            keys = builder.materializer.keys
            shapes = builder.materializer.takeShapes()
            shapes.forgetDocument()
            self.tape = tape
        }
        do {
            try builder.scanner.skipWhitespace(at: &builder.position)
            let value = try builder.topLevelValue()
            let end = builder.position
            try builder.scanner.skipWhitespace(at: &builder.position)
            return builder.position == input.count ? (value, end) : nil
        } catch {
            return nil
        }
    }
}
