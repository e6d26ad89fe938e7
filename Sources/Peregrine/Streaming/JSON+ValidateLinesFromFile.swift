import Foundation

extension JSON {
    /// Validates JSON Lines read from a file handle, in bounded memory and on
    /// several cores: the input (inflated on the way when it is gzip) is cut
    /// at newlines into blocks of about `blockBytes`, and each block's lines
    /// are checked in parallel with ``validateLines(_:options:firstLine:concurrency:)``.
    /// Errors are reported as each block finishes, in line order.
    ///
    /// Memory holds one block and one chunk, and a line that outgrows its
    /// block up to `maxLineBytes`: a line found longer than that while it is
    /// read is reported as ``LineTooLong`` and skipped.
    ///
    /// ```swift
    /// let lines = try JSON.validateLines(fileHandle: FileHandle(forReadingFrom: url)) { error in
    ///     print(error)   // line 12: 1:5: …
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - progress: called after each chunk with the bytes read so far
    ///     (compressed bytes for gzip input), e.g. for a progress bar.
    ///   - onError: called with each invalid line's error.
    /// - Returns: the number of lines read.
    /// - Throws: what reading the handle throws; ``ParseError/Kind/invalidCompressedData``
    ///   when gzip input is broken (lines before that were validated).
    @discardableResult
    public static func validateLines(
        fileHandle: FileHandle, options: ParseOptions = .init(),
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        blockBytes: Int = 4 << 20, maxLineBytes: Int = 64 << 20,
        progress: (_ bytesRead: Int) -> Void = { _ in }, onError: (LineError) -> Void
    ) throws -> Int {
        let source = ChunkSource(fileHandle)
        // Complete lines, then the start of an incomplete one at `tailStart`.
        var block: [UInt8] = []
        var tailStart = 0
        var firstLine = 1
        // The length so far of an over-long line being skipped up to its newline.
        var skipping: Int?
        func check(_ lines: ArraySlice<UInt8>) {
            let result = validateLines(lines, options: options, firstLine: firstLine, concurrency: concurrency)
            result.errors.forEach(onError)
            firstLine += result.lineCount
        }
        func tooLong(_ length: Int) {
            onError(LineError(line: firstLine, error: LineTooLong(length: length, limit: maxLineBytes)))
            firstLine += 1
        }
        while true {
            let chunk = try source.read()
            progress(source.bytesRead)
            guard !chunk.isEmpty else { break }
            let firstNewline = chunk.firstIndex(of: UInt8(ascii: "\n"))
            let lineSoFar = skipping ?? (block.count - tailStart)
            if lineSoFar + (firstNewline ?? chunk.count) > maxLineBytes {
                check(block[..<tailStart])
                block = []
                tailStart = 0
                guard let newline = firstNewline else {
                    skipping = lineSoFar + chunk.count
                    continue
                }
                tooLong(lineSoFar + newline)
                skipping = nil
                block = Array(chunk[(newline + 1)...])
            } else {
                block += chunk
            }
            if let lastNewline = block.lastIndex(of: UInt8(ascii: "\n")), lastNewline >= tailStart { tailStart = lastNewline + 1 }
            if block.count >= blockBytes, tailStart > 0 {
                check(block[..<tailStart])
                block.removeSubrange(..<tailStart)
                tailStart = 0
            }
        }
        if let skipped = skipping {
            tooLong(skipped)
        } else if !block.isEmpty {
            check(block[...])
        }
        return firstLine - 1
    }
}
