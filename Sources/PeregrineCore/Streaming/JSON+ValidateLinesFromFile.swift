import Foundation

extension JSON {
    /// Validates JSON Lines read from a file handle, in bounded memory and on
    /// several cores. A regular file is cut into ranges of `blockBytes` that
    /// each thread reads for itself; other input (a pipe, or gzip, which is
    /// inflated on the way) is read in order and cut at newlines into blocks
    /// of about `blockBytes` whose lines are checked in parallel. Errors are
    /// reported in line order as the work finishes.
    ///
    /// Memory holds a block per thread, and a line that outgrows its block up
    /// to `maxLineBytes`: a longer line is reported as ``LineTooLong`` and
    /// skipped.
    ///
    /// ```swift
    /// let lines = try JSON.validateLines(fileHandle: FileHandle(forReadingFrom: url)) { error in
    ///     print(error)   // line 12: 1:5: …
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - fileHandle: where the lines are read from, to its end (gzip input is inflated as it is read).
    ///   - options: how each line is parsed.
    ///   - concurrency: how many threads check blocks (the active processors by default).
    ///   - blockBytes: how many bytes each block read at once holds.
    ///   - maxLineBytes: the longest line checked; longer ones are reported and skipped.
    ///   - progress: called as the work goes with the bytes read so far
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
        let threads = min(max(1, concurrency), 256)
        if let ranges = try FileLineRanges(fileHandle, rangeBytes: blockBytes, maxLineBytes: maxLineBytes, options: options) {
            let lines = try validateLines(in: ranges, threads: threads, progress: progress, onError: onError)
            try fileHandle.seekToEnd()
            return lines
        }
        let blocks = LineBlocks(ChunkSource(fileHandle), blockBytes: blockBytes, maxLineBytes: maxLineBytes)
        var firstLine = 1
        while let (item, bytesRead) = try blocks.next() {
            progress(bytesRead)
            switch item {
            case .lines(let lines):
                let result = lines.withUnsafeBufferPointer {
                    validateLines(in: $0, options: options, firstLine: firstLine, concurrency: threads, maxLineBytes: maxLineBytes)
                }
                result.errors.forEach(onError)
                firstLine += result.lineCount
            case .tooLong(let length):
                onError(LineError(line: firstLine, error: LineTooLong(length: length, limit: maxLineBytes)))
                firstLine += 1
            }
        }
        return firstLine - 1
    }

    /// Validates a regular file range by range: `threads` workers take the
    /// next range of a window of 16 per thread as they finish one, and the
    /// window's errors are reported in order once it is done.
    private static func validateLines(
        in ranges: FileLineRanges, threads: Int, progress: (Int) -> Void, onError: (LineError) -> Void
    ) throws -> Int {
        let window = threads * 16
        let buffers = (0..<threads).map { _ in ReadBuffer(capacity: ranges.rangeBytes + 1) }
        var results = [Result<FileLineRanges.Result, any Error>](repeating: .success(.init()), count: window)
        var firstRange = 0
        var firstLine = 1
        while true {
            let (first, next) = (firstRange, NextRange(firstRange))
            results.withUnsafeMutableBufferPointer { slots in
                let shared = RangeSlots(slots: slots)
                DispatchQueue.concurrentPerform(iterations: threads) { thread in
                    while let index = next.take(below: first + window) {
                        // bounds proven: thread < threads == buffers.count; index - first < window == slots.count, and each index is taken once
                        shared.slots[index - first] = Result { try ranges.validate(range: index, using: buffers[thread]) }
                    }
                }
            }
            var reachedEnd = false
            for slot in results {
                let result = try slot.get()
                for error in result.errors { onError(LineError(line: firstLine + error.line, error: error.error)) }
                firstLine += result.lines
                reachedEnd = reachedEnd || result.reachedEnd
            }
            firstRange += window
            progress(min(firstRange * ranges.rangeBytes, ranges.size))
            if reachedEnd { return firstLine - 1 }
        }
    }

    /// The result slots of one window, each written by the thread that took its range.
    private struct RangeSlots: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<Result<FileLineRanges.Result, any Error>>
    }

    /// The next range of a window to take, shared by its threads.
    private final class NextRange: @unchecked Sendable {
        private let lock = NSLock()
        private var next: Int

        init(_ first: Int) { next = first }

        /// A range no thread has taken yet, if one is left below `end`.
        func take(below end: Int) -> Int? {
            lock.withLock {
                guard next < end else { return nil }
                defer { next += 1 }
                return next
            }
        }
    }
}
