import ArgumentParser
import Foundation
import Peregrine

/// How and where `format` and `minify` write: key order, escaping, and
/// standard output or the file given with `-o`.
struct OutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

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

    /// Serializes `value` followed by a newline and writes it out; a failure
    /// to write is exit status 2, a value that cannot be written exit status 1.
    func write(_ value: JSON, options: JSON.SerializationOptions) throws(ExitCode) {
        var options = options
        options.sortedKeys = sortKeys
        options.escapeUnicode = escapeUnicode
        options.escapeSlashes = escapeSlashes
        options.nonConformingFloats = nonFinite == .literals ? .json5Literals : .throw
        var bytes: [UInt8]
        do {
            bytes = try value.serialized(options: options)
        } catch {
            printError("cannot write the value: \(error)")
            throw .invalidInput
        }
        bytes.append(UInt8(ascii: "\n"))
        guard let output else {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        guard FileManager.default.createFile(atPath: output, contents: Data(bytes)) else {
            printError("\(output): cannot write the file")
            throw .usageError
        }
    }
}
