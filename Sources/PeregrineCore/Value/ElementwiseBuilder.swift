/// Builds the value of a large input one value at a time (for
/// ``JSON/Parser``): the elements of a top-level array, and the members of
/// a top-level object, an array member's elements one by one too. Each is
/// scanned onto the end of a small tape and built at once, so the tape of
/// the whole input is never held beside the value.
///
/// The scanner checks every value as a whole parse does, and the brackets,
/// `,` and names around them are checked here, so what this accepts a whole
/// parse accepts, with the same value. Anything else stops the build
/// (``Stop``, or the scanner's or the materializer's error), and the input
/// is then parsed whole, which reports the error.
struct ElementwiseBuilder {
    var scanner: Scanner<StrictGrammar>
    var materializer: Materializer
    /// The tape values are scanned onto, emptied once it holds ``tapeEntries``.
    let tape: Tape
    /// The entries the tape holds before it is emptied for the next value
    /// (the parser's `elementwiseTapeEntries`).
    let tapeEntries: Int
    /// Where the next value or punctuation starts.
    var position: Int
    /// The duplicate-key check of the objects on the tape (under
    /// ``JSON/ParseOptions/DuplicateKeyPolicy/reject``), forgetting them
    /// when the tape is emptied.
    var keyCheck = UniqueKeyCheck()

    /// Stops the build: the input is parsed whole instead.
    struct Stop: Error {}

    var input: UnsafeBufferPointer<UInt8> { scanner.input }
    var options: JSON.ParseOptions { scanner.options }

    /// The value at `position`, which must be the top-level array or object.
    mutating func topLevelValue() throws -> JSON {
        guard position < input.count else { throw Stop() }
        switch input[position] {  // bounds proven above
        case UInt8(ascii: "["): return .array(try elements(depth: 0))
        case UInt8(ascii: "{"): return .object(try members())
        default: throw Stop()
        }
    }

    /// The elements of the array at `position`, inside `depth` containers,
    /// each built as soon as it is scanned.
    private mutating func elements(depth: Int) throws -> [JSON] {
        guard depth < options.maxDepth else { throw Stop() }
        position &+= 1  // past the `[`, below input.count
        try scanner.skipWhitespace(at: &position)
        var elements: [JSON] = []
        var count = 0
        while try scanner.moveToNext(at: &position, count: &count, closer: UInt8(ascii: "]")) {
            elements.append(try value(depth: depth &+ 1))  // depth < maxDepth
        }
        return elements
    }

    /// The members of the top-level object at `position`: an array's
    /// elements built one by one, other values whole.
    private mutating func members() throws -> JSON.Object {
        guard options.maxDepth > 0 else { throw Stop() }
        position &+= 1  // past the `{`, below input.count
        try scanner.skipWhitespace(at: &position)
        var members: ContiguousArray<JSON.Object.Member> = []
        var count = 0
        while try scanner.moveToNext(at: &position, count: &count, closer: UInt8(ascii: "}")) {
            guard count <= options.maxObjectMembers else { throw Stop() }
            emptyTapeWhenFull()
            let keyEntry = tape.count
            position = try scanner.scanKey(at: position)
            materializer.reloadEntries()
            let key = materializer.memberKey(at: keyEntry)
            let value: JSON
            if position < input.count, input[position] == UInt8(ascii: "[") {  // bounds proven: checked first
                value = .array(try elements(depth: 1))
                try scanner.skipWhitespace(at: &position)
            } else {
                value = try self.value(depth: 1)
            }
            members.append(JSON.Object.Member(key: key, value: value))
        }
        let object = JSON.Object(members, firstKeyWins: options.duplicateKeys == .firstWins)
        // A repeated name under `.reject`: the whole parse reports the first.
        guard options.duplicateKeys != .reject || object.count == members.count else { throw Stop() }
        return object
    }

    /// The value at `position`, inside `depth` containers, scanned whole
    /// onto the tape and built; `position` moves past the whitespace after it.
    private mutating func value(depth: Int) throws -> JSON {
        emptyTapeWhenFull()
        let first = tape.count
        position = try scanner.scanOneValue(at: position, depthLeft: options.maxDepth &- depth, checking: &keyCheck)
        materializer.reloadEntries()
        let value = try materializer.value(at: first, depth: depth)
        try scanner.skipWhitespace(at: &position)
        return value
    }

    /// Empties the tape once it holds ``tapeEntries``, and forgets the
    /// objects built and checked from it: objects of one model share the
    /// key list of an earlier one while it is on the tape, and are
    /// settled unique by comparison with it.
    private mutating func emptyTapeWhenFull() {
        guard tape.count >= tapeEntries else { return }
        tape.removeAll()
        materializer.forgetObjectsOnTape()
        keyCheck.forgetObjects()
    }
}
