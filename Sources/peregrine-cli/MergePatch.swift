import ArgumentParser
import Peregrine

/// `peregrine merge-patch PATCH FILE`: applies an RFC 7396 JSON Merge Patch.
struct MergePatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-patch",
        abstract: "Apply a JSON Merge Patch (RFC 7396) to a JSON file and print the result.",
        discussion: """
            PATCH is JSON: an object changes the members it names (null removes one, an \
            object merges into one, anything else replaces it); any other value replaces \
            the whole file.

            The result keeps the layout of FILE: indented as its first indented line is \
            (spaces or a tab), or on one line when FILE is; --indent sets it.

            Examples:
              peregrine merge-patch changes.json config.json
              peregrine merge-patch changes.json config.json -o config.json
              peregrine merge-patch --indent 4 changes.json config.json
              echo '{"debug": null}' | peregrine merge-patch - config.json
              curl -s https://example.com/settings | peregrine merge-patch overrides.json
            """
    )

    @OptionGroup(title: "Parse options") var parsing: ParseFlags

    @OptionGroup var layout: LayoutOptions

    @OptionGroup var output: OutputOptions

    @Argument(help: "The merge patch file; - reads standard input.")
    var patch: String

    @Argument(help: "The file to patch; - (or none, when piped) reads standard input.")
    var file: String?

    func validate() throws {
        try parsing.checkWritable(by: "merge-patch")
    }

    func run() throws {
        let (patchInput, input) = try Input.pair(patch, file)
        let patch = try patchInput.parse(options: parsing.options)
        var (value, indent) = try input.parseWithLayout(options: parsing.options)
        value.merge(patch: patch)
        try output.write(value, options: layout.options(otherwise: indent), from: ValueOrigin(name: input.name))
    }
}
