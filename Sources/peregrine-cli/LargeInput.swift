import ArgumentParser
import Foundation
import Peregrine

/// Reading inputs too large for memory: JSON Lines in blocks cut at
/// newlines, and one huge array or object element by element.
extension Input {
    /// Files larger than this are streamed even without `--stream`.
    static let streamingThreshold = 64 << 20

    /// Whether the input should be streamed: asked for, or a large file.
    func shouldStream(_ asked: Bool) -> Bool {
        guard !asked else { return true }
        guard path != "-", let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else { return false }
        return size > Self.streamingThreshold
    }

    /// The input's file handle; exit status 2 when it cannot be opened.
    func handle() throws(ExitCode) -> FileHandle {
        if path == "-" { return .standardInput }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            printError("\(path): cannot read the file")
            throw .usageError
        }
        return handle
    }

    /// Calls `body` with blocks of about 16 MiB that end at a newline (the
    /// last block may not), and the number of each block's first line.
    func forEachLineBlock(_ body: ([UInt8], Int) throws -> Void) throws {
        let handle = try handle()
        var carry: [UInt8] = []
        var firstLine = 1
        var progress = ProgressBar(for: self)
        defer { progress.finish() }
        var bytesRead = 0
        while let data = try handle.read(upToCount: 16 << 20), !data.isEmpty {
            bytesRead += data.count
            progress.update(bytesRead)
            carry.append(contentsOf: data)
            guard let lastNewline = carry.lastIndex(of: UInt8(ascii: "\n")) else { continue }
            let block = Array(carry[...lastNewline])
            carry.removeSubrange(...lastNewline)
            try body(block, firstLine)
            firstLine += block.count { $0 == UInt8(ascii: "\n") }
        }
        if !carry.isEmpty { try body(carry, firstLine) }
    }

    /// Prints a line's error as `FILE:LINE:COLUMN: message`.
    func report(_ error: JSON.LineError) {
        if let parseError = error.error as? JSON.ParseError {
            printError("\(name):\(error.line):\(parseError.column): \(parseError.message)")
        } else {
            printError("\(name):\(error.line): \(error.error)")
        }
    }

    /// Prints a streaming error as `FILE:LINE: message`.
    func report(_ error: JSON.StreamError) {
        printError("\(name):\(error.line): \(error.message) (offset \(error.offset))")
    }
}
