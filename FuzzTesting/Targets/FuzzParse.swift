import Peregrine

/// Parses the input in every preset and dialect, into values and documents,
/// with exact numbers too; whatever the bytes, nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParse(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    var lossless = JSON.ParseOptions.lenient
    lossless.numbers = .lossless
    for options in [JSON.ParseOptions.strict, .secure, .lenient, .json5, lossless] {
        _ = try? JSON(parsing: bytes, options: options)
        _ = try? JSON.Document(parsing: bytes, options: options)
    }
    return 0
}
