import ArgumentParser
import Peregrine

/// `peregrine patch PATCH FILE`: applies an RFC 6902 JSON Patch.
struct ApplyPatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "patch",
        abstract: "Apply a JSON Patch (RFC 6902) to a JSON file and print the result.",
        discussion: """
            PATCH is a JSON array of operations (add, remove, replace, move, copy, test), \
            applied in order and all or nothing: when one fails, nothing is written, the \
            message names the operation's index and pointer, and the exit status is 1.

            The result keeps the layout of FILE: indented as its first indented line is \
            (spaces or a tab), or on one line when FILE is; --indent sets it.

            Examples:
              peregrine patch changes.json config.json
              peregrine patch changes.json config.json -o config.json
              peregrine diff old.json new.json > changes.json
              peregrine patch changes.json old.json
              echo '[{"op": "remove", "path": "/debug"}]' | peregrine patch - config.json
              peregrine patch --indent 0 changes.json config.json
            """
    )

    @OptionGroup(title: "Parse options") var parsing: ParseFlags

    @Option(help: "The most bytes of JSON text the patch's copy operations may duplicate (and its moves to deeper locations measure), all together.")
    var maxCopiedBytes = JSON.Patch.Limits().maxCopiedBytes

    @OptionGroup var layout: LayoutOptions

    @OptionGroup var output: OutputOptions

    @Argument(help: "The patch: a JSON array of operations; - reads standard input.")
    var patch: String

    @Argument(help: "The file to patch; - (or none, when piped) reads standard input.")
    var file: String?

    func validate() throws {
        try parsing.checkWritable(by: "patch")
    }

    func run() throws {
        let (patchInput, input) = try Input.pair(patch, file)
        let patchValue = try patchInput.parse(options: parsing.options)
        let operations: JSON.Patch
        do throws(JSON.Patch.Error) {
            operations = try JSON.Patch(patchValue)
        } catch {
            printError("\(patchInput.name): \(error)")
            throw ExitCode.invalidInput
        }
        var (value, indent) = try input.parseWithLayout(options: parsing.options)
        do throws(JSON.Patch.Error) {
            try value.apply(operations, limits: .init(maxCopiedBytes: maxCopiedBytes))
        } catch {
            printError("\(patchInput.name): \(error)" + (error.kind == .tooLarge ? "; --max-copied-bytes raises the limit" : ""))
            throw ExitCode.invalidInput
        }
        try output.write(value, options: layout.options(otherwise: indent), from: ValueOrigin(name: input.name))
    }
}
