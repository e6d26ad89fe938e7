import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// gzip input to the streaming readers and to file validation: inflated
/// chunk by chunk, in bounded memory.
struct GzipStreamTests {
    /// Lines 1–3000, every 1000th one broken.
    static let lines: [UInt8] = Array((1...3_000).map { $0 % 1_000 == 0 ? "{\"n\": tru}" : "{\"n\": \($0)}" }.joined(separator: "\n").utf8)

    private func validate(_ bytes: [UInt8], blockBytes: Int = 4 << 20, maxLineBytes: Int = 64 << 20) throws -> (lines: Int, errors: [JSON.LineError]) {
        let url = try TemporaryFile.write(bytes, suffix: ".gz")
        defer { try? FileManager.default.removeItem(at: url) }
        var errors: [JSON.LineError] = []
        let lines = try JSON.validateLines(
            fileHandle: FileHandle(forReadingFrom: url), concurrency: 2, blockBytes: blockBytes, maxLineBytes: maxLineBytes
        ) { errors.append($0) }
        return (lines, errors)
    }

    @Test func lineReaderInflatesGzip() throws {
        let plain = Array(JSON.LineReader(bytes: Self.lines))
        let inflated = Array(JSON.LineReader(bytes: Gzip.deflate(Self.lines)))
        #expect(inflated.count == 3_000)
        #expect(inflated.map(\.number) == plain.map(\.number))
        #expect(inflated.compactMap { try? $0.result.get() } == plain.compactMap { try? $0.result.get() })
        #expect(inflated.filter { (try? $0.result.get()) == nil }.map(\.number) == [1_000, 2_000, 3_000])
    }

    @Test func streamReaderInflatesGzipFromAFile() throws {
        let array = "[" + (0..<20_000).map { #"{"i":\#($0)}"# }.joined(separator: ",") + "]"
        // Two members: concatenated gzip files are one stream.
        let halves = (Array(array.utf8.prefix(70_001)), Array(array.utf8.dropFirst(70_001)))
        let url = try TemporaryFile.write(Gzip.deflate(halves.0) + Gzip.deflate(halves.1), suffix: ".gz")
        defer { try? FileManager.default.removeItem(at: url) }
        var reader = try JSON.StreamReader(contentsOf: url)
        var count = 0
        while let element = try reader.next() {
            #expect(element.value["i"].int == count)
            count += 1
        }
        #expect(count == 20_000)
        #expect(reader.bytesRead == (try Data(contentsOf: url)).count)
    }

    @Test func brokenGzipEndsTheStreamWithItsOffset() throws {
        let packed = Gzip.deflate(Self.lines)
        let truncated = Array(JSON.LineReader(bytes: Array(packed.prefix(packed.count / 2))))
        let error = try #require(truncated.last.flatMap { line -> JSON.ParseError? in
            guard case .failure(let failure) = line.result else { return nil }
            return failure.error as? JSON.ParseError
        })
        #expect(error.kind == .invalidCompressedData && error.offset == packed.count / 2)
        #expect(error.message == "invalid gzip data at compressed byte \(packed.count / 2): the gzip data is truncated")
        #expect(error.line == 0 && error.column == 0 && error.excerpt.isEmpty)

        let trailing = Array(JSON.LineReader(bytes: packed + Array("junk".utf8)))
        guard case .failure(let failure)? = trailing.last?.result, let parseError = failure.error as? JSON.ParseError else {
            Issue.record("trailing bytes after gzip were not an error")
            return
        }
        #expect(parseError.kind == .invalidCompressedData && parseError.offset == packed.count)
    }

    @Test func streamReaderReportsBrokenGzipAtItsCompressedOffset() throws {
        let packed = Gzip.deflate(Array("[1, 2, 3]".utf8))
        let url = try TemporaryFile.write(Array(packed.prefix(12)), suffix: ".gz")
        defer { try? FileManager.default.removeItem(at: url) }
        var reader = try JSON.StreamReader(contentsOf: url)
        #expect {
            while try reader.next() != nil {}
        } throws: { error in
            let error = error as? JSON.StreamError
            return error?.offset == 12 && error?.line == 0 && error?.parseError?.kind == .invalidCompressedData
                && error?.message == "invalid gzip data at compressed byte 12: the gzip data is truncated"
        }
    }

    @Test func fileValidationFindsTheSameLinesPlainAndGzipped() throws {
        for bytes in [Self.lines, Gzip.deflate(Self.lines)] {
            for blockBytes in [1, 100, 4 << 20] {
                let result = try validate(bytes, blockBytes: blockBytes)
                #expect(result.lines == 3_000, "block \(blockBytes)")
                #expect(result.errors.map(\.line) == [1_000, 2_000, 3_000], "block \(blockBytes)")
            }
        }
    }

    @Test func fileValidationSkipsLinesLongerThanTheLimit() throws {
        // Longer than a 64 KiB read, so the long lines span chunks.
        let long = String(repeating: "7", count: 100_000)
        let text = "[1]\n\(long)\n[2]\n{\n\(long)"
        let result = try validate(Array(text.utf8), blockBytes: 64, maxLineBytes: 70_000)
        #expect(result.lines == 5)
        #expect(result.errors.map(\.line) == [2, 4, 5])
        #expect((result.errors.first?.error as? JSON.LineTooLong)?.length == 100_000)
        #expect(result.errors[1].error is JSON.ParseError)
    }

    @Test func fileValidationThrowsForBrokenGzipAfterTheLinesBeforeIt() throws {
        let packed = Gzip.deflate(Self.lines)
        #expect {
            _ = try validate(Array(packed.dropLast(20)))
        } throws: { error in
            (error as? JSON.ParseError)?.kind == .invalidCompressedData
        }
    }
}
