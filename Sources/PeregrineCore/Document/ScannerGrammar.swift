/// The grammar a ``Scanner`` is compiled for. The scanner tests
/// `Grammar.isExtended` before every dialect feature; for ``StrictGrammar``
/// the test is the constant `false`, so the compiler removes the dialect code
/// from the strict scanner entirely and strict parsing never pays for options.
protocol ScannerGrammar {
    static var isExtended: Bool { get }
}

/// RFC 8259 only; the options that do not change the grammar (limits,
/// duplicate keys, NUL and noncharacter rejection, lossless numbers) still apply.
enum StrictGrammar: ScannerGrammar {
    static var isExtended: Bool { false }
}

/// RFC 8259 plus whichever dialect options are set.
enum ExtendedGrammar: ScannerGrammar {
    static var isExtended: Bool { true }
}

/// The result of scanning: the tape, and where the top-level value ended.
struct ScanResult {
    var tape: Tape
    /// The byte offset just past the top-level value (and its JSONP wrapper).
    var endOffset: Int
}

/// Scans the value starting at `start` of `input` with the scanner the
/// options call for, into `reused` when given (a tape nothing else holds:
/// its entries are replaced, its memory kept) or a new tape.
func scanTape(
    _ input: UnsafeBufferPointer<UInt8>, options: JSON.ParseOptions, from start: Int = 0, reusing reused: Tape? = nil
) throws(JSON.ParseError) -> ScanResult {
    if options.extendsGrammar {
        return try Scanner<ExtendedGrammar>.scan(input, options: options, from: start, reusing: reused)
    }
    return try Scanner<StrictGrammar>.scan(input, options: options, from: start, reusing: reused)
}
