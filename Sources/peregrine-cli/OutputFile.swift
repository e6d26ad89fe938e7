import ArgumentParser

/// Where a command writes — standard output, or the file `-o` names — and
/// whether it compresses what it writes as gzip: with `--gzip`, or when the
/// `-o` file's name ends in `.gz`. Binary and gzip output is refused on a
/// terminal unless `--force` (``TerminalGuard``).
struct OutputFile: ParsableArguments {
    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Flag(help: "Compress the output as gzip (also done when the -o file's name ends in .gz).")
    var gzip = false

    @Flag(help: "Write binary or gzip output even to a terminal.")
    var force = false

    /// Whether the output is compressed as gzip.
    var compresses: Bool { gzip || output?.hasSuffix(".gz") == true }

    func validate() throws {
        if compresses { try TerminalGuard.check(writing: "gzip", to: output, forced: force) }
    }
}
