/// The elements of a large top-level array, scanned a batch at a time:
/// each batch is a ``JSON/Document`` whose root is an array of the next
/// elements, handed to the caller before the next batch is scanned, so
/// that the tape of the whole input is never held (``JSON/Decoder``
/// decodes a large `[Element]` this way).
///
/// Each element is checked by the same code as a whole document's values
/// (``Scanner/scanOneValue(at:depthLeft:checking:)``), and the brackets
/// and commas between them by ``Scanner/moveToNext(at:count:closer:)``,
/// so what the batches cover a whole parse accepts, with the same values.
/// An input they cannot cover (not one array, the extended grammar,
/// trailing content allowed) or one with an error makes ``scan(_:options:batchEntries:_:)``
/// return `false` or throw: the caller then parses the input whole, which
/// reports the error.
///
/// A batch holds whole elements: at least one, and more until its tape
/// holds `batchEntries` entries, so a batch's tape is at most
/// `batchEntries` plus one element's entries.
enum ArrayBatches {
    /// The entries a batch's tape holds before it is handed over: 1 MiB.
    static let batchEntries = 1 << 16

    /// Scans `bytes`, which must hold one array, a batch at a time, and
    /// calls `body` with each batch and the position in the whole array of
    /// the batch's first element; `false` when the input is not one array
    /// the batches can cover.
    ///
    /// ```swift
    /// let covered = try ArrayBatches.scan(InputBytes(bytes), options: options) { batch, first in
    ///     print(first, batch.root.count)
    /// }
    /// ```
    ///
    /// - Throws: the ``JSON/ParseError`` of the first element or separator
    ///   in error (a position in the whole input, which a whole parse may
    ///   report differently: call it for the error), or what `body` throws.
    static func scan(
        _ bytes: InputBytes, options: JSON.ParseOptions, batchEntries: Int = batchEntries,
        _ body: (_ batch: JSON.Document, _ firstPosition: Int) throws -> Void
    ) throws -> Bool {
        guard Scanner.canReadOneValueAtATime(inputOf: bytes.count, options: options), !options.allowTrailingContent,
            !options.assumesTopLevelObject, options.maxDepth > 0
        else { return false }
        return try bytes.withUnsafeBufferPointer { input in
            try FrameStack<Scanner<StrictGrammar>.Frame>.with { parents in
                try scan(input, of: bytes, options: options, batchEntries: max(batchEntries, 1), parents: parents, body)
            }
        }
    }

    /// ``scan(_:options:batchEntries:_:)`` of `input`, the memory of
    /// `bytes`, with the scanner's frames in `parents`.
    private static func scan(
        _ input: UnsafeBufferPointer<UInt8>, of bytes: InputBytes, options: JSON.ParseOptions, batchEntries: Int,
        parents: FrameStack<Scanner<StrictGrammar>.Frame>, _ body: (JSON.Document, Int) throws -> Void
    ) throws -> Bool {
        // A UTF-8 byte order mark may start the input; UTF-16, UTF-32 and
        // the binary format cannot start with `[`.
        var position = InputSignature.byteOrderMarkLength(of: input)
        var tape = Tape(capacity: batchEntries &+ batchEntries / 8)
        var scanner = Scanner(readingValuesOf: input, options: options, tape: tape, parents: parents)
        try scanner.skipWhitespace(at: &position)
        guard position < input.count, input[position] == UInt8(ascii: "[") else { return false }  // bounds proven: checked first
        let bracket = position
        position &+= 1  // below input.count < 4 GiB
        try scanner.skipWhitespace(at: &position)
        var count = 0
        var batchStart = 0
        var keyCheck = UniqueKeyCheck()
        var end: Int?
        // One batch a turn, of at least one element (or of none, for `[]`):
        // at most one turn per element, so per input byte.
        while end == nil {
            tape.append(TapeEntry(.array, offset: bracket))
            var inBatch = 0
            while inBatch == 0 || tape.count < batchEntries {
                guard try scanner.moveToNext(at: &position, count: &count, closer: UInt8(ascii: "]")) else {
                    end = position
                    try scanner.skipWhitespace(at: &position)
                    guard position == input.count else { return false }
                    break
                }
                position = try scanner.scanOneValue(at: position, depthLeft: options.maxDepth &- 1, checking: &keyCheck)
                try scanner.skipWhitespace(at: &position)
                inBatch &+= 1  // at most one per input byte
            }
            guard inBatch > 0 || count == 0 else { break }
            tape[0].payload = UInt64(tape.count) | UInt64(inBatch) << 32
            try body(JSON.Document(bytes: bytes, tape: tape, endOffset: end ?? position, options: options), batchStart)
            batchStart &+= inBatch
            guard end == nil else { break }
            // The document handed over keeps its tape: the next batch has one of its own.
            tape = Tape(capacity: batchEntries &+ batchEntries / 8)
            scanner = Scanner(readingValuesOf: input, options: options, tape: tape, parents: parents)
            keyCheck.forgetObjects()
        }
        return true
    }
}
