import ArgumentParser
import Foundation
import Peregrine

/// Reading inputs too large for memory: JSON Lines in blocks cut at
/// newlines, and one huge array or object element by element.
extension Input {
    /// Files larger than this are streamed without `--stream`, where that
    /// gives the answer reading them whole would: an eighth of the memory
    /// the process may use (reading whole takes about four times the file,
    /// so a file at the threshold needs half of it), or the bytes
    /// `PEREGRINE_STREAM_THRESHOLD` names (so that tests need no large
    /// files). Streaming costs several times the CPU of reading whole, so
    /// it is chosen only where memory requires it.
    static let streamingThreshold = streamingThreshold(
        in: ProcessInfo.processInfo.environment, memory: MemoryLimit.bytes)

    /// The threshold `environment` sets, or an eighth of `memory` (at least
    /// 64 MiB) when it sets none (or not a whole number of bytes).
    static func streamingThreshold(in environment: [String: String], memory: UInt64) -> Int {
        guard let text = environment["PEREGRINE_STREAM_THRESHOLD"], let bytes = Int(text), bytes >= 0 else {
            return Int(clamping: max(memory / 8, 64 << 20))
        }
        return bytes
    }

    /// Whether to read the input element by element: when asked, and
    /// otherwise for a file over ``streamingThreshold`` that the streamer reads exactly as
    /// memory would — the strict grammar (the element splitter knows no
    /// comments, quotes other than `"`, or wrappers), no byte order mark,
    /// and a top-level array, or an object when no values are written
    /// (members written one by one could not be sorted, nor a repeated
    /// key's last value kept). gzip input is streamed automatically only
    /// for checking, which falls back to memory when the stream fails;
    /// writing streams only a file the streamer has checked whole, so an
    /// error is always memory's, and never streams gzip output.
    func streaming(
        _ flags: StreamFlags, options: JSON.ParseOptions, writesValues: Bool, gzipOutput: Bool = false,
        threshold: Int = Input.streamingThreshold
    ) -> Streaming? {
        if flags.stream { return .asked }
        guard !flags.noStream, !gzipOutput, path != "-",
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > threshold,
            !(options.json5 || options.allowComments || options.allowTrailingCommas || options.allowSingleQuotes
                || options.allowSets || options.jsonp || options.allowTrailingContent || options.allowUnicodeNewlines),
            let handle = FileHandle(forReadingAtPath: path), let head = try? handle.read(upToCount: 4_096)
        else { return nil }
        let bytes = [UInt8](head)
        switch InputSignature(bytes) {
        case .gzip: return writesValues ? nil : .automatic
        case .binary: return nil  // read whole, and decoded
        case .text: break
        }
        guard InputSignature.byteOrderMarkLength(of: bytes) == 0,
            let first = bytes.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) })
        else { return nil }
        guard first == UInt8(ascii: "[") || (first == UInt8(ascii: "{") && !writesValues) else { return nil }
        // Output cannot be taken back: a file that fails is read whole, for memory's error.
        return !writesValues || checksWhenStreamed(options) ? .automatic : nil
    }

    /// Whether the whole input passes the streamer's check (one fast pass).
    private func checksWhenStreamed(_ options: JSON.ParseOptions) -> Bool {
        guard let handle = try? handle() else { return false }
        var reader = JSON.StreamReader(fileHandle: handle, options: options, maxElementBytes: .max)
        do throws(JSON.StreamError) {
            try reader.validateRest()
            return true
        } catch {
            return false
        }
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
            let reason = errno == ENOENT ? "no such file" : errno == EACCES ? "permission denied" : systemErrorText(errno)
            printError("\(path): cannot read: \(reason)")
            throw .usageError
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Prints a line's error as `FILE:LINE:COLUMN: message` and, for a parse
    /// error, the excerpt and caret of every parse error (the line is the
    /// file's, the column and excerpt the line's own); past the first
    /// ``LineErrorCount/shown`` only counts it (a pretty-printed file read
    /// with `--lines` fails on nearly every line).
    func report(_ error: JSON.LineError) {
        lineErrors.count += 1
        guard lineErrors.count <= LineErrorCount.shown else { return }
        if let parseError = error.error as? JSON.ParseError {
            let excerpt = parseError.excerpt.isEmpty ? "" : "\n" + parseError.excerpt
            printError("\(name):\(error.line):\(parseError.column): \(parseError.message)\(excerpt)")
            hintAtBinary(parseError)
        } else {
            printError("\(name):\(error.line): \(error.error)")
        }
    }

    /// After the lines: how many errors were not shown, with a hint when
    /// the file looks like one value over several lines.
    func summarizeLineErrors() {
        guard lineErrors.count > LineErrorCount.shown else { return }
        printError(
            "\(name): \(lineErrors.count - LineErrorCount.shown) more invalid lines not shown (\(lineErrors.count) in all); "
                + "if the file is one JSON value over several lines, leave out --lines")
    }

    /// Prints a streaming error as `FILE:LINE: message`, or `FILE: message`
    /// for broken compressed bytes.
    func report(_ error: JSON.StreamError) {
        guard error.line > 0 else {
            printError("\(name): \(error.message)")
            return hintAtBinary(error.parseError)
        }
        printError("\(name):\(error.line): \(error.message) (offset \(error.offset))")
    }
}
