import ArgumentParser
import Foundation
import Peregrine

/// How and where the commands that write JSON write it: key order,
/// escaping, and standard output or the file given with `-o` (gzip or not).
struct OutputOptions: ParsableArguments {
    @OptionGroup var file: OutputFile

    /// The file `-o` names; `nil` for standard output.
    var output: String? { file.output }

    /// Whether the output is compressed as gzip (``OutputFile/compresses``).
    var gzip: Bool { file.compresses }

    @Flag(help: "Order object members by their keys.")
    var sortKeys = false

    @Flag(help: "Write every non-ASCII character as a \\uXXXX escape.")
    var escapeUnicode = false

    @Flag(help: "Write '/' as '\\/'.")
    var escapeSlashes = false

    enum NonFinite: String, ExpressibleByArgument, CaseIterable {
        case `throw`, literals
    }

    @Option(help: "NaN and infinities (from JSON5): throw (an error) or literals (NaN, Infinity).")
    var nonFinite: NonFinite = .throw

    @Option(help: "Colour the output: auto (on a terminal), always or never.")
    var color: ColorChoice = .auto

    /// The serialization options these flags give, on top of `base`.
    func options(_ base: JSON.SerializationOptions) -> JSON.SerializationOptions {
        var options = base
        options.sortedKeys = sortKeys
        options.escapeUnicode = escapeUnicode
        options.escapeSlashes = escapeSlashes
        options.nonConformingFloats = nonFinite == .literals ? .json5Literals : .throw
        // Whatever a value read from input holds can be written.
        options.maxDepth = JSON.maxValueDepth
        return options
    }

    /// Serializes `value` followed by a newline (or, with `--gzip`, compressed)
    /// and writes it out; a failure to write is exit status 2, a value that
    /// cannot be written exit status 1 (reported as in `origin`).
    func write(_ value: some WritableJSON, options base: JSON.SerializationOptions, from origin: ValueOrigin) throws(ExitCode) {
        let sink = try OutputSink(path: output)
        try write(value, base, from: origin, to: sink)
        if !gzip { try sink.write([UInt8(ascii: "\n")]) }
        try sink.finish()
    }

    /// Writes `value`'s text to `sink` as it is produced, so output of any
    /// size needs one piece of memory. Colours need the whole text, so a
    /// coloured value is written at once.
    func write(
        _ value: some WritableJSON, _ base: JSON.SerializationOptions, from origin: ValueOrigin, to sink: OutputSink
    ) throws(ExitCode) {
        var options = options(base)
        options.gzip = gzip
        let colored = !gzip && color.enabled(writingTo: output)
        do {
            if colored {
                try sink.write(Colorizer.colored(try value.text(options: options)))
            } else {
                try value.serialize(options: options) { piece in try sink.write(piece) }
            }
        } catch let exit as ExitCode {
            throw exit
        } catch let error as JSON.SerializationError {
            printError(origin.message(for: error))
            throw .invalidInput
        } catch {
            printError("\(origin.name): cannot write the value: \(error)")
            throw .invalidInput
        }
    }

    /// Where streamed output goes, piece by piece.
    func sink() throws(ExitCode) -> OutputSink {
        guard !gzip else {
            printError("gzip output (--gzip, or an -o file ending in .gz) cannot be used with streamed output (--lines, --stream or a file streamed for its size)")
            throw .usageError
        }
        return try OutputSink(path: output)
    }
}
