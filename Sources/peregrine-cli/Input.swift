import ArgumentParser
import Foundation
import Peregrine

/// A file named on the command line, or standard input for `-` (or for no
/// FILE at all when standard input is not a terminal, as jq reads it).
struct Input {
    let path: String
    /// The JSON Lines errors reported so far.
    let lineErrors = LineErrorCount()

    init(path: String) {
        self.path = path
    }

    /// The input named by `path`, or standard input when there is none and
    /// something is piped in; a usage error at a terminal.
    init(_ path: String?) throws(ExitCode) {
        if let path {
            self.path = path
        } else if isatty(STDIN_FILENO) == 0 {
            self.path = "-"
        } else {
            printError("Name a FILE, or pipe the input in (- reads standard input).")
            throw .usageError
        }
    }

    /// Two inputs for commands that read two files (PATCH and FILE, A
    /// and B): the second may be left out when standard input is piped,
    /// and only one of them can be standard input.
    static func pair(_ first: String, _ second: String?) throws(ExitCode) -> (Input, Input) {
        let pair = (Input(path: first), try Input(second))
        guard pair.0.path != "-" || pair.1.path != "-" else {
            printError("Only one input can be standard input (-).")
            throw .usageError
        }
        return pair
    }

    /// The name used in messages: the path, or `<stdin>`.
    var name: String { path == "-" ? "<stdin>" : path }

    /// Reads the whole input into memory, or stops once it is certainly
    /// longer than `limit` bytes of text (gzip adds at most a few bytes per
    /// 16 KiB to what it inflates to), so a limit bounds the memory of
    /// reading too. Prints a message and throws exit status 2 when the
    /// input cannot be read, 1 when it is too long.
    ///
    /// A regular file is read in one pass of its size into one allocation,
    /// then to its end if it grew meanwhile; it is never mapped: a mapped
    /// file that another process shortens while it is parsed kills the
    /// reader with SIGBUS, where a copy read at once cannot change.
    func read(limit: Int = .max) throws(ExitCode) -> [UInt8] {
        let handle = try handle()
        let cap = Self.readingCap(limit)
        var status = stat()
        let size = fstat(handle.fileDescriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
        var bytes: [UInt8]
        do {
            bytes = try Self.read(handle.fileDescriptor, count: min(size, cap) + 1)
            while bytes.count <= cap, let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                bytes += chunk
            }
        } catch {
            printError("\(name): cannot read: \(error.localizedDescription)")
            throw .usageError
        }
        guard bytes.count <= cap else {
            printError("\(name): the input is longer than \(limit) bytes (maxInputBytes)")
            throw .invalidInput
        }
        return bytes
    }

    /// Up to `count` bytes read from `descriptor`, fewer at its end.
    private static func read(_ descriptor: Int32, count: Int) throws -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while initialized < count {
                let read = Foundation.read(descriptor, base + initialized, count - initialized)
                if read > 0 {
                    initialized += read
                } else if read == 0 {
                    return
                } else if errno != EINTR {
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
            }
        }
    }

    /// The most bytes read for a text `limit`: gzip adds at most a few bytes
    /// per 16 KiB to what it inflates to.
    static func readingCap(_ limit: Int) -> Int {
        limit >= Int.max / 2 ? Int.max : limit + limit / 1_024 + 4_096
    }

    /// Parses the input into a value; prints `FILE:LINE:COLUMN: message` and
    /// the excerpt, and throws exit status 1, when it is not valid JSON.
    func parse(options: JSON.ParseOptions) throws(ExitCode) -> JSON {
        try parsed(limit: options.maxInputBytes) { bytes throws(JSON.ParseError) in try JSON(parsing: bytes, options: options) }
    }

    /// Parses the input into a document, which `format` and `minify` write
    /// straight from its tape; errors are reported as ``parse(options:)`` does.
    func document(options: JSON.ParseOptions) throws(ExitCode) -> JSON.Document {
        try parsed(limit: options.maxInputBytes) { bytes throws(JSON.ParseError) in try JSON.Document(parsing: bytes, options: options) }
    }

    /// What `parse` makes of the whole input (read up to `limit` bytes of
    /// text); a parse error is reported and is exit status 1.
    private func parsed<Parsed>(limit: Int, _ parse: ([UInt8]) throws(JSON.ParseError) -> Parsed) throws(ExitCode) -> Parsed {
        let bytes = try read(limit: limit)
        do throws(JSON.ParseError) {
            return try parse(bytes)
        } catch {
            report(error, in: bytes)
            throw .invalidInput
        }
    }

    /// Reports `error` in `bytes`, with a hint line naming the option that
    /// would have read on, when one would.
    func report(_ error: JSON.ParseError, in bytes: [UInt8]) {
        report(error)
        if let hint = OptionHint.hint(for: error, in: bytes) { printError("hint: \(hint)") }
    }

    /// Prints a parse error as `FILE:LINE:COLUMN: message` and its excerpt.
    func report(_ error: JSON.ParseError) {
        // Errors in compressed bytes have no line; their message says where.
        guard error.line > 0 else { return printError("\(name): \(error.message)") }
        printError("\(name):\(error.line):\(error.column): \(error.message)\n\(error.excerpt)")
        // A second value at the start of a line: JSON Lines read whole.
        if error.kind == .trailingContent, error.column == 1 {
            printError("hint: one JSON value per line is JSON Lines; read it with --lines")
        }
    }
}

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// How many JSON Lines errors a command met, of which it shows the first.
final class LineErrorCount {
    /// The errors printed before the rest are only counted.
    static let shown = 20
    var count = 0
}
