import Peregrine

/// Reads the input as the binary format, in both modes, as values, as JSON
/// and as a summary; whatever the bytes, nothing may trap or allocate beyond
/// what the limits allow.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBinary(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    // Most inputs should get past the magic and version.
    if !Binary.isBinary(bytes) { bytes = [0x89, 0x50, 0x47, 0x42, 1, 0] + bytes }
    for limits in [Binary.DecodingLimits(maxValues: 1 << 20), Binary.DecodingLimits(maxValues: 1 << 20, plainData: true)] {
        _ = try? Binary.Value(decoding: bytes, limits: limits)
        _ = try? JSON(binary: bytes, limits: limits)
        _ = try? Binary.Summary(of: bytes, limits: limits)
    }
    return 0
}
