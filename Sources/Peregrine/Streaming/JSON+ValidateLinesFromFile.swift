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
        let blocks = LineBlocks(ChunkSource(fileHandle), blockBytes: blockBytes, maxLineBytes: maxLineBytes)
        var firstLine = 1
        while let (item, bytesRead) = try blocks.next() {
            progress(bytesRead)
            switch item {
            case .lines(let lines):
                let result = validateLines(lines, options: options, firstLine: firstLine, concurrency: concurrency)
                result.errors.forEach(onError)
                firstLine += result.lineCount
            case .tooLong(let length):
                onError(LineError(line: firstLine, error: LineTooLong(length: length, limit: maxLineBytes)))
                firstLine += 1
            }
        }
        return firstLine - 1
    }
}
