import Peregrine

/// Parses the input in every preset and dialect, into values and documents,
/// with exact numbers and sets too; whatever the bytes, nothing may trap, and
/// a value and a document agree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParse(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    var lossless = JSON.ParseOptions.lenient
    lossless.numbers = .lossless
    var sets = JSON.ParseOptions.lenient
    sets.allowSets = true
    sets.maxDepth = 100_000
    for options in [JSON.ParseOptions.strict, .secure, .lenient, .json5, lossless, sets] {
        let value = try? JSON(parsing: bytes, options: options)
        let document = try? JSON.Document(parsing: bytes, options: options)
        if options.allowSets, let value, document?.root.value != value { fatalError("sets: a value and a document disagree") }
    }
    return 0
}
