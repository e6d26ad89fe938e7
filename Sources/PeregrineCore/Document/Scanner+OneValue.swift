/// The scanner driven one value at a time, for the value parse of a large
/// array (``JSON/Parser``): each element is checked by the same code as a
/// whole document's values and written to the end of the tape, where it is
/// built before the next is scanned, so the tape never holds the whole input.
extension Scanner where Grammar == StrictGrammar {
    /// A scanner of `input` that writes the values it is asked for to `tape`.
    init(readingValuesOf input: UnsafeBufferPointer<UInt8>, options: JSON.ParseOptions, tape: Tape) {
        self.init(input: input, options: options, index: 0, tape: tape, maxDepth: options.maxDepth)
    }

    /// Scans the one value at `start` (a scalar, or a container with all it
    /// holds) onto the end of the tape, with at most `depthLeft` containers
    /// open at once inside it, and returns the offset just past it. Under
    /// ``JSON/ParseOptions/DuplicateKeyPolicy/reject``, its objects are
    /// checked as a document's are.
    ///
    /// - Throws: the ``JSON/ParseError`` a document's scan would throw for
    ///   the value (a position in the whole input).
    mutating func scanOneValue(at start: Int, depthLeft: Int) throws(JSON.ParseError) -> Int {
        let first = tape.count
        var position = start
        var top = Frame(tapeIndex: first, count: 0, closer: 0)
        var depth = 0
        maxDepth = depthLeft
        // A scalar is scanned here; a container goes on in the value loop.
        if try scanValue(at: &position, top: &top, depth: &depth) {
            (index, self.top, self.depth) = (position, top, depth)
            try scanValues(startingWithMember: top.isObject)
            position = index
        }
        if options.duplicateKeys == .reject, tape.count > first &+ 1 { try rejectDuplicateKeys(from: first) }
        return position
    }

    /// Moves `position` (in an array, after its `[` or an element and the
    /// whitespace after them) past the `,` before the next element and the
    /// whitespace after that, counting the element; returns `false` instead
    /// when the array's `]` comes next, moving past it.
    ///
    /// - Throws: ``JSON/ParseError`` when neither comes next.
    mutating func moveToNextElement(at position: inout Int, count: inout Int) throws(JSON.ParseError) -> Bool {
        guard position < input.count else { throw unexpected("expected ',' or ']' after an array element", at: position) }
        let byte = input[position]  // bounds proven above
        if byte == UInt8(ascii: "]") {
            position &+= 1  // below input.count < 4 GiB
            return false
        }
        if count > 0 {
            guard byte == UInt8(ascii: ",") else { throw unexpected("expected ',' or ']' after an array element", at: position) }
            position &+= 1  // below input.count < 4 GiB
            try skipWhitespace(at: &position)
        }
        count &+= 1  // at most one per input byte
        return true
    }
}
