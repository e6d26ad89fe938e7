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

    /// The whole input as every command reads it: its bytes as read (gzip
    /// stays compressed: parsing inflates it) and the first bytes of its
    /// text (inflated), which tell what it is — JSON text or Peregrine's
    /// binary format, by ``InputSignature`` as every reader tells them —
    /// and, for text, its layout.
    struct Contents {
        let bytes: [UInt8]
        /// The first ``InputLayout/maxBytes`` bytes of the text, or fewer
        /// (none for gzip that does not inflate: parsing says why).
        let head: [UInt8]

        /// Whether the text is Peregrine's binary format, not JSON.
        var isBinary: Bool { InputSignature(head) == .binary }
    }

    /// Reads the whole input (up to `limit` bytes of text, as ``read(limit:)``).
    func contents(limit: Int) throws(ExitCode) -> Contents {
        let bytes = try read(limit: limit)
        return Contents(bytes: bytes, head: Gzip.textPrefix(of: bytes, maxBytes: InputLayout.maxBytes) ?? [])
    }

    /// Parses the input into a value (or decodes it, when it is a binary
    /// file); prints `FILE:LINE:COLUMN: message` and the excerpt, and throws
    /// exit status 1, when it is not valid.
    func parse(options: JSON.ParseOptions) throws(ExitCode) -> JSON {
        try value(of: try contents(limit: options.maxInputBytes), options: options)
    }

    /// Parses the input into a value, as ``parse(options:)`` does, and tells
    /// the indentation of its text (``InputLayout``), for writing it back:
    /// a binary file has none, and is written compactly.
    func parseWithLayout(options: JSON.ParseOptions) throws(ExitCode) -> (value: JSON, indent: LayoutOptions.Indent) {
        let contents = try contents(limit: options.maxInputBytes)
        return (try value(of: contents, options: options), contents.isBinary ? .spaces(0) : InputLayout.indent(of: contents.head))
    }

    /// Parses the input into a document, which `format` and `minify` write
    /// straight from its tape (a binary file: its value's document);
    /// errors are reported as ``parse(options:)`` does.
    func document(options: JSON.ParseOptions) throws(ExitCode) -> JSON.Document {
        let contents = try contents(limit: options.maxInputBytes)
        guard contents.isBinary else {
            return try parsed(contents.bytes) { bytes throws(JSON.ParseError) in try JSON.Document(parsing: bytes, options: options) }
        }
        let value = try binaryValue(of: contents, options: options)
        do throws(JSON.ParseError) {
            return try JSON.Document(flattening: value)
        } catch {
            report(error)
            throw .invalidInput
        }
    }

    /// The value `contents` hold: JSON text parsed, or a binary file decoded.
    func value(of contents: Contents, options: JSON.ParseOptions) throws(ExitCode) -> JSON {
        guard contents.isBinary else {
            return try parsed(contents.bytes) { bytes throws(JSON.ParseError) in try JSON(parsing: bytes, options: options) }
        }
        return try binaryValue(of: contents, options: options)
    }

    /// The bytes of the binary file `contents` hold: inflated when gzip,
    /// within the limits `options` set on inflating.
    func binaryBytes(of contents: Contents, options: JSON.ParseOptions) throws(ExitCode) -> [UInt8] {
        do throws(JSON.ParseError) {
            return try contents.bytes.withUnsafeBufferPointer { bytes throws(JSON.ParseError) in try options.inflated(bytes) } ?? contents.bytes
        } catch {
            report(error)
            throw .invalidInput
        }
    }

    /// Decodes the binary file `contents` hold, nesting at most as deep and
    /// with strings at most as long as `options` allow; a file that does
    /// not decode is reported with its offset and is exit status 1.
    private func binaryValue(of contents: Contents, options: JSON.ParseOptions) throws(ExitCode) -> JSON {
        let bytes = try binaryBytes(of: contents, options: options)
        var limits = Binary.DecodingLimits()
        limits.maxDepth = min(limits.maxDepth, options.maxDepth)
        limits.maxStringBytes = min(limits.maxStringBytes, options.maxStringBytes)
        do throws(Binary.DecodingError) {
            return try JSON(binary: bytes, limits: limits)
        } catch {
            printError("\(name): \(error)")
            throw .invalidInput
        }
    }

    /// What `parse` makes of the input's `bytes`; a parse error is reported
    /// and is exit status 1.
    private func parsed<Parsed>(_ bytes: [UInt8], _ parse: ([UInt8]) throws(JSON.ParseError) -> Parsed) throws(ExitCode) -> Parsed {
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
        // Errors in bytes that are not text (compressed, binary) have no line; their message says where.
        guard error.line > 0 else {
            printError("\(name): \(error.message)")
            return hintAtBinary(error)
        }
        printError("\(name):\(error.line):\(error.column): \(error.message)\n\(error.excerpt)")
        // A second value at the start of a line: JSON Lines read whole.
        if error.kind == .trailingContent, error.column == 1 {
            printError("hint: one JSON value per line is JSON Lines; read it with --lines")
        }
    }
}

extension Input {
    /// After an error that says the input is Peregrine's binary format
    /// (where a reader of JSON text met it: `--lines`, `--stream`), says
    /// what reads it.
    func hintAtBinary(_ error: JSON.ParseError?) {
        // The binary format's error is the only one of its kind without a position.
        guard let error, error.kind == .unsupportedEncoding, error.line == 0 else { return }
        printError("hint: this is a Peregrine binary file; read it without --lines and --stream, or use peregrine convert --to json")
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
