import Peregrine

/// Reads the input as the binary format, in both modes, as values, as JSON,
/// as a summary and through `Binary.Decoder`'s index; whatever the bytes,
/// nothing may trap or allocate beyond what the limits allow, and every
/// reader must accept the same files and fail with the same kind at the
/// same offset.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBinary(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    // Most inputs should get past the magic and version.
    if !Binary.isBinary(bytes) { bytes = [0x89, 0x50, 0x47, 0x42, 1, 0] + bytes }
    let small = Binary.DecodingLimits(maxValues: 1 << 20, maxOutputBytes: 1 << 20)
    for limits in [small, Binary.DecodingLimits(maxValues: 1 << 20, maxOutputBytes: 1 << 20, plainData: true)] {
        var decoder = Binary.Decoder()
        decoder.limits = limits
        let outcomes = [
            outcome { _ = try Binary.Value(decoding: bytes, limits: limits) },
            outcome { _ = try JSON(binary: bytes, limits: limits) },
            outcome { _ = try Binary.Summary(of: bytes, limits: limits) },
            outcome { _ = try decoder.decodeGraph(from: bytes) },
        ]
        guard outcomes.allSatisfy({ $0 == outcomes[0] }) else { fatalError("the readers disagree: \(outcomes)") }
    }
    return 0
}

/// The kind and offset of the `Binary.DecodingError` `read` throws (`nil` when it reads the bytes).
private func outcome(_ read: () throws -> Void) -> String? {
    do {
        try read()
        return nil
    } catch let error as Binary.DecodingError {
        return "\(error.kind) at \(error.offset)"
    } catch {
        return "\(error)"
    }
}
