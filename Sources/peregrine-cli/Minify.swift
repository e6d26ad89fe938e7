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

    @OptionGroup var parsing: ParseFlags

    @OptionGroup var output: OutputOptions

    @Argument(help: "The file to minify; - reads standard input.")
    var file: String

    func run() throws {
        let value = try Input(path: file).parse(options: parsing.options)
        try output.write(value, options: [])
    }
}
