import ArgumentParser
import Peregrine

/// `peregrine diff A B`: prints the RFC 6902 JSON Patch from A to B.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Patch (RFC 6902) that turns one JSON file into another.",
        discussion: """
            Member order is not a difference, and 1 and 1.0 are different numbers. As with \
            diff(1), the exit status is 0 when the files are equal (the patch is []), 1 \
            when they differ, and 2 for any trouble, an input that is not valid JSON included.

            The patch is laid out as the first file is: indented as its first indented line \
            is (spaces or a tab), or on one line when the file is; --indent sets it.

            Examples:
              peregrine diff old.json new.json
              peregrine diff old.json new.json -o changes.json
              peregrine diff --indent 2 old.json new.json
              peregrine diff old.json new.json | peregrine format
              if peregrine diff -o /dev/null a.json b.json; then echo same; fi
            """
    )

    @OptionGroup(title: "Parse options") var parsing: ParseFlags

    @OptionGroup var layout: LayoutOptions

    @OptionGroup var output: OutputOptions

    @Argument(help: "The file to start from; - reads standard input.")
    var source: String

    @Argument(help: "The file to arrive at; - (or none, when piped) reads standard input.")
    var target: String?

    func validate() throws {
        try parsing.checkWritable(by: "diff")
    }

    func run() throws {
        let patch: JSON.Patch
        do {
            let (sourceInput, targetInput) = try Input.pair(source, target)
            let (sourceValue, indent) = try sourceInput.parseWithLayout(options: parsing.options)
            patch = JSON.Patch(from: sourceValue, to: try targetInput.parse(options: parsing.options))
            try output.write(patch.json, options: layout.options(otherwise: indent), from: ValueOrigin(name: "the patch"))
        } catch {
            // Status 1 says the files differ, so every failure is 2.
            throw ExitCode.usageError
        }
        if !patch.operations.isEmpty { throw ExitCode(1) }
    }
}
