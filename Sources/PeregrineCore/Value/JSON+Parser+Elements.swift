extension JSON.Parser {
    /// The array that `input` holds (and where it ends), each element scanned onto the end of a
    /// small tape and built at once, so that the tape of the whole input is
    /// never held beside the value: the value parse of a large array (of
    /// ``elementwiseMinimumBytes`` or more) peaks at the value and one
    /// element's tape. `nil` when the input is not one strict JSON array, or
    /// anything in it fails: the caller parses the input whole, which
    /// reports the error (so errors are a whole parse's by construction).
    ///
    /// The scanner checks every element as a whole parse does, and the
    /// array's `[`, `,`, `]` and what follows it are checked here, so what
    /// this accepts a whole parse accepts, with the same value.
    mutating func parseElementwise(_ input: UnsafeBufferPointer<UInt8>, options: JSON.ParseOptions) -> (value: JSON, endOffset: Int)? {
        guard !options.extendsGrammar, options.maxDepth > 0, input.count <= options.maxInputBytes, input.count <= UInt32.max else {
            return nil
        }
        let reused = isKnownUniquelyReferenced(&tape) ? tape : nil
        let tape = reused ?? Tape(capacity: Self.elementTapeEntries)
        tape.removeAll()
        var scanner = Scanner(readingValuesOf: input, options: options, tape: tape)
        var materializer = Materializer(input: input, tape: tape, keys: keys, shapes: shapes, duplicateKeys: options.duplicateKeys)
        keys = KeyCache()
        shapes = ObjectShapes()
        defer {
            keys = materializer.keys
            shapes = materializer.takeShapes()
            shapes.forgetDocument()
            self.tape = tape
        }
        do {
            // A UTF-8 byte order mark may start the input; UTF-16, UTF-32
            // and the binary format cannot start with `[`.
            var position = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            try scanner.skipWhitespace(at: &position)
            guard position < input.count, input[position] == UInt8(ascii: "[") else { return nil }  // bounds proven
            position &+= 1  // below input.count < 4 GiB
            try scanner.skipWhitespace(at: &position)
            var elements: [JSON] = []
            var count = 0
            while try scanner.moveToNextElement(at: &position, count: &count) {
                // One element's tape at a time, after those built since the
                // tape was last emptied: objects of one model share the key
                // list of an earlier one while it is on the tape.
                if tape.count >= Self.elementTapeEntries {
                    tape.removeAll()
                    materializer.forgetObjectsOnTape()
                }
                let first = tape.count
                position = try scanner.scanOneValue(at: position, depthLeft: options.maxDepth &- 1)
                materializer.reloadEntries()
                elements.append(try materializer.value(at: first, depth: 1))
                try scanner.skipWhitespace(at: &position)
            }
            let end = position
            try scanner.skipWhitespace(at: &position)
            return position == input.count ? (.array(elements), end) : nil
        } catch {
            return nil
        }
    }

    /// The entries a tape holds before an element of ``parseElementwise(_:options:)``
    /// empties it: 1 MiB of tape.
    static let elementTapeEntries = 1 << 16
}
