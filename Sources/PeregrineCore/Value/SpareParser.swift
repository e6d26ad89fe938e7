/// The ``JSON/Parser`` each thread keeps for the one-shot
/// ``JSON/init(parsing:options:)-([UInt8],_)``, so that parsing one small
/// document after another (a server's request bodies) reuses one tape and
/// one key cache instead of allocating and freeing them for each.
///
/// Those are the only allocations of a parse larger than a few hundred
/// bytes, and with glibc each such request first merges every small block
/// freed since (the previous document's values) back into large ones, from
/// which the new values are then cut one by one: a small document's parse
/// costs markedly less with the thread's parser. Large documents gain
/// little, and are not kept: the spare keeps a tape of at most ``maxTapeEntries``
/// (4,096 values, 64 KiB), and its keys are bounded as every parser's are
/// (512 keys of at most 128 bytes in its key cache, about 100 KiB with
/// their strings; 8 key lists of at most 64 such keys, about 105 KiB more
/// if none of their keys is in the cache). So a thread holds at most
/// about 290 KiB for it (the tape and a few KiB of keys for the documents
/// of an API), released when the thread ends or by
/// ``JSON/releaseThreadParseBuffers()``.
///
/// The keys kept are one caller's for the next on the same thread, as a
/// kept ``JSON/Parser``'s are. A key is taken from them only when its
/// bytes are the same, so no result depends on them; what they show is
/// timing (a key parsed recently on the thread costs less) and that they
/// stay in memory. Java's Jackson does the same, process-wide, by
/// default (its field names are interned across parsers). A caller that
/// parsed something it wants gone frees them.
///
/// The spare lives in a ``ThreadSlot``: a parse that begins while another
/// is under way on the same thread (from the `withUnsafeBytes` of a
/// `ContiguousBytes` argument) gets a new parser, never shares one. Each
/// parse sets the spare's options: nothing carries over from one call to
/// the next but the buffers and the keys.
enum SpareParser {
    /// The largest tape, in entries of 16 bytes (one a value or key), that
    /// a spare keeps: a document of up to 4,096 values.
    static let maxTapeEntries = 1 << 12

    /// Runs `body` with this thread's spare parser set to `options`, or
    /// with a new parser where threads have no spare.
    ///
    /// ```swift
    /// let value = try SpareParser.with(options) { parser throws(JSON.ParseError) in try parser.parse(bytes) }
    /// ```
    static func with<Value>(
        _ options: JSON.ParseOptions, _ body: (inout JSON.Parser) throws(JSON.ParseError) -> Value
    ) throws(JSON.ParseError) -> Value {
        let spare = spares.take() ?? Spare()
        defer {
            checkBounds(of: spare.parser)
            spares.putBack(spare)
        }
        spare.parser.options = options
        return try body(&spare.parser)
    }

    /// The threads' spares.
    private static let spares = ThreadSlot<Spare>()

    /// A copy of this thread's spare parser, to see what it keeps; `nil`
    /// before its first one-shot parse, or where threads have no spare.
    static var threadsSpare: JSON.Parser? { spares.current?.parser }

    /// Frees this thread's spare, if it has one.
    static func releaseThreadsSpare() { spares.empty() }

    /// Stops the program when this thread's spare keeps more than a spare
    /// may: debug builds only (release builds compile nothing). Its tape
    /// bound is ``maxTapeEntries`` and its tape within it, and what it
    /// keeps holds as every parser's does (`JSON.Parser.checkInvariants()`).
    /// O(what it keeps).
    ///
    /// ```swift
    /// _ = try JSON(parsing: body)
    /// SpareParser.checkInvariants()
    /// ```
    static func checkInvariants() {
        #if DEBUG
        guard let parser = threadsSpare else { return }
        checkBounds(of: parser)
        parser.checkInvariants()
        #endif
    }

    /// Stops the program, in debug builds only, when `parser`, a spare,
    /// may keep a tape larger than ``maxTapeEntries``. O(1): called when a
    /// spare is put back.
    private static func checkBounds(of parser: borrowing JSON.Parser) {
        #if DEBUG
        precondition(parser.keptTapeEntries == maxTapeEntries && (parser.tape?.capacity ?? 0) <= maxTapeEntries, "a spare keeps a tape of at most \(maxTapeEntries) entries")
        #endif
    }
}

/// A thread's spare parser, an object so that the thread's slot can hold
/// it (retained while it is there); one parse at a time uses it.
private final class Spare {
    @exclusivity(unchecked) var parser = JSON.Parser()

    init() { parser.keptTapeEntries = SpareParser.maxTapeEntries }
}
