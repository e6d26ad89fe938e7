import ArgumentParser
import Peregrine

/// `peregrine format FILE`: pretty-prints JSON.
struct Format: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pretty-print a JSON file.",
        discussion: """
            Numbers are copied as written (1.50 stays 1.50, 1e2 stays 1e2); \
            --canonical-numbers writes each in its shortest form instead.

            Examples:
              peregrine format data.json
              peregrine format --indent 4 --sort-keys data.json -o pretty.json
              peregrine format --indent tab data.json
              peregrine format --json5 --non-finite literals config.json5
            """
    )

    @OptionGroup var layout: LayoutOptions

    @OptionGroup var numbers: NumberFlags

    @OptionGroup(title: "Parse options") var parsing: ParseFlags

    @Flag(help: "The file is JSON Lines: one value per line, written one per line.")
    var lines = false

    @OptionGroup var streamFlags: StreamFlags

    @OptionGroup var output: OutputOptions

    @Argument(help: "The file to format; - (or none, when piped) reads standard input.")
    var file: String?

    func validate() throws {
        try parsing.checkWritable(by: "format")
    }

    func run() throws {
        let input = try Input(file)
        // Pretty with two spaces unless `--indent` says otherwise; numbers as `--canonical-numbers` says.
        let base = numbers.options(layout.options(otherwise: .spaces(2)))
        let valid: Bool
        if lines {
            valid = try output.writeLines(of: input, parsing: parsing.options, base: base)
        } else if let streaming = input.streaming(streamFlags, options: parsing.options, writesValues: true, gzipOutput: output.gzip) {
            valid = try output.writeStream(of: input, parsing: parsing.options, maxElementBytes: streaming.maxElementBytes, base: base)
        } else {
            try output.write(try input.document(options: parsing.options), options: base, from: ValueOrigin(name: input.name))
            valid = true
        }
        if !valid { throw ExitCode.invalidInput }
    }
}
