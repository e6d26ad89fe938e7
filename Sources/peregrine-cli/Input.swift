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

    /// Reads the whole input, or stops once it is certainly longer than
    /// `limit` bytes of text (gzip adds at most a few bytes per 16 KiB to
    /// what it inflates to), so a limit bounds the memory of reading too.
    /// Prints a message and throws exit status 2 when the input cannot be
    /// read, 1 when it is too long.
    func read(limit: Int = .max) throws(ExitCode) -> [UInt8] {
        let handle = try handle()
        let cap = Self.readingCap(limit)
        var bytes: [UInt8] = []
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                bytes += chunk
                if bytes.count > cap {
                    printError("\(name): the input is longer than \(limit) bytes (maxInputBytes)")
                    throw ExitCode.invalidInput
                }
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            printError("\(name): cannot read: \(error.localizedDescription)")
            throw .usageError
        }
        return bytes
    }

    /// The input for a document: a regular file mapped into memory, so a
    /// parse that fails near the start reads only the start (a gigabyte of
    /// `[` fails at byte 512 at once), anything else read.
    func contents(limit: Int) throws(ExitCode) -> Data {
        var status = stat()
        if path != "-", stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            Int(status.st_size) <= Self.readingCap(limit),
            let mapped = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        {
            return mapped
        }
        return Data(try read(limit: limit))
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
            report(error)
            throw .invalidInput
        }
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
