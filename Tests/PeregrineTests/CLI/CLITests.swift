import Foundation
@testable import PeregrineCore
@testable import PeregrineQuery
import Testing
import TestSupport

/// End-to-end tests of the `peregrine` executable: output, stderr and exit status.
@Suite struct CLITests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `peregrine` binary built next to the test bundle.
    static let executable = builtExecutable(named: "peregrine")

    static let sample = TestData.sample

    /// Runs the tool and waits for it on a thread of its own, so that a test
    /// waiting for a process never holds one of the test pool's threads.
    /// With `stdoutPath`, standard output goes to that file (`/dev/full`)
    /// and `stdout` comes back empty.
    func run(
        _ arguments: [String], stdin: String? = nil, executable: URL? = nil, environment: [String: String] = [:],
        stdoutPath: String? = nil
    ) async throws -> Run {
        let executable = try #require(executable ?? Self.executable, "the peregrine executable was not built")
        return try await onOwnThread {
            try Self.runWaiting(executable, arguments, stdin: stdin, environment: environment, stdoutPath: stdoutPath)
        }
    }

    private static func runWaiting(
        _ executable: URL, _ arguments: [String], stdin: String?, environment: [String: String], stdoutPath: String?
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        let errors = Pipe()
        let input = Pipe()
        if let stdoutPath {
            process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
            try output.fileHandleForWriting.close()
        } else {
            process.standardOutput = output
        }
        process.standardError = errors
        process.standardInput = input
        // A command may exit before reading its input (a usage error): the
        // write then fails with EPIPE, which must not kill the tests.
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        try? input.fileHandleForWriting.write(contentsOf: Data((stdin ?? "").utf8))
        try? input.fileHandleForWriting.close()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func validateReportsOkAndErrors() async throws {
        let good = try TemporaryFile.write(#"{"a": [1, 2]}"#)
        let bad = try TemporaryFile.write("{\"a\": [1, 2],\n \"b\": tru}")
        defer { try? FileManager.default.removeItem(at: good); try? FileManager.default.removeItem(at: bad) }

        let ok = try await run(["validate", good.path])
        #expect(ok.status == 0)
        #expect(ok.stdout == "\(good.path): ok\n")
        #expect(ok.stderr.isEmpty)

        let invalid = try await run(["validate", good.path, bad.path])
        #expect(invalid.status == 1)
        #expect(invalid.stdout == "\(good.path): ok\n")
        #expect(invalid.stderr.hasPrefix("\(bad.path):2:7: expected 'true'\n"))
    }

    @Test func validateReadsStandardInput() async throws {
        let result = try await run(["validate", "-"], stdin: "[1, 2,]")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("<stdin>:1:6: a comma must be followed by another element"))
        #expect(try await run(["validate", "-"], stdin: "[]").stdout == "<stdin>: ok\n")
    }

    @Test func formatPrettyPrintsTheSample() async throws {
        let result = try await run(["format", Self.sample.path])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{\n  \"observatory\": \"Ridge Point\",\n"))
        #expect(result.stdout.hasSuffix("  \"verified\": true\n}\n"))
    }

    @Test func formatOptions() async throws {
        let input = #"{"b": "é/", "a": [1]}"#
        let result = try await run(["format", "--indent", "4", "--sort-keys", "--escape-unicode", "--escape-slashes", "-"], stdin: input)
        #expect(result.status == 0)
        #expect(result.stdout == "{\n    \"a\": [\n        1\n    ],\n    \"b\": \"\\u00e9\\/\"\n}\n")
    }

    @Test func minifyWritesToAFile() async throws {
        let output = TemporaryFile.url()
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try await run(["minify", "-", "-o", output.path], stdin: "{ \"a\" : [ 1 , 2.50 ] }\n")
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(try String(contentsOf: output, encoding: .utf8) == "{\"a\":[1,2.50]}\n")
    }

    /// `-o -` is standard output, as `-` is standard input (it crashed:
    /// Foundation's path code traps on a one-character path).
    @Test func outputToADashIsStandardOutput() async throws {
        let result = try await run(["minify", "-", "-o", "-"], stdin: "[ 1 ]\n")
        #expect(result.status == 0)
        #expect(result.stdout == "[1]\n")
    }

    /// Stops a test that writes to or reads `/dev/null` when the machine's
    /// `/dev/null` is no longer the null device: a regular file there is
    /// replaced by `-o /dev/null` like any other, and its content would then
    /// fail the test for a reason that is not ours.
    func requireNullDevice() throws {
        var status = stat()
        try #require(
            stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR,
            "/dev/null is not the null device here (something replaced it); restore it: rm /dev/null && mknod -m 666 /dev/null c 1 3")
    }

    @Test func outputThroughASymbolicLinkKeepsTheLink() async throws {
        let folder = try TemporaryFile.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.json")
        let link = folder.appendingPathComponent("link.json")
        try Data("old\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        for command in [["minify"], ["convert", "--to", "json"]] {
            let result = try await run(command + ["-", "-o", link.path], stdin: "[1, 2]")
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
            #expect(try String(contentsOf: target, encoding: .utf8) == "[1,2]\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link.json", "target.json"])
    }

    @Test func outputToOurOwnDescriptorOrADanglingLinkLosesNothing() async throws {
        let folder = try TemporaryFile.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let executable = try #require(Self.executable)
        // `-o /dev/stdout` when the shell sends standard output to a file: written at its offset, not replaced.
        let out = folder.appendingPathComponent("out.txt")
        let script = "( echo before; echo '[ 1 ]' | \(executable.path) minify -o /dev/stdout; echo after ) > \(out.path)"
        #expect(try await run(["-c", script], executable: URL(fileURLWithPath: "/bin/sh")).status == 0)
        #expect(try String(contentsOf: out, encoding: .utf8) == "before\n[1]\nafter\n")
        // A link to a file not made yet: the file is made, the link stays.
        let link = folder.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "new.json")
        #expect(try await run(["minify", "-", "-o", link.path], stdin: "[ 2 ]").status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "new.json")
        #expect(try String(contentsOf: folder.appendingPathComponent("new.json"), encoding: .utf8) == "[2]\n")
        // validate reads piped input without a FILE, as every command does.
        #expect(try await run(["validate"], stdin: "[3]").stdout == "<stdin>: ok\n")
    }

    @Test func outputToAFIFOReachesItsReader() async throws {
        try requireNullDevice()
        let folder = try TemporaryFile.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let received = Received()
        let reader = Thread {
            // Opening blocks until the command opens the other end.
            let handle = FileHandle(forReadingAtPath: fifo.path)
            received.set(handle?.readDataToEndOfFile() ?? Data())
        }
        reader.start()
        let result = try await run(["minify", "-", "-o", fifo.path], stdin: #"{"a": [true]}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: received.wait(), as: UTF8.self) == #"{"a":[true]}"# + "\n")
        var status = stat()
        #expect(stat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(try await run(["minify", "-", "-o", "/dev/null"], stdin: "[1]").status == 0)
    }

    /// Bytes handed over by another thread.
    final class Received: @unchecked Sendable {
        private let ready = DispatchSemaphore(value: 0)
        private var data = Data()
        func set(_ data: Data) { self.data = data; ready.signal() }
        /// The bytes, or nothing if none came within 30 seconds (the FIFO was replaced).
        func wait() -> Data { ready.wait(timeout: .now() + 30) == .success ? data : Data() }
    }

    @Test func replacingARegularFileKeepsItsModeAndAFailureKeepsItsContent() async throws {
        let folder = try TemporaryFile.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("out.json")
        try Data("old\n".utf8).write(to: file)
        #expect(chmod(file.path, 0o640) == 0)
        #expect(try await run(["minify", "-", "-o", file.path], stdin: "[ 1 ]").status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == "[1]\n")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        // A streamed run that fails half way leaves the file as it was, and no temporary file.
        let failed = try await run(["minify", "--stream", "-", "-o", file.path], stdin: "[1, 2, oops]")
        #expect(failed.status == 1)
        #expect(try String(contentsOf: file, encoding: .utf8) == "[1]\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.json"])
    }

    @Test func inputWithoutAFileIsStandardInputAndAnyReadableFileReads() async throws {
        try requireNullDevice()
        #expect(try await run(["minify"], stdin: "[ 1 ]").stdout == "[1]\n")
        #expect(try await run(["query", "$[0]"], stdin: "[7]").stdout == "[7]\n")
        #expect(try await run(["minify", "/dev/stdin"], stdin: "[ 2 ]").stdout == "[2]\n")
        let empty = try await run(["minify", "/dev/null"])
        #expect(empty.stderr.hasPrefix("/dev/null:1:1:"), "status \(empty.status), stdout \(empty.stdout.debugDescription), stderr \(empty.stderr.debugDescription)")
        let folder = try TemporaryFile.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("in")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let writer = Thread {
            // Opening blocks until the command opens the other end.
            let handle = FileHandle(forWritingAtPath: fifo.path)
            handle?.write(Data("[ 3 ]".utf8))
            try? handle?.close()
        }
        writer.start()
        #expect(try await run(["minify", fifo.path]).stdout == "[3]\n")
    }

    @Test func anUnreadableFileSaysWhy() async throws {
        let folder = try TemporaryFile.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try await run(["minify", folder.appendingPathComponent("nope.json").path])
        #expect(missing.status == 2 && missing.stderr == "\(folder.path)/nope.json: cannot read: no such file\n")
        let directory = try await run(["format", folder.path])
        #expect(directory.status == 2 && directory.stderr == "\(folder.path): cannot read: is a directory\n")
        let streamed = try await run(["validate", "--stream", folder.appendingPathComponent("nope.json").path])
        #expect(streamed.status == 2 && streamed.stderr.hasSuffix("cannot read: no such file\n"))
    }

    @Test func streamingKeepsTheSecurityOptions() async throws {
        let object = "{\"amount\": 1, \"amount\": 1000}"
        let rejected = try await run(["validate", "--stream", "--duplicate-keys", "reject", "-"], stdin: object)
        #expect(rejected.status == 1 && rejected.stderr.hasPrefix(#"<stdin>:1: duplicate key "amount", first on line 1"#), "\(rejected.stderr)")
        let secure = try await run(["validate", "--stream", "--preset", "secure", "-"], stdin: object)
        #expect(secure.status == 1 && secure.stderr.contains("duplicate key"))
        #expect(try await run(["minify", "--stream", "--duplicate-keys", "first-wins", "-"], stdin: object).stdout == "{\"amount\":1}\n")
        let lastWins = try await run(["minify", "--stream", "-"], stdin: object)
        #expect(lastWins.status == 1 && lastWins.stderr.contains("cannot be streamed"))
        let members = try await run(["validate", "--stream", "--max-object-members", "1", "-"], stdin: object)
        #expect(members.status == 1 && members.stderr.contains("more than 1 members"))
    }

    @Test func readingStopsPastMaxInputBytes() async throws {
        let folder = try TemporaryFile.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.json")
        try Data(("[" + String(repeating: " ", count: 20 << 20) + "]").utf8).write(to: file)
        for command in [["validate"], ["minify"], ["query", "$"], ["stats"]] {
            let result = try await run(command + ["--preset", "secure", file.path])
            #expect(result.status == 1 && result.stderr == "\(file.path): the input is longer than 16777216 bytes (maxInputBytes)\n", "\(command): \(result.stderr)")
        }
    }

    /// The size above which these tests' tool streams a file without being
    /// asked (`PEREGRINE_STREAM_THRESHOLD`), so that a "large" file is 1 MiB.
    static let smallThreshold = ["PEREGRINE_STREAM_THRESHOLD": String(1 << 20)]

    /// Writes `head`, `fill` repeated past 1 MiB (``smallThreshold``), then `tail`.
    func largeFile(in folder: URL, _ name: String, head: String, fill: String, tail: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        let body = String(repeating: fill, count: (1 << 20) / fill.utf8.count + 1_024)
        try Data((head + body + tail).utf8).write(to: url)
        return url
    }

    @Test func automaticStreamingNeverChangesTheAnswer() async throws {
        let folder = try TemporaryFile.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // One element longer than the whole threshold: streamed, with no element limit.
        let large = try largeFile(in: folder, "large.json", head: #"{"all": ["#, fill: "1,", tail: "1]}")
        #expect(try await run(["validate", large.path], environment: Self.smallThreshold).stdout == "\(large.path): ok\n")
        try FileManager.default.removeItem(at: large)
        // A byte order mark, then an array.
        let bom = try largeFile(in: folder, "bom.json", head: "\u{FEFF}[", fill: " ", tail: "1, 2]")
        #expect(try await run(["validate", bom.path], environment: Self.smallThreshold).stdout == "\(bom.path): ok\n")
        #expect(try await run(["minify", bom.path], environment: Self.smallThreshold).stdout == "[1,2]\n")
        try FileManager.default.removeItem(at: bom)
        // A top-level scalar after a threshold of spaces.
        let scalar = try largeFile(in: folder, "scalar.json", head: "", fill: " ", tail: "1")
        #expect(try await run(["validate", scalar.path], environment: Self.smallThreshold).stdout == "\(scalar.path): ok\n")
        #expect(try await run(["minify", scalar.path], environment: Self.smallThreshold).stdout == "1\n")
        try FileManager.default.removeItem(at: scalar)
        // A repeated top-level key: the security options hold, streamed or not.
        let repeated = try largeFile(in: folder, "repeated.json", head: #"{"amount": 1,"#, fill: " ", tail: #""amount": 1000000}"#)
        let rejected = try await run(["validate", "--duplicate-keys", "reject", repeated.path], environment: Self.smallThreshold)
        #expect(rejected.status == 1 && rejected.stderr.contains(#"duplicate key "amount""#), "\(rejected.stderr)")
        let secure = try await run(["validate", "--preset", "secure", repeated.path], environment: Self.smallThreshold)
        #expect(secure.status == 1 && secure.stderr.contains(#"duplicate key "amount""#), "\(secure.stderr)")
        #expect(try await run(["validate", "--no-stream", repeated.path], environment: Self.smallThreshold).stdout == "\(repeated.path): ok\n")
    }

    @Test func queryHasJqsRawOutputEachAndExitStatus() async throws {
        let text = #"{"users": [{"name": "Ann\tLee", "id": 1}, {"name": "Bo", "id": 2}]}"#
        #expect(try await run(["query", "-r", "$.users[*].name", "-"], stdin: text).stdout == "Ann\tLee\nBo\n")
        #expect(try await run(["query", "--raw-output", "$.users[*].id", "-"], stdin: text).stdout == "1\n2\n")
        #expect(try await run(["query", "--each", "$.users[*]", "-"], stdin: text).stdout == #"{"name":"Ann\tLee","id":1}"# + "\n" + #"{"name":"Bo","id":2}"# + "\n")
        #expect(try await run(["query", "-r", "--pointer", "/users/1/name", "-"], stdin: text).stdout == "Bo\n")
        let none = try await run(["query", "-e", "$.nobody", "-"], stdin: text)
        #expect(none.status == 4 && none.stdout == "[]\n")
        #expect(try await run(["query", "$.nobody", "-"], stdin: text).status == 0)
        #expect(try await run(["query", "-e", "$.users[0].id", "-"], stdin: text).status == 0)
        let lines = try await run(["query", "-e", "-r", "--lines", "$.a", "-"], stdin: "{\"a\": \"x\"}\n{\"b\": 1}\n")
        #expect(lines.status == 0 && lines.stdout == "x\n")
        #expect(try await run(["query", "-e", "--lines", "$.c", "-"], stdin: "{\"a\": 1}\n").status == 4)
    }

    /// `-e` as jq has it: the last result decides (1 for `false` or `null`), 4 when there is none.
    @Test func exitStatusFollowsTheLastResult() async throws {
        let text = #"{"flags": [true, false], "on": true, "off": false, "none": null}"#
        for (query, status) in [("$.on", 0), ("$.off", 1), ("$.none", 1), ("$.flags[*]", 1), ("$.flags[0]", 0), ("$.missing", 4)] {
            #expect(try await run(["query", "-e", query, "-"], stdin: text).status == Int32(status), "\(query)")
        }
        #expect(try await run(["query", "-e", "--pointer", "/none", "-"], stdin: text).status == 1)
        #expect(try await run(["query", "-e", "--pointer", "/on", "-"], stdin: text).status == 0)
        let lines = "{\"a\": true}\n{\"a\": false}\n{\"b\": 1}\n"
        #expect(try await run(["query", "-e", "--lines", "$.a", "-"], stdin: lines).status == 1)
        #expect(try await run(["query", "-e", "--lines", "$.a", "-"], stdin: "{\"a\": false}\n{\"a\": 2}\n").status == 0)
        // Without -e the status says only whether the input was valid.
        #expect(try await run(["query", "$.off", "-"], stdin: text).status == 0)
    }

    /// A jq query would read as a slash query with `.` between components
    /// and find nothing: it is refused, with the forms peregrine reads.
    @Test func jqLookalikeQueriesAreRefusedWithTheirForms() async throws {
        let text = #"{"sightings": [{"species": "owl"}], "items": [{"id": 1}, {"id": 2}], "a": {"b": 3}}"#
        let indexed = try await run(["query", ".sightings[0].species", "-"], stdin: text)
        #expect(indexed.status == 2 && indexed.stdout.isEmpty)
        #expect(indexed.stderr.contains("looks like jq; as JSONPath: $.sightings[0].species; as a slash query: /sightings/0/species"), "\(indexed.stderr)")
        let every = try await run(["query", ".items[].id", "-"], stdin: text)
        #expect(every.status == 2 && every.stderr.contains("as JSONPath: $.items[*].id") && !every.stderr.contains("slash query: /"), "\(every.stderr)")
        let piped = try await run(["query", ".a | .b", "-"], stdin: text)
        #expect(piped.status == 2 && piped.stderr.contains("reads JSONPath ($…) and slash queries, not jq"), "\(piped.stderr)")
        let quoted = try await run(["query", #".["a"].b"#, "-"], stdin: text)
        #expect(quoted.stderr.contains("as JSONPath: $.a.b; as a slash query: /a/b"), "\(quoted.stderr)")
        // The forms it suggests find what jq would.
        #expect(try await run(["query", "$.sightings[0].species", "-"], stdin: text).stdout == #"["owl"]"# + "\n")
        #expect(try await run(["query", "/sightings/0/species", "-"], stdin: text).stdout == #"["owl"]"# + "\n")
        #expect(try await run(["query", "$.items[*].id", "-"], stdin: text).stdout == "[1,2]\n")
        // Forced, or a query that means the same in both, it runs as a slash query.
        #expect(try await run(["query", "--slash", ".a.b", "-"], stdin: text).stdout == "[3]\n")
        #expect(try await run(["query", ".a", "-"], stdin: text).stdout == #"[{"b":3}]"# + "\n")
    }

    @Test func aFileNameTakenAsTheQueryIsSaid() async throws {
        let file = try TemporaryFile.write(#"{"a": 1}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await run(["query", file.path])
        #expect(result.status == 2 && result.stderr.contains("the file name \(file.path) was taken as the query"), "\(result.stderr)")
    }

    @Test func indentZeroIsCompactAndParseOptionsHaveTheirHeading() async throws {
        #expect(try await run(["format", "--indent", "0", "-"], stdin: #"{"a": [1, 2]}"#).stdout == #"{"a":[1,2]}"# + "\n")
        let help = try await run(["format", "--help"]).stdout
        let heading = try #require(help.range(of: "PARSE OPTIONS:"))
        #expect(help[heading.upperBound...].contains("--max-depth"))
        #expect(!help[..<heading.lowerBound].contains("--max-depth"))
    }

    @Test func anErrorAtTheStartOfALargeFileNamesItsCause() async throws {
        try requireNullDevice()
        let folder = try TemporaryFile.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let brackets = try largeFile(in: folder, "brackets.json", head: "", fill: "[", tail: "")
        for command in [["validate"], ["validate", "--stream"], ["stats"], ["query", "$"], ["convert", "--to", "binary", "-o", "/dev/null"]] {
            let result = try await run(command + [brackets.path], environment: Self.smallThreshold)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr.hasPrefix("\(brackets.path):1:") && result.stderr.contains("nested deeper than 512 levels"), "\(command): \(result.stderr.prefix(200))")
        }
    }

    @Test func binaryAndGzipOutputIsRefusedOnATerminalUnlessForced() async throws {
        // Through a pipe (as here) the output is written.
        #expect(try await run(["convert", "--to", "binary", Self.sample.path]).status == 0)
        #expect(try await run(["minify", "--gzip", Self.sample.path]).status == 0)
        // On a terminal, run under `script` (a pseudo-terminal) where it exists.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), let executable = Self.executable else { return }
        for (arguments, refused) in [("convert --to binary", true), ("minify --gzip", true), ("convert --to binary --force", false), ("minify", false)] {
            let result = try await run(["-qec", "\(executable.path) \(arguments) \(Self.sample.path)", "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"))
            #expect(result.stdout.contains("is not written to a terminal") == refused, "\(arguments): \(result.stdout.prefix(100))")
        }
    }

    @Test func linesErrorsStopAfterTwentyWithAHint() async throws {
        // A pretty-printed array read as JSON Lines: nearly every line fails.
        let pretty = "[\n" + (0..<100).map { "  {\"id\": \($0)}" }.joined(separator: ",\n") + "\n]\n"
        for command in [["validate", "--lines"], ["minify", "--lines"], ["query", "--lines", "$.id"]] {
            let result = try await run(command + ["-"], stdin: pretty)
            // Each error is three lines: the message, the excerpt, the caret.
            let lines = result.stderr.split(separator: "\n")
            #expect(result.status == 1 && lines.count == 61, "\(command): \(lines.count)")
            #expect(lines.filter { $0.hasPrefix("<stdin>:") }.count == 21)
            #expect(lines.last?.hasPrefix("<stdin>: 81 more invalid lines not shown (101 in all)") == true, "\(command): \(lines.last ?? "")")
            #expect(lines.last?.hasSuffix("leave out --lines") == true)
        }
        // And the other way round: JSON Lines read whole.
        let whole = try await run(["validate", "-"], stdin: "{\"a\": 1}\n{\"a\": 2}\n")
        #expect(whole.status == 1 && whole.stderr.hasPrefix("<stdin>:2:1: ") && whole.stderr.contains("hint: one JSON value per line is JSON Lines; read it with --lines"))
    }

    @Test func invalidInputExitsWithOne() async throws {
        let result = try await run(["minify", "-"], stdin: "[1 2]")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("<stdin>:1:4: expected ',' or ']' after an array element, found '2'\n  [1 2]\n     ^"))
    }

    @Test(arguments: [
        ["format", "--bogus", "x.json"],
        ["frobnicate"],
        ["format", "--indent", "x", "x.json"],
        ["format", "/nonexistent/file.json"],
        ["validate", "/nonexistent/file.json"],
    ])
    func usageErrorsExitWithTwo(arguments: [String]) async throws {
        let result = try await run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.isEmpty)
    }

    @Test func parseOptionFlags() async throws {
        let json5 = "{a: [1, Infinity,], // c\n b: 'x'}"
        #expect(try await run(["validate", "--json5", "-"], stdin: json5).stdout == "<stdin>: ok\n")
        #expect(try await run(["validate", "--preset", "json5", "-"], stdin: json5).status == 0)
        let strict = try await run(["validate", "-"], stdin: json5)
        #expect(strict.status == 1)
        #expect(strict.stderr.hasPrefix("<stdin>:1:2: expected a string key, found 'a'"))
        let literals = try await run(["minify", "--json5", "--non-finite", "literals", "-"], stdin: json5)
        #expect(literals.stdout == "{\"a\":[1,Infinity],\"b\":\"x\"}\n")
        #expect(try await run(["minify", "--json5", "-"], stdin: json5).status == 1)
        #expect(try await run(["minify", "--comments", "--trailing-commas", "--single-quotes", "-"], stdin: "['a', /* b */ 1,]").stdout == "[\"a\",1]\n")
        #expect(try await run(["minify", "--jsonp", "-"], stdin: "cb([1]);").stdout == "[1]\n")
        #expect(try await run(["minify", "--sets", "-"], stdin: "<1, 1, 2>").stdout == "[1,2]\n")
        #expect(try await run(["minify", "--trailing-content", "-"], stdin: "[1] [2]").stdout == "[1]\n")
        #expect(try await run(["minify", "--unicode-newlines", "-"], stdin: "[1,\u{2028}2]").stdout == "[1,2]\n")
        #expect(try await run(["minify", "--loose-unicode", "-"], stdin: "\"\\uD800\"").stdout == "\"\u{FFFD}\"\n")
        #expect(try await run(["minify", "--lossless-numbers", "-"], stdin: "[1e400, 123456789012345678901234567890]").stdout == "[1e400,123456789012345678901234567890]\n")
        // Every number is kept by default, as jq 1.7 keeps big literals; --strict-numbers rejects them.
        let big = #"{"id": 123456789012345678901234567890, "x": [1e400, 0.1]}"#
        #expect(try await run(["validate", "-"], stdin: big).stdout == "<stdin>: ok\n")
        #expect(try await run(["minify", "-"], stdin: big).stdout == #"{"id":123456789012345678901234567890,"x":[1e400,0.1]}"# + "\n")
        #expect(try await run(["query", "$.id", "-"], stdin: big).stdout == "[123456789012345678901234567890]\n")
        let strictNumbers = try await run(["validate", "--strict-numbers", "-"], stdin: big)
        #expect(strictNumbers.status == 1 && strictNumbers.stderr.hasPrefix("<stdin>:1:8: "), "\(strictNumbers.stderr)")
        #expect(try await run(["minify", "--duplicate-keys", "first-wins", "-"], stdin: #"{"a":1,"a":2}"#).stdout == "{\"a\":1}\n")
        let duplicate = try await run(["validate", "--duplicate-keys", "reject", "-"], stdin: #"{"a":1,"a":2}"#)
        #expect(duplicate.status == 1)
        #expect(duplicate.stderr.hasPrefix(#"<stdin>:1:8: duplicate key "a", first at 1:2"#))
        let secure = try await run(["validate", "--preset", "secure", "-"], stdin: #"["\u0000"]"#)
        #expect(secure.status == 1)
        #expect(secure.stderr.hasPrefix("<stdin>:1:3: NUL characters are not allowed"))
        #expect(try await run(["validate", "--reject-nul", "-"], stdin: #"["\u0000"]"#).status == 1)
        #expect(try await run(["validate", "--reject-noncharacters", "-"], stdin: #"["\uFFFF"]"#).status == 1)
        #expect(try await run(["validate", "--max-depth", "1", "-"], stdin: "[[1]]").status == 1)
        #expect(try await run(["validate", "--max-input-bytes", "2", "-"], stdin: "[1]").status == 1)
        #expect(try await run(["validate", "--max-string-bytes", "1", "-"], stdin: #"["ab"]"#).status == 1)
        #expect(try await run(["validate", "--max-object-members", "1", "-"], stdin: #"{"a":1,"b":2}"#).status == 1)
        #expect(try await run(["validate", "--preset", "bogus", "-"], stdin: "[]").status == 2)
        #expect(try await run(["validate", "--duplicate-keys", "sometimes", "-"], stdin: "[]").status == 2)
    }

    @Test func helpExitsWithZero() async throws {
        let result = try await run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("validate"))
    }

    @Test func queryPrintsMatchesPathsAndPointees() async throws {
        let sample = Self.sample.path
        let path = try await run(["query", "$.sightings[?@.count > 0].species", sample])
        #expect(path.status == 0 && path.stdout == #"["Peregrine falcon","Merlin"]"# + "\n")
        let slash = try await run(["query", "/*/lead", sample])
        #expect(slash.status == 0 && slash.stdout == #"["A. Okafor"]"# + "\n")
        let paths = try await run(["query", "--paths", "$..tags[0]", sample])
        #expect(paths.stdout == #"["$['sightings'][0]['tags'][0]","$['sightings'][2]['tags'][0]"]"# + "\n")
        let stdin = try await run(["query", "/a/1", "-"], stdin: #"{"a": [1, {"b": 2}]}"#)
        #expect(stdin.status == 0 && stdin.stdout == #"[{"b":2}]"# + "\n")

        let pointee = try await run(["query", "--pointer", "/observers/assistants/1", sample])
        #expect(pointee.status == 0 && pointee.stdout == #""C. Ito""# + "\n")
        let absent = try await run(["query", "--pointer", "/observers/nope", sample])
        #expect(absent.status == 1 && absent.stdout.isEmpty)
        #expect(absent.stderr == #"/observers/nope: $.observers has no member "nope""# + "\n")
    }

    @Test func queryErrorsPointAtTheProblem() async throws {
        let invalid = try await run(["query", "$.sightings[?@.count >]", Self.sample.path])
        #expect(invalid.status == 2 && invalid.stdout.isEmpty)
        #expect(invalid.stderr == "query:22: expected a query, a literal or a function\n  $.sightings[?@.count >]\n                        ^\n")
        let pointer = try await run(["query", "--pointer", "nope", Self.sample.path])
        #expect(pointer.status == 2 && pointer.stderr.hasPrefix(#"query:0: a JSON Pointer starts with "/""#))
        let slash = try await run(["query", "/*/?/x", Self.sample.path])
        #expect(slash.status == 2 && slash.stderr.hasPrefix("query:3: a wildcard cannot follow a wildcard"))
        let badJSON = try await run(["query", "/a", "-"], stdin: "{")
        #expect(badJSON.status == 1 && badJSON.stderr.hasPrefix("<stdin>:1:2:"))
    }

    @Test func deepInputNeverKillsTheCommand() async throws {
        let deep = String(repeating: "[", count: 60_000) + String(repeating: "]", count: 60_000)
        // A document holds any depth; an owned value, to be written, at most JSON.maxValueDepth.
        for command in [["minify"], ["format"], ["convert", "--to", "binary"]] {
            // Refused up front: nothing written could hold it.
            let refused = try await run(command + ["--max-depth", "1000000", "-"], stdin: deep)
            #expect(refused.status == 2 && refused.stderr.contains("--max-depth 1000000 is deeper than"), "\(command): \(refused.stderr)")
            // Within what a value holds, the depth error names the input's position.
            let result = try await run(command + ["--max-depth", "1024", "-"], stdin: deep)
            #expect(result.status == 1 && result.stderr.hasPrefix("<stdin>:1:1025: arrays and objects are nested deeper than 1024 levels"), "\(command): \(result.stderr)")
        }
        // 800 levels parse and are written (the writer takes what a value holds).
        let eight = String(repeating: "[", count: 800) + String(repeating: "]", count: 800)
        #expect(try await run(["minify", "--max-depth", "1000", "-"], stdin: eight).stdout == eight + "\n")
        let query = try await run(["query", "$[0]", "--max-depth", "1000000", "-"], stdin: deep)
        #expect(query.status == 1 && query.stderr.hasPrefix("$[0] nests deeper than 1024 levels"), "\(query.stderr)")
        let stats = try await run(["stats", "--max-depth", "1000000", "-"], stdin: deep)
        #expect(stats.status == 0 && stats.stdout.contains("depth: 60000"))
    }

    @Test func queryStopsAtMaxNodesAndTheOptionRaisesIt() async throws {
        // Each [0,0] doubles the nodelist: 2^16 nodes from a 33-byte document.
        let query = "$" + String(repeating: "[0,0]", count: 16)
        let nested = String(repeating: "[", count: 16) + "1" + String(repeating: "]", count: 16)
        let stopped = try await run(["query", "--max-nodes", "1000", query, "-"], stdin: nested)
        #expect(stopped.status == 1 && stopped.stdout.isEmpty)
        #expect(stopped.stderr.hasPrefix("query stopped: the query visits more than 1000 nodes"))
        #expect(stopped.stderr.contains("--max-nodes raises the limit"))
        let raised = try await run(["query", "--max-nodes", "5000000", query, "-"], stdin: nested)
        #expect(raised.status == 0 && raised.stdout == "[" + Array(repeating: "1", count: 1 << 16).joined(separator: ",") + "]\n")
    }

    @Test func convertRoundTripsAndInspectDescribes() async throws {
        let packed = TemporaryFile.url(suffix: ".pgb")
        defer { try? FileManager.default.removeItem(at: packed) }
        let toBinary = try await run(["convert", "--to", "binary", Self.sample.path, "-o", packed.path])
        #expect(toBinary.status == 0 && toBinary.stdout.isEmpty)
        let back = try await run(["convert", "--to", "json", packed.path])
        #expect(back.status == 0)
        #expect(try JSON(parsing: back.stdout) == JSON(parsing: Data(contentsOf: Self.sample)))

        let inspect = try await run(["inspect", packed.path])
        #expect(inspect.status == 0)
        #expect(inspect.stdout.contains("format: Peregrine binary 1.0"))
        #expect(inspect.stdout.contains("values: array 5, bool 1, null 1, number 8, object 5, string 14"))
        #expect(inspect.stdout.contains("depth: 4"))
    }

    @Test func convertBootstrapsRecordsAndRejectsBrokenFiles() async throws {
        let graph = try TemporaryFile.write(#"{"a":{"$class":"Point","x":1},"b":{"$alias":"a"}}"#)
        let packed = TemporaryFile.url(suffix: ".pgb")
        defer { try? FileManager.default.removeItem(at: graph); try? FileManager.default.removeItem(at: packed) }
        #expect(try await run(["convert", "--to", "binary", "--bootstrap", graph.path, "-o", packed.path]).status == 0)
        let inspect = try await run(["inspect", packed.path])
        #expect(inspect.stdout.contains("records: Point 1") && inspect.stdout.contains("shared: 1 defined, 1 back-references"))
        let json = try await run(["convert", "--to", "json", packed.path])
        #expect(json.stdout == #"{"a":{"$class":"Point","x":1},"b":{"$class":"Point","x":1}}"# + "\n")

        var bytes = [UInt8](try Data(contentsOf: packed))
        bytes.removeLast()
        try Data(bytes).write(to: packed)
        let truncated = try await run(["inspect", packed.path])
        #expect(truncated.status == 1 && truncated.stderr.contains("truncated"))
        let notBinary = try await run(["inspect", Self.sample.path])
        #expect(notBinary.status == 1 && notBinary.stderr.contains("offset 0: badMagic"))
    }

    @Test func convertToJSONWritesOnlyValidJSON() async throws {
        let packed = TemporaryFile.url(suffix: ".pgb")
        defer { try? FileManager.default.removeItem(at: packed) }
        try Data(Binary.Value.array([.number(JSON.Number(Double.nan)), .number(JSON.Number(-Double.infinity))]).encoded()).write(to: packed)
        let refused = try await run(["convert", "--to", "json", packed.path])
        #expect(refused.status == 1 && refused.stdout.isEmpty)
        #expect(refused.stderr.contains("NaN cannot be written as JSON") && refused.stderr.contains("--non-finite literals"), "\(refused.stderr)")
        let literals = try await run(["convert", "--to", "json", "--non-finite", "literals", packed.path])
        #expect(literals.status == 0 && literals.stdout == "[NaN,-Infinity]\n")
    }

    @Test func convertKeepsARecordsTypeWhateverItsFields() async throws {
        // A User with a field named $class: to JSON and back with --bootstrap, still a User.
        let user: Binary.Value = .record(type: "User", fields: [.init(key: "$class", value: .string("Admin")), .init(key: "id", value: .number(JSON.Number(1)))])
        let packed = TemporaryFile.url(suffix: ".pgb")
        let json = TemporaryFile.url()
        defer { try? FileManager.default.removeItem(at: packed); try? FileManager.default.removeItem(at: json) }
        try Data(user.encoded()).write(to: packed)
        #expect(try await run(["convert", "--to", "json", packed.path, "-o", json.path]).status == 0)
        #expect(try String(contentsOf: json, encoding: .utf8) == #"{"$class":"User","$$class":"Admin","id":1}"# + "\n")
        #expect(try await run(["convert", "--to", "binary", "--bootstrap", json.path, "-o", packed.path]).status == 0)
        #expect(try Binary.Value(decoding: [UInt8](Data(contentsOf: packed))) == user)
    }

    @Test func streamedFormatAndMinifyMatchTheWholeFileOutput() async throws {
        for command in [["format"], ["format", "--indent", "4"], ["minify"]] {
            let whole = try await run(command + [Self.sample.path])
            let streamed = try await run(command + ["--stream", Self.sample.path])
            #expect(streamed.status == 0 && streamed.stdout == whole.stdout, "\(command)")
        }
        // Top-level keys are escaped as the flags say, and tabs indent every level.
        let keys = #"{"é/1": [1, {"x/é": 2}], "b": {}}"#
        for command in [["format", "--indent", "tab", "--escape-unicode", "--escape-slashes"], ["minify", "--escape-unicode"]] {
            let whole = try await run(command + ["-"], stdin: keys)
            let streamed = try await run(command + ["--stream", "-"], stdin: keys)
            #expect(streamed.status == 0 && streamed.stdout == whole.stdout && whole.stdout.contains(#""\u00e9"#), "\(command)")
        }
        let emptyObject = try await run(["format", "--stream", "-"], stdin: " {} ")
        #expect(emptyObject.stdout == "{}\n")
        let broken = try await run(["minify", "--stream", "-"], stdin: "[1, 2,]")
        #expect(broken.status == 1 && broken.stderr == "<stdin>:1: a trailing comma (offset 6)\n")
        let gzipped = try await run(["minify", "--stream", "--gzip", Self.sample.path])
        #expect(gzipped.status == 2 && gzipped.stderr.hasPrefix("gzip output (--gzip, or an -o file ending in .gz) cannot be used with streamed output"))
    }

    @Test func jsonLinesValidateMinifyAndFormat() async throws {
        let lines = "{\"a\": 1}\n\n[1,\n{\"b\": tru}\n2\n"
        let validate = try await run(["validate", "--lines", "-"], stdin: lines)
        #expect(validate.status == 1 && validate.stdout.isEmpty)
        #expect(validate.stderr == "<stdin>:3:4: expected a value, found end of input\n  [1,\n     ^\n<stdin>:4:7: expected 'true'\n  {\"b\": tru}\n        ^\n")
        let good = try await run(["validate", "--lines", "-"], stdin: "1\n[2]\n{\"c\": 3}")
        #expect(good.status == 0 && good.stdout == "<stdin>: ok\n")
        let minify = try await run(["minify", "--lines", "-"], stdin: lines)
        #expect(minify.status == 1 && minify.stdout == "{\"a\":1}\n2\n")
        let format = try await run(["format", "--lines", "-"], stdin: "{\"a\": [1]}\n")
        #expect(format.stdout == "{\n  \"a\": [\n    1\n  ]\n}\n")
    }

    @Test func gzipInputAndOutput() async throws {
        let packed = TemporaryFile.url(suffix: ".json.gz")
        defer { try? FileManager.default.removeItem(at: packed) }
        let compressed = try await run(["minify", "--gzip", Self.sample.path, "-o", packed.path])
        #expect(compressed.status == 0)
        let bytes = [UInt8](try Data(contentsOf: packed))
        #expect(bytes.starts(with: [0x1F, 0x8B]))
        let back = try await run(["minify", packed.path])
        #expect(back.stdout == (try await run(["minify", Self.sample.path])).stdout)
        #expect(try await run(["validate", packed.path]).stdout == "\(packed.path): ok\n")
    }

    @Test func gzipInputToStreamingCommands() async throws {
        let directory = FileManager.default.temporaryDirectory
        let lines = directory.appendingPathComponent("peregrine-\(UUID().uuidString).ndjson.gz")
        let array = directory.appendingPathComponent("peregrine-\(UUID().uuidString).json.gz")
        defer { for url in [lines, array] { try? FileManager.default.removeItem(at: url) } }
        try Data(Gzip.deflate(Array("{\"a\": 1}\n[2, 3]\n{\"b\": tru}\n".utf8))).write(to: lines)
        try Data(Gzip.deflate(Array("[{\"a\": 1}, [2, 3]]".utf8))).write(to: array)

        let validate = try await run(["validate", "--lines", lines.path])
        #expect(validate.status == 1 && validate.stderr.hasSuffix(".ndjson.gz:3:7: expected 'true'\n  {\"b\": tru}\n        ^\n"))
        let minify = try await run(["minify", "--lines", lines.path])
        #expect(minify.stdout == "{\"a\":1}\n[2,3]\n" && minify.status == 1)
        #expect(try await run(["validate", "--stream", array.path]).stdout == "\(array.path): ok\n")
        #expect(try await run(["format", "--stream", array.path]).stdout == "[\n  {\n    \"a\": 1\n  },\n  [\n    2,\n    3\n  ]\n]\n")
    }

    @Test func statsDescribesAPayload() async throws {
        let stats = try await run(["stats", Self.sample.path])
        #expect(stats.status == 0)
        #expect(stats.stdout.contains("values: 34 (objects 5, arrays 5, strings 14, numbers 8, booleans 1, nulls 1)"))
        #expect(stats.stdout.contains("depth: 4 (nesting of arrays and objects)"))
        #expect(stats.stdout.contains("largest array: 3 elements at $.sightings"))
        let one = try await run(["stats", "-"], stdin: #"{"a": [1], "s": "x"}"#)
        #expect(one.stdout.contains("largest array: 1 element at $.a") && one.stdout.contains("largest string: 1 byte at $.s"), "\(one.stdout)")
        let inexact = "[" + (0..<7).map { "1.\($0)5e400" }.joined(separator: ",") + "]"
        let imprecise = try await run(["stats", "-"], stdin: inexact)
        #expect(imprecise.stdout.contains("numbers a Double cannot hold exactly: 7") && imprecise.stdout.contains("(the first 5 listed, 2 more not)"), "\(imprecise.stdout)")
        #expect(stats.stdout.contains(#"most frequent keys: "count" 3, "dive_speed_kmh" 3"#))
        let numbers = try await run(["stats", "-"], stdin: #"{"a": 12345678901234567890, "b": 9007199254740993, "c": 0.1, "d": [1e400]}"#)
        #expect(numbers.stdout.contains("numbers a Double cannot hold exactly: 3\n  12345678901234567890 at $.a\n  9007199254740993 at $.b\n  1e400 at $.d[0]"))
    }

    @Test func colorOnlyWhenAskedOrOnATerminal() async throws {
        let always = try await run(["format", "--color", "always", "-"], stdin: #"{"k": ["s", -1.5, true, null]}"#)
        let escape = "\u{1B}["
        #expect(always.stdout == "{\n  \(escape)34m\"k\"\(escape)0m: [\n    \(escape)32m\"s\"\(escape)0m,\n    \(escape)36m-1.5\(escape)0m,\n    \(escape)35mtrue\(escape)0m,\n    \(escape)35mnull\(escape)0m\n  ]\n}\n")
        let piped = try await run(["format", "-"], stdin: #"{"k": 1}"#)
        #expect(!piped.stdout.contains(escape))
        #expect(!(try await run(["format", "--color", "never", "-"], stdin: "[1]")).stdout.contains(escape))
    }

    @Test func queryAndConvertJSONLines() async throws {
        let lines = "{\"user\":{\"id\":1}}\n\n{\"user\":{\"id\":2},\"x\":[1]}\nbad\n"
        let query = try await run(["query", "--lines", "$.user.id", "-"], stdin: lines)
        #expect(query.status == 1 && query.stdout == "[1]\n[2]\n" && query.stderr.hasPrefix("<stdin>:4:1:"))
        let pointer = try await run(["query", "--lines", "--pointer", "/x/0", "-"], stdin: "{\"x\":[7]}\n{}\n")
        #expect(pointer.stdout == "[7]\n[]\n")

        let packed = TemporaryFile.url(suffix: ".pgb")
        defer { try? FileManager.default.removeItem(at: packed) }
        #expect(try await run(["convert", "--to", "binary", "--lines", "-", "-o", packed.path], stdin: "{\"a\":1}\n[2]\n").status == 0)
        #expect(try await run(["convert", "--to", "json", "--lines", packed.path]).stdout == "{\"a\":1}\n[2]\n")
        #expect(try await run(["convert", "--to", "json", packed.path]).stdout == "[{\"a\":1},[2]]\n")
        let bad = try await run(["convert", "--to", "binary", "--lines", "-"], stdin: "1\n{\n")
        #expect(bad.status == 1 && bad.stderr.hasPrefix("<stdin>:2:"))
    }

    @Test func patchAppliesAllOrNothingAndNamesTheFailingOperation() async throws {
        let folder = try TemporaryFile.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func file(_ name: String, _ contents: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try Data(contents.utf8).write(to: url)
            return url.path
        }
        let document = try file("config.json", #"{"name": "edge", "ports": [80]}"#)
        let patch = try file("patch.json", #"[{"op": "add", "path": "/ports/-", "value": 443}, {"op": "remove", "path": "/name"}]"#)
        let applied = try await run(["patch", patch, document])
        #expect(applied.status == 0 && applied.stdout == #"{"ports":[80,443]}"# + "\n" && applied.stderr.isEmpty)
        // Either input from standard input.
        #expect(try await run(["patch", patch], stdin: #"{"name": 1, "ports": []}"#).stdout == #"{"ports":[443]}"# + "\n")
        let fromStandardInput = try await run(["patch", "-", document], stdin: #"[{"op": "replace", "path": "/name", "value": "core"}]"#)
        #expect(fromStandardInput.stdout == #"{"name":"core","ports":[80]}"# + "\n")
        let both = try await run(["patch", "-", "-"], stdin: "[]")
        #expect(both.status == 2 && both.stdout.isEmpty && both.stderr.hasPrefix("Only one input can be standard input (-)."))

        // A failing operation: nothing written, the file untouched, the operation named.
        let failing = try file("failing.json", #"[{"op": "add", "path": "/ports/-", "value": 443}, {"op": "remove", "path": "/ports/5"}]"#)
        let failed = try await run(["patch", failing, document, "-o", document])
        #expect(failed.status == 1 && failed.stdout.isEmpty)
        #expect(failed.stderr == "\(failing): operation 1: remove at \"/ports/5\": $.ports has no element 5 (it has 2)\n")
        #expect(try String(contentsOfFile: document, encoding: .utf8) == #"{"name": "edge", "ports": [80]}"#)
        let written = try await run(["patch", patch, document, "-o", document])
        #expect(written.status == 0 && written.stdout.isEmpty)
        #expect(try String(contentsOfFile: document, encoding: .utf8) == #"{"ports":[80,443]}"# + "\n")

        // Malformed patches and invalid JSON.
        let malformed = try await run(["patch", "-", document], stdin: #"[{"op": "remove"}]"#)
        #expect(malformed.status == 1 && malformed.stderr == "<stdin>: operation 0: \"path\" is missing\n")
        let notAPatch = try await run(["patch", "-", document], stdin: "{}")
        #expect(notAPatch.status == 1 && notAPatch.stderr == "<stdin>: a JSON Patch is an array of operations, not an object\n")
        let invalid = try await run(["patch", "-", document], stdin: "[")
        #expect(invalid.status == 1 && invalid.stderr.hasPrefix("<stdin>:1:2: "))
        #expect(try await run(["patch", "/nonexistent/patch.json", document]).status == 2)

        // Copies that double the value stop at --max-copied-bytes.
        let doubling = "[" + Array(repeating: #"{"op": "copy", "from": "", "path": "/-"}"#, count: 40).joined(separator: ",") + "]"
        let one = try file("one.json", "[1]")
        let stopped = try await run(["patch", "--max-copied-bytes", "100", "-", one], stdin: doubling)
        #expect(stopped.status == 1 && stopped.stdout.isEmpty)
        #expect(stopped.stderr == #"<stdin>: operation 4: copy from "": the copies would duplicate more than 100 bytes (Limits.maxCopiedBytes); --max-copied-bytes raises the limit"# + "\n")
        let fourCopies = "[" + Array(repeating: #"{"op": "copy", "from": "", "path": "/-"}"#, count: 4).joined(separator: ",") + "]"
        #expect(try await run(["patch", "--max-copied-bytes", "100", "-", one], stdin: fourCopies).stdout.count == 64)
    }

    /// A file shortened while a command runs: each command is stopped once
    /// it has the file open or mapped, or has read as many bytes as the
    /// file holds; the file is truncated and the command goes on. Commands
    /// mapped the file and died of SIGBUS as they parsed past its new end;
    /// they read it into memory now, and end with exit status 0 (read
    /// before) or 1 (what was read is not JSON).
    @Test func aFileTruncatedWhileACommandRunsEndsInAnExitStatus() async throws {
        #if os(Linux)
        let executable = try #require(Self.executable, "the peregrine executable was not built")
        let file = TemporaryFile.url()
        defer { try? FileManager.default.removeItem(at: file) }
        let text = Data(("[" + String(repeating: #"{"id": 12345, "name": "a name", "tags": ["a", "b"]},"#, count: 20_000) + "1]").utf8)
        /// Whether process `pid` has the file open or mapped, or has read its length.
        func holdsOrRead(_ pid: Int32) -> Bool {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            if descriptors.contains(where: { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == file.path }) {
                return true
            }
            if (try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8))?.contains(file.path) == true { return true }
            let io = (try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)) ?? ""
            let read = io.split(separator: "\n").first { $0.hasPrefix("rchar:") }.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }
            return (read ?? 0) >= text.count
        }
        for command in [["validate"], ["stats"], ["query", "$[0].id"], ["convert", "--to", "binary", "-o", "/dev/null"]] {
            try text.write(to: file)
            let process = Process()
            process.executableURL = executable
            process.arguments = command + [file.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let pid = process.processIdentifier
            var caught = false
            while process.isRunning, !caught { caught = holdsOrRead(pid) }
            if caught, process.isRunning {
                kill(pid, SIGSTOP)
                #expect(truncate(file.path, 1_000) == 0)
                kill(pid, SIGCONT)
            }
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && [0, 1].contains(process.terminationStatus), "\(command): \(process.terminationStatus)")
        }
        #endif
    }

    /// Copies of the whole value into its innermost array double its depth:
    /// the first copy past `JSON.maxValueDepth` fails, naming the operation,
    /// where seven copies from 500 levels (64,000 deep) ended in SIGSEGV.
    @Test func patchThatWouldNestTooDeepFails() async throws {
        let document = try TemporaryFile.write(String(repeating: "[", count: 500) + String(repeating: "]", count: 500))
        defer { try? FileManager.default.removeItem(at: document) }
        var depth = 500
        var copies: [String] = []
        for _ in 0..<7 {
            copies.append(#"{"op": "copy", "from": "", "path": ""# + String(repeating: "/0", count: depth - 1) + #"/-"}"#)
            depth *= 2
        }
        for count in [3, 7] {
            let result = try await run(["patch", "-", document.path], stdin: "[" + copies.prefix(count).joined(separator: ",") + "]")
            #expect(result.status == 1 && result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix(#"<stdin>: operation 1: copy at "/0/0/0/0/0/"#))
            #expect(result.stderr.hasSuffix(#"…: the value would nest 2000 levels deep, more than JSON.maxValueDepth (1024) allows"# + "\n"))
        }
        let one = try await run(["patch", "-", document.path, "-o", "/dev/null"], stdin: "[" + copies[0] + "]")
        #expect(one.status == 0 && one.stderr.isEmpty)
    }

    @Test func mergePatchAppliesRFC7396() async throws {
        let document = try TemporaryFile.write(#"{"title": "Goodbye!", "author": {"givenName": "John", "familyName": "Doe"}, "tags": ["example"]}"#)
        defer { try? FileManager.default.removeItem(at: document) }
        let merged = try await run(["merge-patch", "-", document.path, "--sort-keys"], stdin: #"{"title": "Hello!", "author": {"familyName": null}, "new": [1]}"#)
        #expect(merged.status == 0 && merged.stderr.isEmpty)
        #expect(merged.stdout == #"{"author":{"givenName":"John"},"new":[1],"tags":["example"],"title":"Hello!"}"# + "\n")
        let replaced = try await run(["merge-patch", "-", document.path], stdin: "[1]")
        #expect(replaced.stdout == "[1]\n")
        let invalid = try await run(["merge-patch", "-", document.path], stdin: "{\"a\": }")
        #expect(invalid.status == 1 && invalid.stdout.isEmpty && invalid.stderr.hasPrefix("<stdin>:1:7: "))
    }

    @Test func diffPrintsThePatchAndExitsAsDiffDoes() async throws {
        let old = try TemporaryFile.write(#"{"name": "edge", "ports": [80, 443], "debug": true}"#)
        let new = try TemporaryFile.write(#"{"ports": [80, 8080, 443], "name": "edge", "tls": {"on": true}}"#)
        defer { try? FileManager.default.removeItem(at: old); try? FileManager.default.removeItem(at: new) }
        let different = try await run(["diff", old.path, new.path])
        #expect(different.status == 1 && different.stderr.isEmpty)
        #expect(different.stdout == """
            [{"op":"add","path":"/ports/1","value":8080},{"op":"remove","path":"/debug"},{"op":"add","path":"/tls","value":{"on":true}}]

            """)
        // Its output is a patch from the first file to the second.
        let patched = try await run(["patch", "-", old.path], stdin: different.stdout)
        #expect(try JSON(parsing: patched.stdout) == JSON(parsing: Data(contentsOf: new)))
        let same = try await run(["diff", old.path, "-"], stdin: #"{"debug": true, "ports": [80, 443], "name": "edge"}"#)
        #expect(same.status == 0 && same.stdout == "[]\n")
        // Trouble is 2, never 1, which means "different".
        let invalid = try await run(["diff", old.path, "-"], stdin: "[1,]")
        #expect(invalid.status == 2 && invalid.stdout.isEmpty && invalid.stderr.hasPrefix("<stdin>:1:3: a comma must be followed by another element"))
        #expect(try await run(["diff", old.path, "/nonexistent/file.json"]).status == 2)
        #expect(try await run(["diff", "-", "-"], stdin: "[]").status == 2)
    }

    /// `patch`, `merge-patch` and `diff` write in the layout of the file
    /// they read (its first indented line's indentation, or one line), to
    /// standard output and with `-o` alike; `--indent` sets it, as it sets
    /// `format`'s.
    @Test func patchMergePatchAndDiffKeepTheInputsLayout() async throws {
        let folder = try TemporaryFile.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func file(_ name: String, _ contents: [UInt8]) throws -> String {
            let url = folder.appendingPathComponent(name)
            try Data(contents).write(to: url)
            return url.path
        }
        let add = try file("add.json", Array(#"[{"op": "add", "path": "/tls", "value": true}]"#.utf8))
        let merge = try file("merge.json", Array(#"{"tls": true}"#.utf8))
        func layout(_ indent: String) -> String { "{\n\(indent)\"ports\": [\n\(indent)\(indent)80\n\(indent)],\n\(indent)\"tls\": true\n}\n" }
        let cases: [(String, String, String)] = [
            ("two.json", "{\n  \"ports\": [80]\n}\n", layout("  ")),
            ("four.json", "{\n\n    \"ports\": [\n        80\n    ]\n}", layout("    ")),
            ("tab.json", "{\r\n\t\"ports\": [80]\r\n}", layout("\t")),
            ("one.json", #"{"ports": [80]}"#, #"{"ports":[80],"tls":true}"# + "\n"),
            ("flat.json", "{\n\"ports\": [80]\n}", #"{"ports":[80],"tls":true}"# + "\n"),
        ]
        for (name, text, expected) in cases {
            let path = try file(name, Array(text.utf8))
            let patched = try await run(["patch", add, path])
            #expect(patched.status == 0 && patched.stdout == expected, "\(name): \(patched.stdout) \(patched.stderr)")
            #expect(try await run(["merge-patch", merge, path]).stdout == expected, "\(name)")
            let copy = folder.appendingPathComponent("copy-" + name)
            try Data(text.utf8).write(to: copy)
            #expect(try await run(["patch", add, copy.path, "-o", copy.path]).status == 0)
            #expect(try String(contentsOf: copy, encoding: .utf8) == expected, "-o \(name)")
        }
        let pretty = try file("pretty.json", Array("{\n  \"ports\": [80]\n}\n".utf8))
        let one = try file("one-line.json", Array(#"{"ports": [80]}"#.utf8))
        // --indent decides: compact, spaces or tabs.
        #expect(try await run(["patch", "--indent", "0", add, pretty]).stdout == #"{"ports":[80],"tls":true}"# + "\n")
        #expect(try await run(["merge-patch", "--indent", "tab", merge, one]).stdout == layout("\t"))
        #expect(try await run(["patch", "--indent", "4", add, one]).stdout == layout("    "))
        #expect(try await run(["format", "--indent", "tab", one]).stdout == "{\n\t\"ports\": [\n\t\t80\n\t]\n}\n")
        let refused = try await run(["patch", "--indent", "17", add, one])
        #expect(refused.status == 2 && refused.stderr.contains("--indent must be between 0 and 16, or tab"), "\(refused.stderr)")
        // gzip input: the layout of the text it inflates to.
        let gzipped = try file("pretty.json.gz", Gzip.deflate(Array("{\n\t\"ports\": [80]\n}\n".utf8)))
        #expect(try await run(["patch", add, gzipped]).stdout == layout("\t"))
        // Only the first 64 KiB are looked at: an indented line after a longer first line is not seen.
        let long = try file("long.json", Array(("[" + String(repeating: "1, ", count: 30_000) + "\n  2]").utf8))
        let longPatched = try await run(["patch", "-", long], stdin: #"[{"op": "remove", "path": "/1"}]"#)
        #expect(longPatched.status == 0 && !longPatched.stdout.dropLast().contains("\n"))
        // diff lays its patch out as the first file is.
        let source = try file("source.json", Array("{\n    \"a\": 1\n}\n".utf8))
        let target = try file("target.json", Array(#"{"a": 2}"#.utf8))
        let expectedPatch = "[\n    {\n        \"op\": \"replace\",\n        \"path\": \"/a\",\n        \"value\": 2\n    }\n]\n"
        let diff = try await run(["diff", source, target])
        #expect(diff.status == 1 && diff.stdout == expectedPatch, "\(diff.stdout)")
        #expect(try await run(["diff", target, source]).stdout == #"[{"op":"replace","path":"/a","value":1}]"# + "\n")
        #expect(try await run(["diff", "--indent", "0", source, target]).stdout == #"[{"op":"replace","path":"/a","value":2}]"# + "\n")
        #expect(try await run(["diff", "--indent", "2", "--sort-keys", target, source]).stdout.hasPrefix("[\n  {\n    \"op\": \"replace\""))
        for command in ["format", "patch", "merge-patch", "diff"] {
            let help = try await run([command, "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(help.contains("--indent <n|tab> Spaces per nesting level (0 writes compactly), or tab."), "\(command)")
            #expect(help.contains("patch, merge-patch and diff keep the layout of the file they read"), "\(command)")
        }
    }

    /// A file in the binary format, gzip-compressed or not, is read by
    /// every command that reads JSON, as the value it decodes to; where a
    /// reader of text meets one (`--lines`, `--stream`) it says so plainly.
    @Test func binaryInputIsReadByEveryCommand() async throws {
        let folder = try TemporaryFile.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let packed = folder.appendingPathComponent("sample.pgb")
        let compressed = folder.appendingPathComponent("sample.pgb.gz")
        #expect(try await run(["convert", "--to", "binary", Self.sample.path, "-o", packed.path]).status == 0)
        #expect(try await run(["convert", "--to", "binary", Self.sample.path, "-o", compressed.path]).status == 0)
        let inflated = try #require(Gzip.textPrefix(of: [UInt8](Data(contentsOf: compressed)), maxBytes: 1 << 20))
        #expect(inflated == [UInt8](try Data(contentsOf: packed)))
        let sample = Self.sample.path
        let change = #"[{"op": "replace", "path": "/verified", "value": false}]"#
        let expected = [
            "format": try await run(["format", "--canonical-numbers", sample]).stdout,
            "minify": try await run(["minify", "--canonical-numbers", sample]).stdout,
            "query": try await run(["query", "$..species", sample]).stdout,
            "stats": try await run(["stats", sample]).stdout,
            "patch": try await run(["patch", "--indent", "0", "-", sample], stdin: change).stdout,
            "merge-patch": try await run(["merge-patch", "--indent", "0", "-", sample], stdin: #"{"verified": false}"#).stdout,
        ]
        for file in [packed.path, compressed.path] {
            #expect(try await run(["validate", file]).stdout == "\(file): ok\n")
            #expect(try await run(["format", file]).stdout == expected["format"], "\(file)")
            #expect(try await run(["minify", file]).stdout == expected["minify"], "\(file)")
            #expect(try await run(["query", "$..species", file]).stdout == expected["query"], "\(file)")
            #expect(try await run(["stats", file]).stdout == expected["stats"], "\(file)")
            #expect(try await run(["patch", "-", file], stdin: change).stdout == expected["patch"], "\(file)")
            #expect(try await run(["merge-patch", "-", file], stdin: #"{"verified": false}"#).stdout == expected["merge-patch"], "\(file)")
            let diff = try await run(["diff", sample, file])
            #expect(diff.status == 0 && diff.stdout == "[]\n", "\(file): \(diff.stderr)")
            #expect(try await run(["convert", "--to", "json", file]).stdout == expected["minify"], "\(file)")
            #expect(try await run(["inspect", file]).stdout.contains("format: Peregrine binary 1.0"), "\(file)")
        }
        // A broken file: its decoding error, no raw bytes.
        let truncated = folder.appendingPathComponent("truncated.pgb")
        try Data(try Data(contentsOf: packed).dropLast()).write(to: truncated)
        for command in [["validate"], ["format"], ["query", "$"], ["stats"], ["patch", "-"]] {
            let broken = try await run(command + [truncated.path], stdin: "[]")
            #expect(broken.status == 1 && broken.stderr.hasPrefix("\(truncated.path): ") && broken.stderr.contains("truncated"), "\(command): \(broken.stderr)")
            #expect(!broken.stderr.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || $0.value >= 0x7F) }, "\(command): \(broken.stderr)")
        }
        // Readers of text say what it is, and what reads it.
        for command in [["validate", "--lines"], ["minify", "--lines"], ["query", "--lines", "$"], ["validate", "--stream"], ["format", "--stream"]] {
            for file in [packed.path, compressed.path] {
                let refused = try await run(command + [file])
                #expect(refused.status == 1 && refused.stdout.isEmpty, "\(command) \(file)")
                #expect(refused.stderr.contains("the input is in Peregrine's binary format (it starts with \\x89PGB), not JSON text"), "\(command) \(file): \(refused.stderr)")
                #expect(refused.stderr.contains("\nhint: this is a Peregrine binary file; read it without --lines and --stream, or use peregrine convert --to json\n"), "\(command) \(file)")
            }
        }
    }

    /// `convert` writes gzip as the other commands do: with `--gzip`, or to
    /// an `-o` file whose name ends in `.gz`; what it writes reads back.
    @Test func convertAndTheOtherCommandsWriteGzip() async throws {
        let folder = try TemporaryFile.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let minified = try await run(["minify", "--canonical-numbers", Self.sample.path]).stdout
        let named = folder.appendingPathComponent("sample.json.gz")
        let flagged = folder.appendingPathComponent("sample-json")
        let packed = folder.appendingPathComponent("sample-binary")
        for (arguments, url) in [(["convert", "--to", "json", "-o", named.path], named), (["convert", "--to", "json", "--gzip", "-o", flagged.path], flagged),
                                 (["convert", "--to", "binary", "--gzip", "-o", packed.path], packed), (["minify", "-o", named.path], named)] {
            #expect(try await run(arguments + [Self.sample.path]).status == 0, "\(arguments)")
            #expect([UInt8](try Data(contentsOf: url)).starts(with: [0x1F, 0x8B]), "\(arguments)")
            #expect(try await run(["minify", "--canonical-numbers", url.path]).stdout == minified, "\(arguments)")
        }
        #expect(try await run(["convert", "--to", "json", "-o", flagged.path, Self.sample.path]).status == 0)
        #expect(try String(contentsOf: flagged, encoding: .utf8) == minified)
        let help = try await run(["convert", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("--gzip Compress the output as gzip (also done when the -o file's name ends in .gz)."))
    }

    /// An error's excerpt shows the input's line with what is not text
    /// escaped — bytes that are not UTF-8, controls — the caret under the error.
    @Test func errorExcerptsEscapeWhatIsNotText() async throws {
        let file = try TemporaryFile.write([UInt8]("[1, ".utf8) + [0x01, 0x89, 0xFF] + [UInt8](#" "\#u{1B}[31m" x]"#.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await run(["validate", file.path])
        #expect(result.status == 1)
        #expect(result.stderr == "\(file.path):1:5: expected a value, found U+0001\n  [1, \\u0001\\x89\\xFF \"\\u001B[31m\" x]\n      ^\n", "\(result.stderr)")
    }

    @Test func everyCommandHasHelpWithExamplesAndCompletionScripts() async throws {
        for command in ["validate", "format", "minify", "query", "patch", "merge-patch", "diff", "convert", "inspect", "stats"] {
            let help = try await run([command, "--help"])
            #expect(help.status == 0 && help.stdout.contains("Example"), "\(command)")
        }
        let completion = try await run(["--generate-completion-script", "bash"])
        #expect(completion.status == 0 && completion.stdout.contains("peregrine"))
    }

    /// `minify` and `format` write a document straight from its tape; with
    /// `--canonical-numbers` their output is byte for byte what writing the
    /// parsed value gives, for the corpus and for dialect inputs; without
    /// it, it reads back as the same value (each number kept as written).
    @Test(TestData.needs("corpus"))
    func minifyAndFormatWriteWhatTheValueWrites() async throws {
        var lossless = JSON.ParseOptions.strict
        lossless.numbers = .lossless
        let layouts: [([String], JSON.SerializationOptions)] = [
            (["minify"], []),
            (["format"], [.prettyPrinted]),
            (["format", "--indent", "4", "--sort-keys"], [.indent(4), .sortedKeys]),
            (["minify", "--escape-unicode", "--escape-slashes"], [.escapeUnicode, .escapeSlashes]),
        ]
        // Small files of each kind: the writers themselves are checked on the whole corpus (DocumentWriterTests).
        for name in ["twitter_public_timeline", "github_events", "numbers", "apache_builds"] {
            let file = TestData.url("corpus/\(name).json")
            let value = try JSON(parsing: TestData.bytes(file), options: lossless)
            for (arguments, layout) in layouts {
                var options = layout
                options.maxDepth = JSON.maxValueDepth
                let expected = String(decoding: try value.serialized(options: options), as: UTF8.self) + "\n"
                let result = try await run(arguments + ["--canonical-numbers", "--color", "never", file.path])
                #expect(result.status == 0 && result.stdout == expected, "\(arguments) \(name)")
                let asWritten = try await run(arguments + ["--color", "never", file.path])
                #expect(try asWritten.status == 0 && JSON(parsing: asWritten.stdout, options: lossless) == value, "\(arguments) \(name)")
            }
        }
        var json5 = JSON.ParseOptions.strict
        json5.json5 = true
        json5.numbers = .lossless
        json5.duplicateKeys = .firstWins
        let input = "{b: 'say \"hi\"\\n', a: [0x1F, +1, .5, 1.50, 1E2, 1e400], 'é': '\\u00e9\\ud83d\\ude00', b: 2, c: [],}"
        let value = try JSON(parsing: input, options: json5)
        for (arguments, layout) in layouts {
            var options = layout
            options.maxDepth = JSON.maxValueDepth
            let expected = String(decoding: try value.serialized(options: options), as: UTF8.self) + "\n"
            let result = try await run(arguments + ["--json5", "--duplicate-keys", "first-wins", "--canonical-numbers", "-"], stdin: input)
            #expect(result.status == 0 && result.stdout == expected, "\(arguments): \(result.stdout) \(result.stderr)")
        }
    }

    /// `format` and `minify` copy each number as written unless asked for
    /// the canonical form, whether the input is read whole, streamed (asked,
    /// or above the threshold), as JSON Lines or gzip; JSON5's forms that
    /// are not JSON are converted, so the output is always JSON.
    @Test func formatAndMinifyKeepNumbersAsWritten() async throws {
        let folder = try TemporaryFile.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let numbers = "1.50, 1e2, -0, 100000000000000000000.0, 1E+2, -2.5E-03, 123456789012345678901234567890"
        let written = "[" + numbers.replacingOccurrences(of: ", ", with: ",") + "]\n"
        let canonical = "[1.5,100.0,-0.0,1e+20,100.0,-0.0025,123456789012345678901234567890]\n"
        let file = folder.appendingPathComponent("numbers.json")
        try Data("[\(numbers)]".utf8).write(to: file)
        let gzipped = folder.appendingPathComponent("numbers.json.gz")
        try Data(Gzip.deflate(Array("[\(numbers)]".utf8))).write(to: gzipped)
        for path in [file.path, gzipped.path] {
            for extra in [[], ["--stream"], ["--no-stream"]] {
                #expect(try await run(["minify"] + extra + [path]).stdout == written, "\(extra) \(path)")
                #expect(try await run(["minify", "--canonical-numbers"] + extra + [path]).stdout == canonical, "\(extra) \(path)")
                let pretty = try await run(["format"] + extra + [path]).stdout
                #expect(pretty == "[\n  " + numbers.replacingOccurrences(of: ", ", with: ",\n  ") + "\n]\n", "\(extra) \(path)")
            }
        }
        let lines = try await run(["minify", "--lines", "-"], stdin: "[\(numbers)]\n{\"a\": 1.50}\n")
        #expect(lines.stdout == written + "{\"a\":1.50}\n")
        #expect(try await run(["format", "--lines", "--canonical-numbers", "-"], stdin: "{\"a\": 1.50}\n").stdout == "{\n  \"a\": 1.5\n}\n")
        // Above the streaming threshold, streamed unasked: the same numbers.
        let large = try largeFile(in: folder, "large.json", head: "[", fill: "1.50, ", tail: "1e2]")
        let streamed = try await run(["minify", large.path], environment: Self.smallThreshold)
        let whole = try await run(["minify", "--no-stream", large.path], environment: Self.smallThreshold)
        #expect(streamed.status == 0 && streamed.stdout == whole.stdout && streamed.stdout.hasPrefix("[1.50,1.50,") && streamed.stdout.hasSuffix(",1e2]\n"))
        let streamedCanonical = try await run(["minify", "--canonical-numbers", large.path], environment: Self.smallThreshold)
        #expect(streamedCanonical.stdout.hasPrefix("[1.5,1.5,") && streamedCanonical.stdout.hasSuffix(",100.0]\n"))
        // JSON5: its JSON forms kept, the others converted, so strict JSON comes out.
        let json5 = "{a: [0x1F, -0x0A, +1, .5, 5., +.5e1, 1.50, 1E2, Infinity]}"
        let converted = try await run(["minify", "--json5", "--non-finite", "literals", "-"], stdin: json5)
        #expect(converted.status == 0 && converted.stdout == #"{"a":[31,-10,1,0.5,5.0,5.0,1.50,1E2,Infinity]}"# + "\n")
        let strict = try await run(["minify", "--json5", "-"], stdin: "{a: [0x1F, +1, .5, 5., 1.50]}")
        #expect(strict.status == 0 && strict.stdout == #"{"a":[31,1,0.5,5.0,1.50]}"# + "\n")
        #expect(try await run(["validate", "-"], stdin: strict.stdout).status == 0)
        // Each option's help says what happens.
        for command in ["format", "minify"] {
            let help = try await run([command, "--help"]).stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
            #expect(help.contains("--canonical-numbers Write each number in its shortest form (1.50 as 1.5"), "\(command)")
            #expect(help.contains("instead of as written in the input"), "\(command)")
        }
    }

    @Test func usageErrorsSayWhatToDoOnce() async throws {
        let misspelt = try await run(["validat", "x.json"])
        #expect(misspelt.status == 2 && misspelt.stderr.contains("Did you mean 'validate'?"), "\(misspelt.stderr)")
        #expect(misspelt.stderr.components(separatedBy: "--help").count == 2, "one hint line: \(misspelt.stderr)")
        #expect(!(try await run(["frobnicate"])).stderr.contains("Did you mean"))
        #expect(try await run(["mnify", "-"], stdin: "[]").stderr.contains("Did you mean 'minify'?"))
        let negative = try await run(["format", "--indent", "-1", Self.sample.path])
        #expect(negative.status == 2 && negative.stderr.contains("--indent must be between 0 and 16"), "\(negative.stderr)")
        let version = try await run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("unreleased"))
        let help = try await run(["validate", "--help"]).stdout
        let lines = help.split(separator: "\n")
        let threads = try #require(lines.firstIndex { $0.contains("--threads") })
        #expect(lines[threads].contains("(default: every active core)"))
        #expect(!lines[threads + 1].trimmingCharacters(in: .whitespaces).hasPrefix("(default:"), "one default: \(lines[threads + 1])")
    }

    /// A parse error that an option would have read past names the option.
    @Test func parseErrorsNameTheOptionThatWouldAcceptTheInput() async throws {
        let cases = [
            (#"{"a": 1, /* c */ "b": 2}"#, "--comments"),
            ("[1] // after the value", "--comments"),
            ("{'a': 1}", "--single-quotes"),
            ("[NaN]", "--json5 reads NaN and Infinity"),
            ("[1, 2,]", "--trailing-commas"),
            ("{a: 1}", "--json5 reads unquoted keys"),
            ("{Id: 1, N: 2}", "--json5 reads unquoted keys"),
            ("[0x1F]", "--json5 reads hexadecimal numbers"),
            ("[+1]", "--json5 reads numbers with a leading + or ."),
            ("<1, 2>", "--sets"),
        ]
        for (text, hint) in cases {
            for command in [["validate"], ["format"], ["query", "$"], ["stats"]] {
                let result = try await run(command + ["-"], stdin: text)
                #expect(result.status == 1 && result.stderr.contains("\nhint: \(hint)"), "\(command) \(text): \(result.stderr)")
            }
            // With the option the hint names, the input is read.
            let option = String(hint.split(separator: " ")[0])
            #expect(try await run(["validate", option, "-"], stdin: text).status == 0, "\(option) \(text)")
        }
        // No hint where no option helps.
        #expect(!(try await run(["validate", "-"], stdin: "[1 2]")).stderr.contains("hint:"))
        #expect(!(try await run(["validate", "-"], stdin: "[1] NaN")).stderr.contains("hint:"))
    }
}
