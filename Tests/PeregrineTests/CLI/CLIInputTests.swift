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
        #expect(Input.streamingThreshold(in: [:]) == 64 << 20)
        #expect(Input.streamingThreshold(in: ["PEREGRINE_STREAM_THRESHOLD": "1048576"]) == 1 << 20)
        #expect(Input.streamingThreshold(in: ["PEREGRINE_STREAM_THRESHOLD": "1 MiB"]) == 64 << 20)
        #expect(Input.streamingThreshold(in: ["PEREGRINE_STREAM_THRESHOLD": "-1"]) == 64 << 20)
    }
}
