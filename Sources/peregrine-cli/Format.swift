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

    @Option(help: "Spaces per nesting level.")
    var indent = 2

    @OptionGroup var parsing: ParseFlags

    @OptionGroup var output: OutputOptions

    @Argument(help: "The file to format; - reads standard input.")
    var file: String

    func validate() throws {
        guard (0...16).contains(indent) else { throw ValidationError("--indent must be between 0 and 16.") }
    }

    func run() throws {
        let value = try Input(path: file).parse(options: parsing.options)
        try output.write(value, options: .init(prettyPrinted: true, indentWidth: indent))
    }
}
