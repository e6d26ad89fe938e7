import ArgumentParser
import Peregrine

/// `peregrine minify FILE`: writes JSON without insignificant whitespace.
struct Minify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a JSON file compactly, without whitespace.",
        discussion: """
            Numbers are copied as written (1.50 stays 1.50, 1e2 stays 1e2); \
            --canonical-numbers writes each in its shortest form instead.

            Examples:
              peregrine minify data.json
              peregrine minify - -o small.json < data.json
            """
    )

    @OptionGroup var numbers: NumberFlags

    @OptionGroup(title: "Parse options") var parsing: ParseFlags

    @Flag(help: "The file is JSON Lines: one value per line, written one per line.")
    var lines = false

    @OptionGroup var streamFlags: StreamFlags

    @OptionGroup var output: OutputOptions

    @Argument(help: "The file to minify; - (or none, when piped) reads standard input.")
    var file: String?

    func validate() throws {
        try parsing.checkWritable(by: "minify")
    }

    func run() throws {
        let input = try Input(file)
        let valid: Bool
        if lines {
            valid = try output.writeLines(of: input, parsing: parsing.options, base: numbers.options([]))
        } else if let streaming = input.streaming(streamFlags, options: parsing.options, writesValues: true, gzipOutput: output.gzip) {
            valid = try output.writeStream(of: input, parsing: parsing.options, maxElementBytes: streaming.maxElementBytes, base: numbers.options([]))
        } else {
            try output.write(try input.document(options: parsing.options), options: numbers.options([]), from: ValueOrigin(name: input.name))
            valid = true
        }
        if !valid { throw ExitCode.invalidInput }
    }
}
