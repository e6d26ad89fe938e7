import CZlib

/// Inflates gzip input piece by piece: the streaming readers hold one
/// compressed chunk and one inflated chunk at a time whatever the size of
/// the stream, and ``Gzip/inflate(_:maxBytes:maxStep:)`` collects the
/// pieces up to its limit. Concatenated gzip members read as one stream.
///
/// The inflater sets no limit on the inflated total: the streaming readers'
/// memory stays bounded by the chunk sizes, and a gzip bomb costs them only
/// the time to read what it inflates to.
final class GzipInflater {
    /// zlib's state, in a buffer that never grows because zlib keeps a
    /// pointer back to it.
    private let state: GrowingBuffer<z_stream>
    /// Where compressed bytes come from; empty at their end.
    private let readCompressed: () throws -> [UInt8]
    /// The compressed chunk being inflated, and how much of it zlib has taken.
    private var input: InputBytes
    private var taken = 0
    /// Compressed bytes taken from earlier chunks, for error offsets.
    private var takenBefore = 0
    /// Whether the last member ended (another may follow).
    private var memberEnded = false
    private var finished = false
    /// The most bytes handed to zlib at a time each way (zlib counts in 32 bits).
    private let step: Int

    /// Starts inflating `first` (which begins with `1f 8b`; lent memory
    /// must outlive the inflater), then what `readCompressed` returns; zlib
    /// is given at most `maxStep` bytes at a time each way (at most
    /// `UInt32.max`; tests make it small).
    init(
        first: InputBytes, maxStep: Int = Int(clamping: UInt32.max), readCompressed: @escaping () throws -> [UInt8]
    ) throws(Gzip.Failure) {
        self.input = first
        self.readCompressed = readCompressed
        step = max(1, min(maxStep, Int(clamping: UInt32.max)))
        var state = GrowingBuffer<z_stream>(capacity: 1)
        state.append(z_stream())
        // 15 window bits + 16: gzip framing only.
        guard inflateInit2_(state.pointer(at: 0), 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .invalid("zlib could not start", offset: 0)
        }
        self.state = state
    }

    deinit {
        inflateEnd(stream)
    }

    /// zlib's state, where it stays while the inflater lives.
    private var stream: UnsafeMutablePointer<z_stream> { state.pointer(at: 0) }

    /// The next inflated bytes, at most `maxBytes` of them; empty at the end.
    ///
    /// - Throws: ``Gzip/Failure/invalid(_:offset:)`` at the compressed
    ///   offset of the problem; what reading compressed bytes throws.
    func read(maxBytes: Int = 256 << 10) throws -> [UInt8] {
        guard !finished else { return [] }
        var output = [UInt8](repeating: 0, count: max(1, maxBytes))
        var produced = 0
        while produced < output.count {
            if taken == input.count {
                takenBefore += input.count
                input = InputBytes(try readCompressed())
                taken = 0
                if input.count == 0 {
                    guard memberEnded else { throw Gzip.Failure.invalid("the gzip data is truncated", offset: takenBefore) }
                    finished = true
                    break
                }
            }
            if memberEnded {
                // Another member must follow (the second magic byte is checked when it is in this chunk; zlib checks it anyway).
                let isMagic = input.withUnsafeBufferPointer { chunk in
                    let next = chunk[taken...]  // bounds proven: taken < chunk.count (not all taken)
                    return next.starts(with: [0x1F, 0x8B].prefix(next.count))
                }
                guard isMagic else {
                    throw Gzip.Failure.invalid("bytes after the end of the gzip data", offset: takenBefore + taken)
                }
                inflateReset(stream)
                memberEnded = false
            }
            let before = (taken, produced)
            let status = inflateStep(into: &output, at: &produced)
            switch status {
            case Z_STREAM_END: memberEnded = true
            case Z_OK, Z_BUF_ERROR:
                // Both sides had room, so zlib must have moved.
                guard (taken, produced) != before else { throw Gzip.Failure.invalid("zlib made no progress", offset: takenBefore + taken) }
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "error \(status)"
                throw Gzip.Failure.invalid(message, offset: takenBefore + taken)
            }
        }
        return Array(output[..<produced])
    }

    /// One call of zlib's inflate from the current chunk into `output` after `produced`.
    private func inflateStep(into output: inout [UInt8], at produced: inout Int) -> Int32 {
        let inputStep = min(input.count - taken, step)
        let outputStep = min(output.count - produced, step)
        let status = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                // bounds proven: zlib reads at most avail_in bytes after next_in (taken + inputStep <= input.count)
                // and writes at most avail_out after next_out (produced + outputStep <= output.count)
                stream.pointee.next_in = source.baseAddress.map { UnsafeMutablePointer(mutating: $0 + taken) }
                stream.pointee.avail_in = UInt32(inputStep)
                stream.pointee.next_out = target.baseAddress.map { $0 + produced }
                stream.pointee.avail_out = UInt32(outputStep)
                return CZlib.inflate(stream, Z_NO_FLUSH)
            }
        }
        taken += inputStep - Int(stream.pointee.avail_in)
        produced += outputStep - Int(stream.pointee.avail_out)
        return status
    }
}
