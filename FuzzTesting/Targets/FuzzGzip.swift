import Peregrine

/// Feeds the input to the gzip path of the parser (prefixing the gzip magic
/// when it is missing), with a small inflate limit, and to the streaming
/// readers, which inflate chunk by chunk (the first 10,000 lines).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGzip(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    if !bytes.starts(with: [0x1F, 0x8B]) { bytes = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03] + bytes }
    let options = JSON.ParseOptions(maxDecompressedBytes: 1 << 20)
    _ = try? JSON(parsing: bytes, options: options)
    _ = try? JSON.Document(parsing: bytes, options: options)
    for line in JSON.LineReader(bytes: bytes).prefix(10_000) { _ = line }
    return 0
}
