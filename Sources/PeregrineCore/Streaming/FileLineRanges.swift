#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A regular file's JSON Lines cut into ranges of `rangeBytes` that each
/// worker reads by itself with `pread` and validates, so no serial reader
/// stands between the cores. A range owns the lines that start in it: it
/// skips the end of the line the range before began, and reads past its own
/// end to finish its last line (reporting it as too long past `maxLineBytes`).
struct FileLineRanges: Sendable {
    /// What one range held: errors numbered from 0 within the range.
    struct Result {
        var errors: [JSON.LineError] = []
        var lines = 0
        /// The range reached the end of the file.
        var reachedEnd = false
    }

    private let descriptor: Int32
    /// The file offset where range 0 starts.
    let start: Int
    /// The file's size when validation began, less `start`.
    let size: Int
    let rangeBytes: Int
    let maxLineBytes: Int
    private let options: JSON.ParseOptions

    /// Ranges of the rest of `handle`'s file, from its current offset; `nil`
    /// when the handle is not a regular file, or holds gzip, which must be
    /// read in order, or the binary format, which the reader in order refuses.
    init?(_ handle: FileHandle, rangeBytes: Int, maxLineBytes: Int, options: JSON.ParseOptions) throws {
        var status = stat()
        guard fstat(handle.fileDescriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        descriptor = handle.fileDescriptor
        start = Int(try handle.offset())
        size = max(0, Int(status.st_size) - start)
        // Capped so that range offsets cannot overflow for any file size.
        self.rangeBytes = min(max(1, rangeBytes), 1 << 40)
        self.maxLineBytes = max(0, maxLineBytes)
        self.options = options
        let magic = ReadBuffer(capacity: 4)
        let count = try magic.read(descriptor, at: start, count: 4)
        if InputSignature(magic.bytes.prefix(count)) != .text { return nil }
    }

    /// Validates the lines that start in range `index`, reading into `buffer`.
    func validate(range index: Int, using buffer: ReadBuffer) throws -> Result {
        let rangeStart = start + index * rangeBytes
        let readFrom = index == 0 ? rangeStart : rangeStart - 1
        let wanted = rangeStart + rangeBytes - readFrom
        var count = try buffer.read(descriptor, at: readFrom, count: wanted)
        var result = Result(reachedEnd: count < wanted)
        var first = 0
        if index > 0 {
            // A line starts in the range after each newline from the byte before it to its second-last byte.
            guard let newline = buffer.firstNewline(in: 0..<min(count, wanted - 1)) else { return result }
            first = newline + 1
        }
        var end = count
        var tooLong: Int?
        let lastLineStart = buffer.lastNewline(in: first..<count).map { $0 + 1 } ?? first
        if !result.reachedEnd, lastLineStart < count {
            (end, tooLong) = try finishLine(startingAt: lastLineStart, count: &count, readFrom: readFrom, buffer: buffer)
        }
        // bounds proven: 0 <= first <= end <= count <= buffer capacity
        let owned = UnsafeBufferPointer(rebasing: buffer.bytes[first..<end])
        (result.errors, result.lines) = JSON.validateEachLine(of: owned, options: options, maxLineBytes: maxLineBytes)
        if let length = tooLong {
            result.errors.append(JSON.LineError(line: result.lines, error: JSON.LineTooLong(length: length, limit: maxLineBytes)))
            result.lines += 1
        }
        return result
    }

    /// Reads on past the range until the line at `lineStart` ends. Returns
    /// where the owned bytes end (after that line's newline), or, for a line
    /// longer than `maxLineBytes`, where it starts and its whole length.
    private func finishLine(
        startingAt lineStart: Int, count: inout Int, readFrom: Int, buffer: ReadBuffer
    ) throws -> (end: Int, tooLong: Int?) {
        let piece = 64 << 10
        while count - lineStart <= maxLineBytes {
            let read = try buffer.read(descriptor, at: readFrom + count, count: piece, into: count)
            if let newline = buffer.firstNewline(in: count..<count + read) {
                count += read
                return (newline + 1, nil)
            }
            count += read
            if read < piece { return (count, nil) }
        }
        // Too long: measure the rest of the line without keeping it.
        var length = count - lineStart
        while true {
            let read = try buffer.read(descriptor, at: readFrom + lineStart + length, count: piece, into: lineStart)
            if let newline = buffer.firstNewline(in: lineStart..<lineStart + read) {
                return (lineStart, length + newline - lineStart)
            }
            length += read
            if read < piece { return (lineStart, length) }
        }
    }
}
