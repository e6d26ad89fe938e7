import ArgumentParser
import Peregrine

/// `peregrine inspect FILE`: what a binary file holds.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Describe a file in Peregrine's binary format.",
        discussion: """
            Prints the header, the string table's size, values by kind, the nesting \
            depth, records by type and shared values.

            Example:
              peregrine inspect twitter.pgb
            """
    )

    @Argument(help: "The binary file; - (or none, when piped) reads standard input.")
    var file: String?

    func run() throws {
        let input = try Input(file)
        let contents = try input.contents(limit: .max)
        // A gzip-compressed file is described as the file it inflates to.
        let bytes = contents.isBinary ? try input.binaryBytes(of: contents, options: .init()) : contents.bytes
        let summary: Binary.Summary
        do throws(Binary.DecodingError) {
            summary = try Binary.Summary(of: bytes)
        } catch {
            printError("\(input.name): \(error)")
            throw ExitCode.invalidInput
        }
        var lines = [
            "format: Peregrine binary \(summary.version), \(summary.byteCount) bytes",
            "hints: \(summary.valueHint) values, \(summary.sharedHint) shared",
            "strings: \(summary.stringCount) (\(summary.stringBytes) bytes)",
            "depth: \(summary.depth)",
            "values: " + summary.valueCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "),
            "shared: \(summary.sharedCount) defined, \(summary.referenceCount) back-references",
        ]
        if !summary.recordTypes.isEmpty {
            lines.append("records: " + summary.recordTypes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        print(lines.joined(separator: "\n"))
    }
}
