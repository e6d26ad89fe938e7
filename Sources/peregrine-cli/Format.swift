import ArgumentParser
import Peregrine

/// `peregrine format FILE`: pretty-prints JSON.
struct Format: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pretty-print a JSON file.",
        discussion: """
            Examples:
              peregrine format data.json
              peregrine format --indent 4 --sort-keys data.json -o pretty.json
              peregrine format --json5 --non-finite literals config.json5
            """
    )

    // Unconditional, so that `--indent -1` is a value to refuse, not a missing one.
    @Option(parsing: .unconditional, help: "Spaces per nesting level; 0 writes compactly.")
    var indent = 2

    @OptionGroup(title: "Parse options") var parsing: ParseFlags

    @Flag(help: "The file is JSON Lines: one value per line, written one per line.")
    var lines = false

    @OptionGroup var streamFlags: StreamFlags

    @OptionGroup var output: OutputOptions

    @Argument(help: "The file to format; - (or none, when piped) reads standard input.")
    var file: String?

    func validate() throws {
        try parsing.checkWritable(by: "format")
        guard (0...16).contains(indent) else { throw ValidationError("--indent must be between 0 and 16.") }
    }

    /// Pretty with `--indent` spaces, or compact for `--indent 0`.
    private var layout: JSON.SerializationOptions { indent == 0 ? [] : .init(prettyPrinted: true, indentWidth: indent) }

    func run() throws {
        let input = try Input(file)
        let valid: Bool
        if lines {
            valid = try output.writeLines(of: input, parsing: parsing.options, base: layout)
        } else if let streaming = input.streaming(streamFlags, options: parsing.options, writesValues: true, gzipOutput: output.gzip) {
            valid = try output.writeStream(of: input, parsing: parsing.options, maxElementBytes: streaming.maxElementBytes, base: layout)
        } else {
            try output.write(try input.document(options: parsing.options), options: layout)
            valid = true
        }
        if !valid { throw ExitCode.invalidInput }
    }
}
