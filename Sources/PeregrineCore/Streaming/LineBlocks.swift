/// Cuts what a ``ChunkSource`` reads into blocks of whole JSON Lines of
/// about `blockBytes`, for validating them in parallel. A line still
/// incomplete past `maxLineBytes` is skipped up to its newline and reported
/// by its length instead, so memory holds a block, a chunk and at most
/// `maxLineBytes` of one line.
final class LineBlocks {
    /// What the next part of the input is.
    enum Item {
        /// Whole lines (the last block may end without a newline).
        case lines([UInt8])
        /// One line longer than `maxLineBytes`, skipped; its length.
        case tooLong(Int)
    }

    private let source: ChunkSource
    private let blockBytes: Int
    private let maxLineBytes: Int
    /// Complete lines, then the start of an incomplete one at `tailStart`.
    private var block: [UInt8] = []
    private var tailStart = 0
    /// The length so far of an over-long line being skipped up to its newline.
    private var skipping: Int?
    /// Items found but not yet returned (a chunk can finish a block and a long line).
    private var pending: [Item] = []
    private var ended = false

    init(_ source: ChunkSource, blockBytes: Int, maxLineBytes: Int) {
        self.source = source
        self.blockBytes = blockBytes
        self.maxLineBytes = maxLineBytes
    }

    /// The next item and the bytes read so far (compressed bytes for gzip); `nil` at the end.
    func next() throws -> (item: Item, bytesRead: Int)? {
        while pending.isEmpty && !ended { try readChunk() }
        guard !pending.isEmpty else { return nil }
        return (pending.removeFirst(), source.bytesRead)
    }

    private func readChunk() throws {
        let chunk = try source.read()
        guard !chunk.isEmpty else {
            ended = true
            if let skipped = skipping {
                pending.append(.tooLong(skipped))
            } else if !block.isEmpty {
                pending.append(.lines(block))
            }
            return
        }
        let firstNewline = chunk.firstIndex(of: UInt8(ascii: "\n"))
        let lineSoFar = skipping ?? (block.count - tailStart)
        if lineSoFar + (firstNewline ?? chunk.count) > maxLineBytes {
            if tailStart > 0 { pending.append(.lines(Array(block[..<tailStart]))) }
            block = []
            tailStart = 0
            guard let newline = firstNewline else {
                skipping = lineSoFar + chunk.count
                return
            }
            pending.append(.tooLong(lineSoFar + newline))
            skipping = nil
            block = Array(chunk[(newline + 1)...])
        } else {
            block += chunk
        }
        if let lastNewline = block.lastIndex(of: UInt8(ascii: "\n")), lastNewline >= tailStart { tailStart = lastNewline + 1 }
        if block.count >= blockBytes, tailStart > 0 {
            // Hand the block over whole and keep only its incomplete last line (copying the short part).
            let tail = Array(block[tailStart...])
            block.removeSubrange(tailStart...)
            pending.append(.lines(block))
            block = tail
            tailStart = 0
        }
    }
}
