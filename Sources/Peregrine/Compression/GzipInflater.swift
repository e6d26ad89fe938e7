import CZlib

/// Inflates gzip input piece by piece for the streaming readers, which hold
/// one compressed chunk and one inflated chunk at a time whatever the size
/// of the stream. Concatenated gzip members read as one stream, as in
/// ``Gzip/inflate(_:maxBytes:maxStep:)``.
///
/// There is no limit on the inflated total: memory stays bounded by the
/// chunk sizes, and a gzip bomb costs only the time to read what it inflates to.
final class GzipInflater {
    /// zlib's state, on the heap because zlib keeps a pointer back to it.
    private let stream: UnsafeMutablePointer<z_stream>
    /// Where compressed bytes come from; empty at their end.
    private let readCompressed: () throws -> [UInt8]
    /// The compressed chunk being inflated, and how much of it zlib has taken.
    private var input: [UInt8]
    private var taken = 0
    /// Compressed bytes taken from earlier chunks, for error offsets.
    private var takenBefore = 0
    /// Whether the last member ended (another may follow).
    private var memberEnded = false
    private var finished = false

    /// Starts inflating `first` (which begins with `1f 8b`), then what `readCompressed` returns.
    init(first: [UInt8], readCompressed: @escaping () throws -> [UInt8]) throws(JSON.ParseError) {
        self.input = first
        self.readCompressed = readCompressed
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // 15 window bits + 16: gzip framing only.
        guard inflateInit2_(stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deallocate()
            throw Self.failure("zlib could not start", at: 0)
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// The next inflated bytes, at most `maxBytes` of them; empty at the end.
    ///
    /// - Throws: ``JSON/ParseError/Kind/invalidCompressedData`` at the
    ///   compressed offset of the problem; what reading compressed bytes throws.
    func read(maxBytes: Int = 256 << 10) throws -> [UInt8] {
        guard !finished else { return [] }
        var output = [UInt8](repeating: 0, count: max(1, min(maxBytes, Int(UInt32.max))))
        var produced = 0
        while produced < output.count {
            if taken == input.count {
                takenBefore += input.count
                input = try readCompressed()
                taken = 0
                if input.isEmpty {
                    guard memberEnded else { throw Self.failure("the gzip data is truncated", at: takenBefore) }
                    finished = true
                    break
                }
            }
            if memberEnded {
                // bounds proven: taken < input.count (the refill above)
                guard input[taken] == 0x1F else { throw Self.failure("bytes after the end of the gzip data", at: takenBefore + taken) }
                inflateReset(stream)
                memberEnded = false
            }
            let before = (taken, produced)
            let status = inflateStep(into: &output, at: &produced)
            switch status {
            case Z_STREAM_END: memberEnded = true
            case Z_OK, Z_BUF_ERROR:
                // Both sides had room, so zlib must have moved.
                guard (taken, produced) != before else { throw Self.failure("zlib made no progress", at: takenBefore + taken) }
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "error \(status)"
                throw Self.failure(message, at: takenBefore + taken)
            }
        }
        return Array(output[..<produced])
    }

    /// One call of zlib's inflate from the current chunk into `output` after `produced`.
    private func inflateStep(into output: inout [UInt8], at produced: inout Int) -> Int32 {
        let inputStep = min(input.count - taken, Int(UInt32.max))
        let outputStep = output.count - produced
        let status = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                // bounds proven: zlib reads at most avail_in bytes after next_in (taken + inputStep <= input.count)
                // and writes at most avail_out after next_out (produced + outputStep == output.count)
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

    private static func failure(_ message: String, at offset: Int) -> JSON.ParseError {
        JSON.ParseError(.invalidCompressedData, at: offset, in: UnsafeBufferPointer(start: nil, count: 0), "invalid gzip data: \(message)")
    }
}
