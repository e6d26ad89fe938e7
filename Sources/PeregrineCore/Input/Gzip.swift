import CZlib

/// gzip (RFC 1952) through the system zlib: inflating input that starts
/// with `1f 8b`, with a limit on the inflated size, and deflating output.
package enum Gzip {
    /// Why inflating failed.
    enum Failure: Error {
        /// The data is not a valid gzip stream (zlib's message, and the offset reached).
        case invalid(String, offset: Int)
        /// The inflated data would pass the limit.
        case tooLarge(limit: Int)
    }

    /// Whether `bytes` start with the gzip magic `1f 8b`.
    static func isCompressed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        InputSignature(bytes) == .gzip
    }

    /// The first `maxBytes` bytes (or fewer) of the text `input` holds:
    /// inflated when it is gzip, as parsing inflates it, but no further;
    /// `nil` for gzip that does not inflate (parsing tells why). For tools
    /// that look at the start of an input — its layout, its format —
    /// before they parse it.
    ///
    /// ```swift
    /// Gzip.textPrefix(of: Gzip.deflate(Array("[1, 2]".utf8)), maxBytes: 3)   // "[1,"
    /// ```
    package static func textPrefix(of input: [UInt8], maxBytes: Int) -> [UInt8]? {
        guard input.withUnsafeBufferPointer({ isCompressed($0) }) else { return Array(input.prefix(max(maxBytes, 0))) }
        guard let inflater = try? GzipInflater(first: InputBytes(input), readCompressed: { [] }) else { return nil }
        var text: [UInt8] = []
        // In pieces, so that memory follows what inflates, not `maxBytes`.
        while text.count < maxBytes {
            guard let piece = try? inflater.read(maxBytes: min(maxBytes - text.count, 64 << 10)) else { return nil }
            if piece.isEmpty { break }
            text += piece
        }
        return text
    }

    /// The inflated bytes of one or more concatenated gzip members, stopping
    /// with ``Failure/tooLarge(limit:)`` as soon as they would pass
    /// `maxBytes` (a gzip bomb never gets further than that). The
    /// compressed bytes are read where they are.
    ///
    /// zlib counts bytes in 32 bits, so the input is fed to it, and the output
    /// taken from it, in steps of at most `maxStep` bytes (at most `UInt32.max`;
    /// tests make it small to exercise the refilling).
    static func inflate(
        _ input: UnsafeBufferPointer<UInt8>, maxBytes: Int, maxStep: Int = Int(clamping: UInt32.max)
    ) throws(Failure) -> [UInt8] {
        let inflater = try GzipInflater(first: InputBytes(lending: input), maxStep: maxStep) { [] }
        var output: [UInt8] = []
        while true {
            let piece: [UInt8]
            do {
                piece = try inflater.read(maxBytes: 64 << 10)
            } catch let failure as Failure {
                throw failure
            } catch {
                // Nothing else can fail: the compressed bytes are all in memory.
                throw .invalid("\(error)", offset: 0)
            }
            guard !piece.isEmpty else { return output }
            guard output.count <= maxBytes - piece.count else { throw .tooLarge(limit: maxBytes) }
            output += piece
        }
    }

    /// `bytes` as one gzip member, at zlib's default level.
    package static func deflate(_ bytes: [UInt8]) -> [UInt8] {
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
