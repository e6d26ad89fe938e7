import Foundation
import Testing
import TestSupport

/// Errors that say what went wrong, where, and what to do (issue 48), run
/// through the built `peregrine`.
extension CLITests {
    /// A JSON Lines error has the excerpt and caret of every parse error:
    /// the file's line, the column in that line, the line's text.
    @Test func linesErrorsShowTheExcerptAndCaret() async throws {
        try requireNullDevice()
        let lines = "{\"a\": 1}\n\n  {\"a\": [1, 2,, 3]}\n[1]\r\n{\"b\": tru}\n"
        // Each excerpt is indented by two spaces, then the line as it stands.
        let expected = """
            <stdin>:3:15: expected a value, found ','
                {"a": [1, 2,, 3]}
                            ^
            <stdin>:5:7: expected 'true'
              {"b": tru}
                    ^

            """
        for command in [["validate", "--lines"], ["minify", "--lines"], ["format", "--lines"], ["query", "--lines", "$.a"], ["convert", "--to", "binary", "--lines", "-o", "/dev/null"]] {
            let result = try await run(command + ["-"], stdin: lines)
            #expect(result.status == 1 && result.stderr == expected, "\(command): \(result.stderr)")
        }
        // The same for a file, checked on every core.
        let file = try TemporaryFile.write(lines, suffix: ".ndjson")
        defer { try? FileManager.default.removeItem(at: file) }
        let validate = try await run(["validate", "--lines", "--threads", "2", file.path])
        #expect(validate.status == 1 && validate.stderr == expected.replacingOccurrences(of: "<stdin>", with: file.path), "\(validate.stderr)")
    }

    /// A failure to write is one sentence with the reason, exit status 2:
    /// a full device given with -o or as standard output, a missing folder.
    @Test func writeFailuresSayWhyInASentence() async throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"), "/dev/full is missing on this machine")
        let full = try await run(["minify", "-", "-o", "/dev/full"], stdin: "[1]")
        #expect(full.status == 2 && full.stderr == "peregrine: cannot write /dev/full: no space left on device\n", "\(full.stderr)")
        for command in [["minify", "-"], ["format", "-"], ["query", "$[0]", "-"], ["validate", "-"]] {
            let result = try await run(command, stdin: "[1]", stdoutPath: "/dev/full")
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr == "peregrine: cannot write to standard output: no space left on device\n", "\(command): \(result.stderr)")
        }
        let missing = TemporaryFile.url(suffix: "").appendingPathComponent("out.json").path
        let folder = try await run(["minify", "-", "-o", missing], stdin: "[1]")
        #expect(folder.status == 2 && folder.stderr == "peregrine: cannot write \(missing): no such file or directory\n", "\(folder.stderr)")
    }

    /// A failed `test` shows the value found, cut as excerpts are.
    @Test func aFailedPatchTestShowsTheValueFound() async throws {
        let folder = try TemporaryFile.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("doc.json")
        try Data(#"{"name": "a name far longer than the forty scalars an excerpt shows", "n": 1}"#.utf8).write(to: document)
        let patch = folder.appendingPathComponent("patch.json")
        try Data(#"[{"op": "test", "path": "/name", "value": "short"}]"#.utf8).write(to: patch)
        let differs = try await run(["patch", patch.path, document.path])
        #expect(differs.status == 1 && differs.stdout.isEmpty)
        #expect(differs.stderr == #"\#(patch.path): operation 0: test at "/name": found "a name far longer than the forty scalars…", not "short""# + "\n", "\(differs.stderr)")
        try Data(#"[{"op": "test", "path": "/n", "value": "1"}]"#.utf8).write(to: patch)
        let kind = try await run(["patch", patch.path, document.path])
        #expect(kind.stderr == #"\#(patch.path): operation 0: test at "/n": found 1 (a number), not a string"# + "\n", "\(kind.stderr)")
    }

    /// A NaN or an infinity read as JSON5 that JSON cannot hold: the file,
    /// where it is in the document, and the option that writes it.
    @Test func nonFiniteNumbersNameTheFileThePathAndTheOption() async throws {
        let file = try TemporaryFile.write(#"{"a": [1, 2, Infinity], "b": {"c": NaN}}"#, suffix: ".json5")
        defer { try? FileManager.default.removeItem(at: file) }
        let option = " (--non-finite literals writes JSON5's NaN and Infinity)\n"
        // An empty merge patch leaves the file as it is.
        let empty = try TemporaryFile.write("{}")
        defer { try? FileManager.default.removeItem(at: empty) }
        for command in [["format"], ["minify"], ["format", "--sort-keys"], ["merge-patch", empty.path], ["convert", "--to", "json"], ["query", "$.a"]] {
            let result = try await run(command + ["--json5", file.path])
            #expect(result.status == 1 && result.stderr == "\(file.path): $.a[2]: Infinity cannot be written as JSON" + option, "\(command): \(result.stderr)")
        }
        let pointer = try await run(["query", "--json5", "--pointer", "/b", file.path])
        #expect(pointer.stderr == "\(file.path): $.b.c: NaN cannot be written as JSON" + option, "\(pointer.stderr)")
        let lines = try await run(["minify", "--lines", "--json5", "-"], stdin: "1\n{\"x\": [-Infinity]}\n")
        #expect(lines.status == 1 && lines.stderr == "<stdin>:2: $.x[0]: -Infinity cannot be written as JSON" + option, "\(lines.stderr)")
        let stream = try await run(["minify", "--stream", "--json5", "-"], stdin: "[1, {\"x\": NaN}]")
        #expect(stream.status == 1 && stream.stderr == "<stdin>: $[1].x: NaN cannot be written as JSON" + option, "\(stream.stderr)")
        let literals = try await run(["minify", "--json5", "--non-finite", "literals", file.path])
        #expect(literals.status == 0 && literals.stdout == #"{"a":[1,2,Infinity],"b":{"c":NaN}}"# + "\n")
    }

    /// Every command's help, 80 columns wide: each example stays on one
    /// line, indented as written (a command wrapped mid-way would continue
    /// on an unindented line), and no line is wider than the screen.
    @Test func helpExamplesAreWholeCommandsAt80Columns() async throws {
        let root = try await run(["--help"], environment: ["COLUMNS": "80"])
        let commands = root.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("SUBCOMMANDS:") }.dropFirst()
            .prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }  // not a wrapped abstract's continuation
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 10, "\(root.stdout)")
        var examples = 0
        for command in [[]] + commands.map({ [$0] }) {
            let help = try await run(command + ["--help"], environment: ["COLUMNS": "80"])
            #expect(help.status == 0, "\(command)")
            let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            for line in lines { #expect(line.count <= 80, "\(command): \(line)") }
            var inExamples = false
            for line in lines {
                if line == "Examples:" || line == "Example:" {
                    inExamples = true
                } else if line.isEmpty {
                    inExamples = false
                } else if inExamples {
                    examples += 1
                    #expect(line.hasPrefix("  ") && !line.hasPrefix("   ") && line.contains("peregrine "), "\(command): a broken example line: \(line)")
                }
            }
        }
        #expect(examples >= 30)
    }
}
