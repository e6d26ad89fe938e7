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

    /// The input's file handle — a regular file or anything readable: a
    /// FIFO, `/dev/stdin`, a process substitution; exit status 2, with the
    /// reason, when it cannot be opened.
    func handle() throws(ExitCode) -> FileHandle {
        if path == "-" { return .standardInput }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            printError("\(path): cannot read: is a directory")
            throw .usageError
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "no such file" : errno == EACCES ? "permission denied" : String(cString: strerror(errno))
            printError("\(path): cannot read: \(reason)")
            throw .usageError
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
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
