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

    /// Prints a line's error as `FILE:LINE:COLUMN: message`.
    func report(_ error: JSON.LineError) {
        if let parseError = error.error as? JSON.ParseError {
            printError("\(name):\(error.line):\(parseError.column): \(parseError.message)")
        } else {
            printError("\(name):\(error.line): \(error.error)")
        }
    }

    /// Prints a streaming error as `FILE:LINE: message`, or `FILE: message`
    /// for broken compressed bytes.
    func report(_ error: JSON.StreamError) {
        guard error.line > 0 else { return printError("\(name): \(error.message)") }
        printError("\(name):\(error.line): \(error.message) (offset \(error.offset))")
    }
}
