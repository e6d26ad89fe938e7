import Foundation
import Testing

/// End-to-end tests of the `peregrine` executable: output, stderr and exit status.
@Suite struct CLITests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `peregrine` binary built next to the test bundle.
    static let executable: URL? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        return candidates.map { $0.appendingPathComponent("peregrine") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static let sample = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/sample.json")

    func run(_ arguments: [String], stdin: String? = nil) throws -> Run {
        let executable = try #require(Self.executable, "the peregrine executable was not built")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data((stdin ?? "").utf8))
        try input.fileHandleForWriting.close()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    func temporaryFile(_ contents: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("peregrine-\(UUID().uuidString).json")
        try Data(contents.utf8).write(to: url)
        return url
    }

    @Test func validateReportsOkAndErrors() throws {
        let good = try temporaryFile(#"{"a": [1, 2]}"#)
        let bad = try temporaryFile("{\"a\": [1, 2],\n \"b\": tru}")
        defer { try? FileManager.default.removeItem(at: good); try? FileManager.default.removeItem(at: bad) }

        let ok = try run(["validate", good.path])
        #expect(ok.status == 0)
        #expect(ok.stdout == "\(good.path): ok\n")
        #expect(ok.stderr.isEmpty)

        let invalid = try run(["validate", good.path, bad.path])
        #expect(invalid.status == 1)
        #expect(invalid.stdout == "\(good.path): ok\n")
        #expect(invalid.stderr.hasPrefix("\(bad.path):2:7: expected 'true'\n"))
    }

    @Test func validateReadsStandardInput() throws {
        let result = try run(["validate", "-"], stdin: "[1, 2,]")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("<stdin>:1:6: a comma must be followed by another element"))
        #expect(try run(["validate", "-"], stdin: "[]").stdout == "<stdin>: ok\n")
    }

    @Test func formatPrettyPrintsTheSample() throws {
        let result = try run(["format", Self.sample.path])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{\n  \"observatory\": \"Ridge Point\",\n"))
        #expect(result.stdout.hasSuffix("  \"verified\": true\n}\n"))
    }

    @Test func formatOptions() throws {
        let input = #"{"b": "é/", "a": [1]}"#
        let result = try run(["format", "--indent", "4", "--sort-keys", "--escape-unicode", "--escape-slashes", "-"], stdin: input)
        #expect(result.status == 0)
        #expect(result.stdout == "{\n    \"a\": [\n        1\n    ],\n    \"b\": \"\\u00e9\\/\"\n}\n")
    }

    @Test func minifyWritesToAFile() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("peregrine-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try run(["minify", "-", "-o", output.path], stdin: "{ \"a\" : [ 1 , 2.50 ] }\n")
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(try String(contentsOf: output, encoding: .utf8) == "{\"a\":[1,2.5]}\n")
    }

    @Test func invalidInputExitsWithOne() throws {
        let result = try run(["minify", "-"], stdin: "[1 2]")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("<stdin>:1:4: expected ',' or ']' after an array element, found '2'\n  [1 2]\n     ^"))
    }

    @Test(arguments: [
        ["format", "--bogus", "x.json"],
        ["format"],
        ["validate"],
        ["frobnicate"],
        ["format", "--indent", "x", "x.json"],
        ["format", "/nonexistent/file.json"],
        ["validate", "/nonexistent/file.json"],
    ])
    func usageErrorsExitWithTwo(arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.isEmpty)
    }

    @Test func helpExitsWithZero() throws {
        let result = try run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("validate"))
    }
}
