import CZlib

/// gzip (RFC 1952) through the system zlib: inflating input that starts
/// with `1f 8b`, with a limit on the inflated size, and deflating output.
enum Gzip {
    /// Why inflating failed.
    enum Failure: Error {
        /// The data is not a valid gzip stream (zlib's message, and the offset reached).
        case invalid(String, offset: Int)
        /// The inflated data would pass the limit.
        case tooLarge(limit: Int)
    }

    /// Whether `bytes` start with the gzip magic `1f 8b`.
    static func isCompressed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B  // bounds proven: count >= 2
    }

    /// The inflated bytes of one or more concatenated gzip members, stopping
    /// with ``Failure/tooLarge(limit:)`` as soon as they would pass
    /// `maxBytes` (a gzip bomb never gets further than that).
    ///
    /// zlib counts bytes in 32 bits, so the input is fed to it, and the output
    /// taken from it, in steps of at most `maxStep` bytes (at most `UInt32.max`;
    /// tests make it small to exercise the refilling).
    static func inflate(
        _ input: UnsafeBufferPointer<UInt8>, maxBytes: Int, maxStep: Int = Int(clamping: UInt32.max)
    ) throws(Failure) -> [UInt8] {
        let step = max(1, min(maxStep, Int(clamping: UInt32.max)))
        var stream = z_stream()
        // 15 window bits + 16: gzip framing only.
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .invalid("zlib could not start", offset: 0)
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(64 << 10, step))
        var consumed = 0
        while consumed < input.count {
            guard let base = input.baseAddress else { break }
            // zlib reads at most avail_in bytes from next_in and never writes to it.
            stream.next_in = UnsafeMutablePointer(mutating: base + consumed)
            stream.avail_in = UInt32(min(input.count - consumed, step))
            let before = stream.avail_in
            var status = Z_OK
            repeat {
                status = chunk.withUnsafeMutableBufferPointer { buffer in
                    // bounds proven: zlib writes at most avail_out = buffer.count (<= step <= UInt32.max) bytes at next_out
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                guard output.count <= maxBytes - produced else { throw .tooLarge(limit: maxBytes) }
                output.append(contentsOf: chunk[..<produced])
            } while status == Z_OK && stream.avail_out == 0
            consumed += Int(before - stream.avail_in)
            switch status {
            case Z_STREAM_END:
                // Another member may follow (concatenated gzip files are one stream).
                guard consumed < input.count else { return output }
                guard Gzip.isCompressed(UnsafeBufferPointer(rebasing: input[consumed...])) else {  // bounds proven: consumed < count (guard above)
                    throw .invalid("bytes after the end of the gzip data", offset: consumed)
                }
                inflateReset(&stream)
            case Z_OK, Z_BUF_ERROR:
                // zlib took the whole step: the loop feeds it the next one, or ends (truncated) when none is left.
                guard stream.avail_in == 0 else { throw .invalid("zlib made no progress", offset: consumed) }
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw .invalid(message, offset: consumed)
            }
        }
        throw .invalid("the gzip data is truncated", offset: consumed)
    }

    /// `bytes` as one gzip member, at zlib's default level.
    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        // 15 window bits + 16: write gzip framing; memory level 8 is zlib's default.
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return bytes }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))))
        let written = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { buffer in
                // zlib reads at most avail_in bytes from next_in and never writes to it; deflateBound
                // leaves room for all the output, which is taken in steps of at most 1 GiB each way.
                var consumed = 0
                var produced = 0
                var status = Z_OK
                while status == Z_OK {
                    let inputStep = min(input.count - consumed, 1 << 30)
                    let outputStep = min(buffer.count - produced, 1 << 30)
                    stream.next_in = input.baseAddress.map { UnsafeMutablePointer(mutating: $0 + consumed) }
                    stream.avail_in = UInt32(inputStep)
                    stream.next_out = buffer.baseAddress.map { $0 + produced }
                    stream.avail_out = UInt32(outputStep)
                    status = CZlib.deflate(&stream, consumed + inputStep == input.count ? Z_FINISH : Z_NO_FLUSH)
                    consumed += inputStep - Int(stream.avail_in)
                    produced += outputStep - Int(stream.avail_out)
                    if status == Z_BUF_ERROR, outputStep > 0 { status = Z_OK }
                }
                return produced
            }
        }
        return Array(output[..<written])
    }
}
