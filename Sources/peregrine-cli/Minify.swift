import ArgumentParser
import Peregrine

/// `peregrine minify FILE`: writes JSON without insignificant whitespace.
struct Minify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a JSON file compactly, without whitespace.",
        discussion: """
            Examples:
              peregrine minify data.json
              peregrine minify - -o small.json < data.json
            """
    )

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
            valid = try output.writeLines(of: input, parsing: parsing.options, base: [])
        } else if let streaming = input.streaming(streamFlags, options: parsing.options, writesValues: true, gzipOutput: output.gzip) {
            valid = try output.writeStream(of: input, parsing: parsing.options, maxElementBytes: streaming.maxElementBytes, base: [])
        } else {
            try output.write(try input.document(options: parsing.options), options: [], from: ValueOrigin(name: input.name))
            valid = true
        }
        if !valid { throw ExitCode.invalidInput }
    }
}
