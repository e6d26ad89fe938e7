import ArgumentParser
import Foundation
import Peregrine

/// `peregrine validate FILE…`: checks that each file is strict RFC 8259 JSON.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that each file is valid JSON.",
        discussion: """
            Prints 'FILE: ok' for each valid file on standard output, and \
            'FILE:LINE:COLUMN: message' with an excerpt for each invalid one on \
            standard error. A file in Peregrine's binary format is checked by \
            decoding it.

            Examples:
              peregrine validate data.json
              curl -s https://example.com/api | peregrine validate -
              peregrine validate --json5 config.json5
              peregrine validate --preset secure --duplicate-keys reject upload.json
              peregrine validate --lines events.ndjson
              peregrine validate --stream huge-array.json
            """
    )

    @OptionGroup(title: "Parse options") var parsing: ParseFlags

    @Flag(help: "Each file is JSON Lines: one value per line, checked on every core.")
    var lines = false

    @Option(help: "Threads for --lines (default: every active core).")
    var threads: Int?

    @OptionGroup var streamFlags: StreamFlags

    @Argument(help: "The files to check; - (or none, when piped) reads standard input.")
    var files: [String] = []

    func validate() throws {
        guard threads ?? 1 >= 1 else { throw ValidationError("--threads must be at least 1.") }
    }

    func run() throws {
        var status = ExitCode.success
        let inputs = files.isEmpty ? [try Input(nil)] : files.map(Input.init(path:))
        for input in inputs {
            do {
                let valid: Bool
                if lines {
                    valid = try validateLines(input)
                } else if let streaming = input.streaming(streamFlags, options: parsing.options, writesValues: false) {
                    valid = try validateStream(input, streaming)
                } else {
                    valid = try validateWhole(input)
                }
                if valid {
                    print("\(input.name): ok")
                } else if status == .success {
                    status = .invalidInput
                }
            } catch let exit as ExitCode where exit == .invalidInput {
                if status == .success { status = .invalidInput }
            } catch {
                status = .usageError
            }
        }
        if status != .success { throw status }
    }

    /// Reads the whole input (JSON text, or a binary file decoded); an
    /// invalid one is reported and is exit status 1.
    private func validateWhole(_ input: Input) throws -> Bool {
        _ = try input.document(options: parsing.options)
        return true
    }

    private func validateLines(_ input: Input) throws -> Bool {
        var valid = true
        var progress = ProgressBar(for: input)
        defer { progress.finish() }
        do {
            try JSON.validateLines(
                fileHandle: try input.handle(), options: parsing.options, concurrency: threads ?? ProcessInfo.processInfo.activeProcessorCount,
                progress: { progress.update($0) },
                onError: { error in
                    input.report(error)
                    valid = false
                })
        } catch let error as JSON.ParseError {
            printError("\(input.name): \(error.message) (offset \(error.offset))")
            input.hintAtBinary(error)
            return false
        }
        input.summarizeLineErrors()
        return valid
    }

    /// Checks the input element by element; a file streamed without being
    /// asked gets the answer of reading it whole when the stream fails.
    private func validateStream(_ input: Input, _ streaming: Streaming) throws -> Bool {
        var reader = JSON.StreamReader(fileHandle: try input.handle(), options: parsing.options, maxElementBytes: streaming.maxElementBytes)
        var progress = ProgressBar(for: input)
        defer { progress.finish() }
        do throws(JSON.StreamError) {
            try reader.validateRest { progress.update($0) }
            return true
        } catch {
            guard streaming == .asked else { return try validateWhole(input) }
            input.report(error)
            return false
        }
    }
}
