/// The scanner driven one value at a time, for the value parse of a large
/// input (``ElementwiseBuilder``): each element is checked by the same code
/// as a whole document's values and written to the end of the tape, where
/// it is built before the next is scanned, so the tape never holds the
/// whole input.
extension Scanner where Grammar == StrictGrammar {
    /// The size from which an input that holds an array (or, for a value
    /// parse, an object) is read one value at a time, by
    /// ``JSON/Parser``'s elementwise build and by ``ArrayBatches``: 4 MiB.
    /// Reading value by value costs about 3% more instructions, so smaller
    /// inputs, whose whole tape is small, are read whole.
    static var oneValueAtATimeMinimumBytes: Int { 1 << 22 }

    /// Whether the one-value entry points can read an input of `count`
    /// bytes under `options`: the strict grammar, no larger than the
    /// options allow, with offsets that fit a tape entry's 32 bits.
    static func canReadOneValueAtATime(inputOf count: Int, options: JSON.ParseOptions) -> Bool {
        !options.extendsGrammar && count <= options.maxInputBytes && count <= UInt32.max
    }

    /// A scanner of `input` that writes the values it is asked for to
    /// `tape`, with the frames of `parents` (see ``FrameStack/with(_:)``).
    init(readingValuesOf input: UnsafeBufferPointer<UInt8>, options: JSON.ParseOptions, tape: Tape, parents: FrameStack<Frame>) {
        self.init(input: input, options: options, index: 0, tape: tape, maxDepth: options.maxDepth, parents: parents)
    }

    /// Scans the one value at `start` (a scalar, or a container with all it
    /// holds) onto the end of the tape, with at most `depthLeft` containers
    /// open at once inside it, and returns the offset just past it. Under
    /// ``JSON/ParseOptions/DuplicateKeyPolicy/reject``, its objects are
    /// checked as a document's are, by `check`, which has seen the
    /// objects before it on the tape (one check for all the values of a
    /// tape: a new one for each cost an allocation per value).
    ///
    /// - Throws: the ``JSON/ParseError`` a document's scan would throw for
    ///   the value (a position in the whole input).
    mutating func scanOneValue(at start: Int, depthLeft: Int, checking check: inout UniqueKeyCheck) throws(JSON.ParseError) -> Int {
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
        if options.duplicateKeys == .reject, tape.count > first &+ 1 { try rejectDuplicateKeys(from: first, checking: &check) }
        return position
    }

    /// Scans the member key at `start` and the `:` after it onto the end of
    /// the tape, then the whitespace before the value; returns the value's offset.
    mutating func scanKey(at start: Int) throws(JSON.ParseError) -> Int {
        var position = start
        try scanMemberKey(at: &position)
        try skipWhitespace(at: &position)
        return position
    }

    /// Moves `position` (in an array or object, after its opening bracket
    /// or a value and the whitespace after them) past the `,` before the
    /// next element or member and the whitespace after that, counting it;
    /// returns `false` instead when the container's `closer` comes next,
    /// moving past it.
    ///
    /// - Throws: ``JSON/ParseError`` when neither comes next.
    mutating func moveToNext(at position: inout Int, count: inout Int, closer: UInt8) throws(JSON.ParseError) -> Bool {
        guard position < input.count else { throw unexpectedAfterValue(closer, at: position) }
        let byte = input[position]  // bounds proven above
        if byte == closer {
            position &+= 1  // below input.count < 4 GiB
            return false
        }
        if count > 0 {
            guard byte == UInt8(ascii: ",") else { throw unexpectedAfterValue(closer, at: position) }
            position &+= 1  // below input.count < 4 GiB
            try skipWhitespace(at: &position)
        }
        count &+= 1  // at most one per input byte
        return true
    }

    private func unexpectedAfterValue(_ closer: UInt8, at position: Int) -> JSON.ParseError {
        unexpected(closer == UInt8(ascii: "}") ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element", at: position)
    }
}
