/// The scanner: one pass over UTF-8 bytes that validates the whole text and
/// writes its tape (see ``TapeEntry``).
///
/// The scanner is iterative. Open arrays and objects live on an explicit
/// stack of ``Frame``s (the innermost in `top`, which every element and member
/// updates, the others in `parents`), so the call stack has the same height
/// for `1` as for 512 nested arrays. Strings are validated (escapes, surrogate pairs, UTF-8
/// per Unicode Table 3-7) but not decoded; numbers are converted eagerly so the
/// tape holds their bits.
///
/// It is generic over its ``ScannerGrammar``: the strict instance is exactly
/// RFC 8259, the extended one adds the dialects of ``JSON/ParseOptions``
/// (whitespace and comments in `Scanner+Whitespace.swift`, strings in
/// `Scanner+Strings.swift`, numbers in `Scanner+Numbers.swift`, JSON5 keys
/// and values in `Scanner+JSON5.swift`, wrappers in `Scanner+Wrappers.swift`,
/// sets in `Scanner+Sets.swift`).
///
/// Every read of `input` is preceded by a check of its index against
/// `input.count`; errors are built on a cold path that also computes the line
/// and column.
struct Scanner<Grammar: ScannerGrammar> {
    let input: UnsafeBufferPointer<UInt8>
    let options: JSON.ParseOptions
    var index: Int
    let tape: Tape
    /// How many containers may be open at once: the options' `maxDepth`,
    /// less the array around the values of ``scanOneValue(at:depthLeft:checking:)``.
    var maxDepth: Int
    /// The innermost open container, while `depth > 0`.
    var top = Frame(tapeIndex: 0, count: 0, closer: 0)
    /// The open containers around `top`, outermost first (the scanner
    /// lives inside the call of ``FrameStack/with(_:)`` that made them).
    let parents: FrameStack<Frame>
    /// How many containers are open: `parents.count + 1`, or 0.
    var depth = 0
    /// Sets still open, the digests of the containers closed inside them
    /// (by tape index), and the set elements to drop as repeated (see
    /// `Scanner+Sets.swift`).
    var openSets = 0
    var digests: [UInt64] = []
    var dropped: Set<Int> = []
    /// The rows of ``powersOfTen128`` that Eisel–Lemire reads, kept for the
    /// scan so that each read is one load whatever the value loop compiles to.
    let powersOfTen = powersOfTen128Table.base

    /// An array, object or set whose closing bracket has not been reached yet.
    struct Frame {
        var tapeIndex: Int
        var count: UInt64
        /// `}`, `]` or `>`.
        var closer: UInt8
        /// The top-level object of ``JSON/ParseOptions/assumesTopLevelObject``
        /// without its braces: it ends at the end of the input, and a `}` is
        /// an error.
        var isImplicit = false

        var isObject: Bool { closer == UInt8(ascii: "}") }
    }

    /// Scans the value at `start` into `reused` (emptied first) when it has
    /// room for the estimate below, or else into a new tape.
    static func scan(
        _ input: UnsafeBufferPointer<UInt8>, options: JSON.ParseOptions, from start: Int, reusing reused: Tape?
    ) throws(JSON.ParseError) -> ScanResult {
        reused?.removeAll()
        let estimate = Tape.capacity(forDocumentOf: input.count - start)
        // A reused tape smaller than that would grow by doubling, a reallocation each time: a new one is made at once.
        let tape = reused.flatMap { $0.capacity >= estimate ? $0 : nil } ?? Tape(capacity: estimate)
        // Only the scan inside: the tape then goes to the result without a retain.
        let end = try FrameStack<Frame>.with { parents throws(JSON.ParseError) in
            var scanner = Scanner(input: input, options: options, index: start, tape: tape, maxDepth: options.maxDepth, parents: parents)
            return try scanner.scanDocument()
        }
        tape.checkInvariants(inputCount: input.count)
        return ScanResult(tape: tape, endOffset: end)
    }

    /// Scans the whole document; returns the offset just past the value.
    private mutating func scanDocument() throws(JSON.ParseError) -> Int {
        guard input.count <= UInt32.max else {
            throw error(.documentTooLarge, at: 0, "inputs of 4 GiB or more are not supported")
        }
        guard input.count <= options.maxInputBytes else {
            throw error(.inputTooLarge, at: options.maxInputBytes, "the input is longer than \(options.maxInputBytes) bytes")
        }
        if index == 0 { try skipByteOrderMark() }
        try skipWhitespace()
        let wrapped = Grammar.isExtended && options.jsonp ? try openWrapper() : false
        if wrapped { try skipWhitespace() }
        if Grammar.isExtended, options.assumesTopLevelObject, index >= input.count || input[index] != UInt8(ascii: "{") {  // bounds proven: index < count
            try openImplicitObject()
            if depth > 0 { try scanValues(startingWithMember: true) }
        } else {
            try scanValuesInTheirLayout()
        }
        if wrapped { try closeWrapper() }
        let end = index
        if !(Grammar.isExtended && options.allowTrailingContent) {
            try skipWhitespace()
            if index < input.count {
                throw error(.trailingContent, at: index, "expected end of input after the value, found \(found(at: index))")
            }
        }
        if Grammar.isExtended, options.allowSets { removeRepeatedElements() }
        if options.duplicateKeys == .reject {
            var check = UniqueKeyCheck()
            try rejectDuplicateKeys(checking: &check)
        }
        return end
    }

    /// Skips a UTF-8 byte order mark (RFC 8259 §8.1 lets parsers ignore it) and
    /// rejects UTF-16 and UTF-32, recognised by a BOM or by the zero bytes
    /// that an ASCII first character has in those encodings, and
    /// Peregrine's binary format (``InputSignature``).
    private mutating func skipByteOrderMark() throws(JSON.ParseError) {
        let bytes = input
        if case let mark = InputSignature.byteOrderMarkLength(of: bytes), mark > 0 {
            index = mark
        } else if bytes.count >= 2 && (bytes[0] == 0xFE && bytes[1] == 0xFF || bytes[0] == 0xFF && bytes[1] == 0xFE)  // bounds proven: count >= 2
            || (bytes.count >= 2 && bytes[0] == 0)  // bounds proven: count >= 2
            || (bytes.count >= 4 && bytes[1] == 0 && bytes[3] == 0)  // bounds proven: count >= 4
        {
            throw error(.unsupportedEncoding, at: 0, "the input is UTF-16 or UTF-32; JSON must be UTF-8")
        } else if bytes.first == 0x89, InputSignature(bytes) == .binary {  // 0x89: the binary format's first byte
            throw InputSignature.binaryFormatError
        }
    }

    // MARK: Structure

    /// Scans values until every open container is closed. `startingWithMember`:
    /// an object was opened before the call and its first key comes next.
    ///
    /// Every member key is scanned at one place, where a member begins (after
    /// `{` or `,` in an object), so that `scanMemberKey` is inlined once.
    ///
    /// The position and the innermost frames are local variables, passed
    /// to the inlined steps and stored to `self` only around the calls that
    /// read them there: kept in registers rather than loaded and stored
    /// through `self` at every token.
    mutating func scanValues(startingWithMember: Bool) throws(JSON.ParseError) {
        try scanValues(startingWithMember: startingWithMember, layout: AnyLayout.self)
    }

    /// ``scanValues(startingWithMember:)`` for the top-level value at
    /// `index`, by the loop compiled for pretty-printed text when a newline
    /// follows its first byte within two bytes (`{` or `[`, then a newline
    /// or a carriage return and a newline), as yyjson also guesses: a wrong
    /// guess costs speed only.
    private mutating func scanValuesInTheirLayout() throws(JSON.ParseError) {
        // index + 2 < input.count < 4 GiB: no overflow; bounds proven by the same check
        if !Grammar.isExtended, index &+ 2 < input.count, input[index &+ 1] == UInt8(ascii: "\n") || input[index &+ 2] == UInt8(ascii: "\n") {
            try scanValues(startingWithMember: false, layout: IndentedLayout.self)
        } else {
            try scanValues(startingWithMember: false, layout: AnyLayout.self)
        }
    }

    /// ``scanValues(startingWithMember:)`` compiled for text of `Layout`.
    private mutating func scanValues<Layout: TextLayout>(startingWithMember: Bool, layout: Layout.Type) throws(JSON.ParseError) {
        var position = index
        var top = self.top
        var depth = self.depth
        var memberBegins = startingWithMember
        while true {
            // Whitespace before the value was skipped already, where it
            // could be: after `[`, `{` or `,` (to check for the closer) and
            // before the top-level value; only a key's `:` leaves some.
            if memberBegins {
                // A count is at most one per input byte: exact as an `Int`, compared as one.
                guard Int(truncatingIfNeeded: top.count) <= options.maxObjectMembers else { throw tooManyMembers(at: position) }
                try scanMemberKey(at: &position)
                try skipWhitespace(at: &position)
            }
            if try scanValue(at: &position, top: &top, depth: &depth) {
                memberBegins = top.isObject
                continue
            }
            // A value is complete: close every container that ends here, then
            // move on to the next element or member.
            closing: while true {
                guard depth > 0 else {
                    index = position
                    self.top = top
                    self.depth = depth
                    return
                }
                try skipWhitespace(at: &position)
                guard position < input.count else {
                    guard Grammar.isExtended, top.isImplicit else { throw unexpected(afterElement(top), at: position) }
                    _ = closeFrame(top: &top, depth: &depth)  // the implicit top-level object
                    continue
                }
                let byte = input[position]  // bounds proven above
                if byte == UInt8(ascii: ",") {
                    let comma = position
                    position &+= 1  // below input.count < 4 GiB: no overflow
                    top.count &+= 1  // at most one per input byte
                    if Layout.isIndented, position < input.count, input[position] == UInt8(ascii: "\n") {  // bounds proven
                        // below input.count < 4 GiB: no overflow
                        position = Self.skipSpaces(UnsafeRawBufferPointer(input), from: position &+ 1)
                    }
                    try skipWhitespace(at: &position)
                    if position < input.count ? input[position] == top.closer : Grammar.isExtended && top.isImplicit {  // bounds proven
                        guard Grammar.isExtended, options.allowTrailingCommas || options.json5 else {
                            throw trailingComma(at: comma, in: top)
                        }
                        top.count -= 1
                        continue
                    }
                    memberBegins = top.isObject
                    break closing
                } else if byte == top.closer {
                    if Grammar.isExtended, top.isImplicit { throw unexpected("expected ',' or the end of the input after a member", at: position) }
                    position &+= 1  // below input.count < 4 GiB
                    let closed = closeFrame(top: &top, depth: &depth)
                    if Grammar.isExtended, options.allowSets { closeContainer(closed) }
                } else {
                    throw unexpected(afterElement(top), at: position)
                }
            }
        }
    }

    @inline(never)
    private func trailingComma(at comma: Int, in frame: Frame) -> JSON.ParseError {
        error(.trailingComma, at: comma, "a comma must be followed by another \(frame.isObject ? "member" : "element")")
    }

    @inline(never)
    private func tooManyMembers(at position: Int) -> JSON.ParseError {
        error(.tooManyMembers, at: position, "the object has more than \(options.maxObjectMembers) members")
    }

    private func afterElement(_ frame: Frame) -> String {
        switch frame.closer {
        case UInt8(ascii: "}"): return "expected ',' or '}' after an object member"
        case UInt8(ascii: ">"): return "expected ',' or '>' after a set element"
        default: return "expected ',' or ']' after an array element"
        }
    }

    /// Scans the value at `position`, moving it past the value; returns
    /// `true` when it opened a non-empty container, whose first element
    /// comes next.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    mutating func scanValue(at position: inout Int, top: inout Frame, depth: inout Int) throws(JSON.ParseError) -> Bool {
        guard position < input.count else { throw unexpected("expected a value", at: position) }
        switch input[position] {  // bounds proven above
        case UInt8(ascii: "\""):
            index = position
            try scanString(DoubleQuote.self)
            position = index
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            if Grammar.isExtended && options.json5 || !scanPlainNumber(at: &position) {
                index = position
                try scanNumber()
                position = index
            }
        // `]` and `}` follow `[` and `{` two code points later: one call site, inlined once.
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return try openContainer(closer: input[position] &+ 2, at: &position, top: &top, depth: &depth)  // bounds proven above
        case UInt8(ascii: "t"): try scanLiteral("true", .true, at: &position)
        case UInt8(ascii: "f"): try scanLiteral("false", .false, at: &position)
        case UInt8(ascii: "n"): try scanLiteral("null", .null, at: &position)
        default:
            guard Grammar.isExtended else { throw unexpected("expected a value", at: position) }
            (index, self.top, self.depth) = (position, top, depth)
            let opened = try scanExtendedValue()
            (position, top, depth) = (index, self.top, self.depth)
            return opened
        }
        return false
    }

    /// Opens an array (`]`), object (`}`) or set (`>`, stored as an array).
    /// Always inlined: it runs once per container, where a call would cost
    /// the frame and the vector constants that `scanValues` reloads after it.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    mutating func openContainer(closer: UInt8) throws(JSON.ParseError) -> Bool {
        var (position, top, depth) = (index, self.top, self.depth)
        let opened = try openContainer(closer: closer, at: &position, top: &top, depth: &depth)
        (index, self.top, self.depth) = (position, top, depth)
        return opened
    }

    /// ``openContainer(closer:)`` with the value loop's own position and frames.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    mutating func openContainer(closer: UInt8, at position: inout Int, top: inout Frame, depth: inout Int) throws(JSON.ParseError) -> Bool {
        guard depth < maxDepth else {
            throw error(.tooDeep, at: position, "arrays and objects are nested deeper than \(options.maxDepth) levels")
        }
        let tapeIndex = tape.count
        let isObject = closer == UInt8(ascii: "}")
        tape.append(TapeEntry(isObject ? .object : .array, offset: position))
        position &+= 1  // below input.count < 4 GiB
        try skipWhitespace(at: &position)
        if position < input.count, input[position] == closer {  // bounds proven
            position &+= 1  // below input.count < 4 GiB
            tape[tapeIndex].payload = UInt64(tape.count)
            return false
        }
        Self.openFrame(Frame(tapeIndex: tapeIndex, count: 1, closer: closer), top: &top, depth: &depth, parents: parents)
        if Grammar.isExtended, closer == UInt8(ascii: ">") { openSets += 1 }
        return true
    }

    /// Makes `frame` the innermost open container (`top`, the others in
    /// `parents`; `depth` of them open).
    @inline(__always)
    static func openFrame(_ frame: Frame, top: inout Frame, depth: inout Int, parents: FrameStack<Frame>) {
        if depth > 0 { parents.push(top) }
        top = frame
        depth += 1
    }

    /// Closes the innermost open container, `top`: records its end and
    /// count in its tape entry and returns it.
    @inline(__always)
    func closeFrame(top: inout Frame, depth: inout Int) -> Frame {
        let closed = top
        tape[closed.tapeIndex].payload = UInt64(tape.count) | closed.count << 32
        depth -= 1
        if let parent = parents.pop() { top = parent }
        return closed
    }

    /// Scans a key (a string, or in JSON5 an identifier) and the `:` after it.
    /// Called from one place in `scanValues`; inlined there to save a call per member.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    mutating func scanMemberKey(at position: inout Int) throws(JSON.ParseError) {
        guard position < input.count else { throw unexpected("expected a string key", at: position) }
        let byte = input[position]  // bounds proven above
        if byte == UInt8(ascii: "\"") {
            try scanStringInline(DoubleQuote.self, at: &position, inlinedKey: true)
        } else {
            index = position
            // A single-quoted or identifier key.
            guard Grammar.isExtended, try scanExtendedKey() else {
                throw unexpected(Grammar.isExtended && options.json5 ? "expected a key" : "expected a string key")
            }
            position = index
        }
        // Pretty-printed JSON follows a key with ": ", minified JSON with ":": both bytes read at once.
        // Bounds proven: position + 1 < input.count.
        if position &+ 1 < input.count {
            let two = UInt16(littleEndian: UnsafeRawBufferPointer(input).loadUnaligned(fromByteOffset: position, as: UInt16.self))
            if two == 0x203A {
                position &+= 2  // below input.count
                return
            }
            if two & 0xFF == 0x3A {
                position &+= 1  // below input.count
                return
            }
        }
        index = position
        try scanColon()
        position = index
    }

    /// The `:` after a key with whitespace before it, or the error when there is none.
    @inline(never)
    private mutating func scanColon() throws(JSON.ParseError) {
        try skipWhitespace()
        guard index < input.count, input[index] == UInt8(ascii: ":") else {  // bounds proven
            throw unexpected("expected ':' after an object key")
        }
        index &+= 1  // below input.count < 4 GiB
    }

    /// Scans `true`, `false` or `null` (the first letter is already known)
    /// by comparing its last four bytes as one word. Inlined: it is shorter
    /// than a call.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    mutating func scanLiteral(_ word: StaticString, _ kind: TapeEntry.Kind, at position: inout Int) throws(JSON.ParseError) {
        let length = word.utf8CodeUnitCount
        guard position + length <= input.count else {
            throw error(.invalidLiteral, at: position, "expected '\(word)'")
        }
        // bounds proven: the only callers pass "true", "false" or "null", all at least 4 bytes
        let tail = UnsafeRawPointer(word.utf8Start + (length - 4)).loadUnaligned(as: UInt32.self)
        let found = UnsafeRawBufferPointer(input).loadUnaligned(fromByteOffset: position + length - 4, as: UInt32.self)  // bounds proven
        guard found == tail else {
            throw error(.invalidLiteral, at: position, "expected '\(word)'")
        }
        tape.append(TapeEntry(kind, offset: position))
        position += length
    }

    // MARK: Errors

    /// How the byte at `position` reads in a message: `'x'`, `U+0009`, `byte 0xFF` or `end of input`.
    func found(at position: Int) -> String {
        guard position < input.count else { return "end of input" }
        let byte = input[position]  // bounds proven above
        switch byte {
        case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        case ..<0x80: return "U+\(hex(UInt16(byte)))"
        default:
            let sequence = input[position..<min(position + 4, input.count)]  // bounds proven: position < count (guard above); the upper end is clamped
            if let scalar = String(decoding: sequence, as: UTF8.self).unicodeScalars.first, scalar != "\u{FFFD}" {
                return "'\(scalar)'"
            }
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    /// Four uppercase hexadecimal digits.
    func hex(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// `expectation, found …` at `index`: an unexpected character, or the end of input.
    @inline(never)
    func unexpected(_ expectation: String) -> JSON.ParseError {
        unexpected(expectation, at: index)
    }

    /// ``unexpected(_:)`` at `position`, for the value loop, which keeps its position in a local variable.
    @inline(never)
    func unexpected(_ expectation: String, at position: Int) -> JSON.ParseError {
        let kind: JSON.ParseError.Kind = position < input.count ? .unexpectedCharacter : .unexpectedEndOfInput
        return error(kind, at: position, "\(expectation), found \(found(at: position))")
    }

    @inline(never)
    func error(_ kind: JSON.ParseError.Kind, at offset: Int, _ message: String) -> JSON.ParseError {
        JSON.ParseError(kind, at: offset, in: input, message)
    }
}

extension UInt8 {
    @inline(__always)
    package var isDigit: Bool { self &- UInt8(ascii: "0") < 10 }
}
