import ArgumentParser
import Foundation

/// The `peregrine` command: validate, format, minify, query, patch and convert JSON.
///
/// Exit status: 0 success, 1 invalid JSON input (or a patch that does not
/// apply), 2 usage error (bad arguments, or a file that cannot be read or
/// written). `diff` follows diff(1): 1 when the files differ, 2 for any trouble.
@main
struct PeregrineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peregrine",
        abstract: "Validate, format, minify, query, patch and convert JSON (strict RFC 8259).",
        discussion: """
            Exit status: 0 on success, 1 when an input is not valid JSON or a patch does \
            not apply, 2 for a usage error or a file that cannot be read or written \
            (diff: 1 when the files differ, 2 for any trouble).
            Use - as FILE to read standard input.
            """,
        version: "unreleased (the main branch; see CHANGELOG.md)",
        subcommands: [
            Validate.self, Format.self, Minify.self, Query.self, ApplyPatch.self, MergePatch.self, Diff.self, Convert.self, Inspect.self,
            Stats.self,
        ]
    )

    /// Runs the command, mapping every usage problem to exit status 2
    /// (swift-argument-parser's default is 64).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
            try OutputSink.flushStandardOutput()
        } catch let code as ExitCode {
            exit(withError: code)
        } catch {
            if exitCode(for: error) == .success {
                exit(withError: error)
            }
            printError(fullMessage(for: error))
            if let name = CommandLine.arguments.dropFirst().first, let command = closestCommand(to: name) {
                printError("Did you mean '\(command)'?")
            }
            exit(withError: ExitCode.usageError)
        }
    }

    /// The subcommand `name` is probably a misspelling of: one at most two
    /// edits away, when `name` is none itself (nor an option).
    static func closestCommand(to name: String) -> String? {
        let names = configuration.subcommands.map { $0._commandName } + ["help"]
        guard !name.hasPrefix("-"), !names.contains(name), name.count <= 32 else { return nil }
        return names.map { ($0, editDistance(Array(name), Array($0))) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

extension ExitCode {
    /// An input was not valid JSON.
    static let invalidInput = ExitCode(1)
    /// The command line was wrong, or a named file could not be read or written.
    static let usageError = ExitCode(2)
}
