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
    @Test func theMemoryLimitReadsControlGroupFiles() {
        #expect(MemoryLimit.controlGroupLimit("2147483648\n") == 2 << 30)
        #expect(MemoryLimit.controlGroupLimit("max\n") == nil)
        #expect(MemoryLimit.controlGroupLimit("") == nil)
        #expect(MemoryLimit.controlGroupLimit("0\n") == nil)
        #expect(MemoryLimit.controlGroupLimit("-5") == nil)
        #expect(MemoryLimit.bytes > 0 && MemoryLimit.bytes <= ProcessInfo.processInfo.physicalMemory)
    }
}
