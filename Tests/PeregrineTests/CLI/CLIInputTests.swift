import ArgumentParser
import Foundation
import Peregrine
import Testing

@testable import peregrine_cli
import TestSupport

/// The CLI's input: a file is read into memory, never mapped, so that a
/// file another process shortens meanwhile cannot kill the reader.
@Suite struct CLIInputTests {
    @Test func aFileIsCopiedWhenRead() throws {
        let url = TemporaryFile.url()
        defer { try? FileManager.default.removeItem(at: url) }
        let original = Array(("[" + String(repeating: "1,", count: 100_000) + "1]").utf8)
        try Data(original).write(to: url)
        let bytes = try Input(path: url.path).read()
        // Shortened, then rewritten: what was read stays what the file held.
        #expect(truncate(url.path, 10) == 0)
        try Data("{}".utf8).write(to: url)
        #expect(bytes == original)
        // Past the limit (and what gzip could add), exit status 1.
        try Data(original).write(to: url)
        #expect(throws: ExitCode.invalidInput) { try Input(path: url.path).read(limit: 1_000) }
        #expect(try Input(path: url.path).read(limit: original.count) == original)
    }

    /// A file over the threshold is streamed unasked, one at or under it is
    /// not, and `PEREGRINE_STREAM_THRESHOLD` sets the threshold.
    @Test func theStreamingThresholdDecidesAndCanBeSet() throws {
        let url = TemporaryFile.url()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(("[" + String(repeating: "1,", count: 1_000) + "1]").utf8).write(to: url)  // 2,003 bytes
        let input = Input(path: url.path)
        let flags = try StreamFlags.parse([])
        #expect(input.streaming(flags, options: JSON.ParseOptions(), writesValues: false, threshold: 2_002) == .automatic)
        #expect(input.streaming(flags, options: JSON.ParseOptions(), writesValues: false, threshold: 2_003) == nil)
        #expect(input.streaming(try StreamFlags.parse(["--no-stream"]), options: JSON.ParseOptions(), writesValues: false, threshold: 0) == nil)
        let memory: UInt64 = 24 << 30
        #expect(Input.streamingThreshold(in: [:], memory: memory) == 3 << 30)
        #expect(Input.streamingThreshold(in: ["PEREGRINE_STREAM_THRESHOLD": "1048576"], memory: memory) == 1 << 20)
        #expect(Input.streamingThreshold(in: ["PEREGRINE_STREAM_THRESHOLD": "1 MiB"], memory: memory) == 3 << 30)
        #expect(Input.streamingThreshold(in: ["PEREGRINE_STREAM_THRESHOLD": "-1"], memory: memory) == 3 << 30)
        // A small machine or container still reads files up to 64 MiB whole.
        #expect(Input.streamingThreshold(in: [:], memory: 256 << 20) == 64 << 20)
    }

    /// Streaming costs several times the CPU of reading whole, so it is
    /// automatic only past an eighth of the memory the process may use: a
    /// control group's limit where one is set, or the machine's.
    /// The folder where `-o`'s temporary file goes, for any path (a
    /// one-character name trapped in Foundation's path code).
    @Test func anOutputFilesFolderIsFoundForAnyPath() {
        #expect(OutputSink.directory(of: "x") == ".")
        #expect(OutputSink.directory(of: "/x") == "/")
        #expect(OutputSink.directory(of: "a/b/c.json") == "a/b")
        #expect(OutputSink.directory(of: "/tmp/y") == "/tmp")
        #expect(OutputSink.directory(of: "") == ".")
    }

    @Test func theMemoryLimitReadsControlGroupFiles() {
        #expect(MemoryLimit.controlGroupLimit("2147483648\n") == 2 << 30)
        #expect(MemoryLimit.controlGroupLimit("max\n") == nil)
        #expect(MemoryLimit.controlGroupLimit("") == nil)
        #expect(MemoryLimit.controlGroupLimit("0\n") == nil)
        #expect(MemoryLimit.controlGroupLimit("-5") == nil)
        #expect(MemoryLimit.bytes > 0 && MemoryLimit.bytes <= ProcessInfo.processInfo.physicalMemory)
    }

    /// The indentation of the first indented line in a bounded prefix,
    /// whatever the bytes: never a trap, never past ``InputLayout/maxBytes``.
    @Test func theLayoutIsToldFromTheFirstIndentedLine() {
        let cases: [(String, LayoutOptions.Indent)] = [
            ("{\"a\": 1}", .spaces(0)), ("{\"a\": 1}\n", .spaces(0)), ("", .spaces(0)),
            ("{\n  \"a\": 1\n}", .spaces(2)), ("[\n\n   \n    1\n]", .spaces(4)), ("{\r\n\t\"a\": 1\r\n}", .tab),
            ("[\n1,\n 2]", .spaces(1)), ("[\n" + String(repeating: " ", count: 40) + "1]", .spaces(16)), ("[\n  \t1]", .spaces(2)),
            ("[\n\t  1]", .tab), ("[1,\n2]", .spaces(0)),
        ]
        for (text, indent) in cases {
            #expect(InputLayout.indent(of: Array(text.utf8)) == indent, "\(text.debugDescription)")
        }
        let late = Array(("[" + String(repeating: " ", count: InputLayout.maxBytes) + "\n  1]").utf8)
        #expect(InputLayout.indent(of: late) == .spaces(0))
        #expect(InputLayout.indent(of: Array("[\n  1]".utf8) + Array(repeating: 0xFF, count: 1 << 20)) == .spaces(2))
        var generator = SeededGenerator(seed: 48)
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<200, using: &generator)).map { _ in [0x0A, 0x0D, 0x20, 0x09, 0x7B, 0x80, 0xFF][Int.random(in: 0..<7, using: &generator)] as UInt8 }
            if case .spaces(let width) = InputLayout.indent(of: bytes) { #expect((0...16).contains(width)) }
        }
    }
}
