import Foundation
import Peregrine
import Testing
import TestSupport

/// JSON Lines: line numbers, bad lines, chunk boundaries, files, handles and async chunks.
struct JSONLinesTests {
    static let text = "{\"id\": 1}\n\n{\"id\": 2}\r\n{\"id\": tru}\n   \n[3]\n{\"id\": 4}"

    struct Event: Decodable, Equatable { var id: Int }

    /// Lines summarised as `number:value` or `number:error kind`.
    private func summary(_ lines: some Sequence<JSON.Line<JSON>>) -> [String] {
        lines.map { line in
            switch line.result {
            case .success(let value): return "\(line.number):\(value)"
            case .failure(let error): return "\(line.number):\((error.error as? JSON.ParseError).map { "\($0.kind)" } ?? "\(error.error)")"
            }
        }
    }

    static let expected = [#"1:{"id":1}"#, #"3:{"id":2}"#, "4:invalidLiteral", "6:[3]", #"7:{"id":4}"#]

    @Test func readsFilesLineByLineAndReportsBadLines() throws {
        let url = try TemporaryFile.write(Array(Self.text.utf8), suffix: ".ndjson")
        defer { try? FileManager.default.removeItem(at: url) }
        let lines = Array(try JSON.LineReader(contentsOf: url))
        #expect(summary(lines) == Self.expected)
        let bad = try #require(lines.first { $0.number == 4 })
        // `{"id": tru}`: the misspelled literal at offset 7 of line 4.
        let lineError = try #require(throws: JSON.LineError.self) { try bad.get() }
        #expect(lineError.line == 4)
        let parseError = try #require(lineError.error as? JSON.ParseError)
        #expect(parseError.kind == .invalidLiteral)
        #expect(parseError.offset == 7)
        #expect(parseError.line == 1 && parseError.column == 8)
        #expect(bad.description.hasPrefix("line 4: 1:8: "))
        // Stopping at the first bad line.
        var values: [JSON] = []
        let reader = try JSON.LineReader(contentsOf: url)
        do throws(JSON.LineError) {
            for line in reader { values.append(try line.get()) }
        } catch {
            #expect(error.line == 4)
        }
        #expect(values == [["id": 1], ["id": 2]])
    }

    /// `documents()` reads the lines `next()` reads, as documents that
    /// keep their text.
    @Test func documentsReadTheSameLines() throws {
        let documents = Array(JSON.LineReader(bytes: Array(Self.text.utf8)).documents())
        let summaries = documents.map { line in
            switch line.result {
            case .success(let document): return "\(line.number):\(document.root.value ?? nil)"
            case .failure(let error): return "\(line.number):\((error.error as? JSON.ParseError).map { "\($0.kind)" } ?? "\(error.error)")"
            }
        }
        #expect(summaries == Self.expected)
        var reader = JSON.LineReader(bytes: Array("[1.50, -0]\n{\"a\": 1E2}\n".utf8)).documents()
        var written: [String] = []
        while let line = reader.next() { written.append(String(decoding: try line.get().serialized(options: [.numbersAsWritten]), as: UTF8.self)) }
        #expect(written == ["[1.50,-0]", #"{"a":1E2}"#])
        #expect(reader.bytesRead == 22)
    }

    @Test func decodesModelsWithLineNumbersInErrors() throws {
        let url = try TemporaryFile.write(Array(Self.text.utf8), suffix: ".ndjson")
        defer { try? FileManager.default.removeItem(at: url) }
        let lines = Array(try JSON.LineReader(contentsOf: url).decode(Event.self))
        #expect(lines.compactMap { try? $0.get() } == [Event(id: 1), Event(id: 2), Event(id: 4)])
        #expect(lines.filter { (try? $0.get()) == nil }.map(\.number) == [4, 6])
        guard case .failure(let error) = lines.first(where: { $0.number == 6 })?.result else {
            Issue.record("line 6 decoded")
            return
        }
        #expect(error.error is DecodingError)
    }

    @Test func everyChunkBoundaryGivesTheSameLines() async throws {
        let bytes = Array(Self.text.utf8)
        for size in 1...bytes.count {
            let chunks = AsyncStream<[UInt8]> { continuation in
                for start in stride(from: 0, to: bytes.count, by: size) {
                    continuation.yield(Array(bytes[start..<min(start + size, bytes.count)]))
                }
                continuation.finish()
            }
            var lines: [JSON.Line<JSON>] = []
            for try await line in JSON.AsyncLines(chunks) { lines.append(line) }
            #expect(summary(lines) == Self.expected, "chunks of \(size)")
        }
    }

    @Test func asyncLinesDecodeModels() async throws {
        let chunks = AsyncStream<[UInt8]> { continuation in
            continuation.yield(Array("{\"id\": 5}\n{\"id\"".utf8))
            continuation.yield(Array(": 6}\n".utf8))
            continuation.finish()
        }
        var events: [Event] = []
        for try await line in JSON.AsyncLines(chunks, decoding: Event.self) { events.append(try line.get()) }
        #expect(events == [Event(id: 5), Event(id: 6)])
    }

    @Test func tooLongLinesAreSkippedWithoutBeingKept() throws {
        let long = "[" + String(repeating: "1,", count: 5_000) + "1]"
        let url = try TemporaryFile.write(Array("[1]\n\(long)\n[2]\n".utf8), suffix: ".ndjson")
        defer { try? FileManager.default.removeItem(at: url) }
        let lines = Array(try JSON.LineReader(contentsOf: url, maxLineBytes: 1_000))
        #expect(lines.count == 3)
        #expect(lines[0].number == 1 && lines[2].number == 3 && (try? lines[2].get()) == [2])
        guard case .failure(let error) = lines[1].result, let tooLong = error.error as? JSON.LineTooLong else {
            Issue.record("the long line was read")
            return
        }
        #expect(tooLong.length == long.utf8.count && tooLong.limit == 1_000)
    }

    @Test func readsFromAFileHandle() throws {
        let url = try TemporaryFile.write(Array("1\n2\n3".utf8), suffix: ".ndjson")
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = JSON.LineReader(fileHandle: try FileHandle(forReadingFrom: url))
        #expect(reader.map { try? $0.get() } == [1, 2, 3])
    }

    @Test func parallelValidationFindsEveryBadLineInOrder() throws {
        var text = ""
        for line in 1...2_000 { text += line % 97 == 0 ? "{\"bad\": }\r\n" : (line % 13 == 0 ? "\n" : "{\"n\": \(line)}\r\n") }
        text += "[1, 2"
        let bytes = Array(text.utf8)
        let expected = (1...2_000).filter { $0 % 97 == 0 } + [2_001]
        for concurrency in [1, 2, 3, 8] {
            let result = JSON.validateLines(bytes, firstLine: 10, concurrency: concurrency)
            #expect(result.errors.map(\.line) == expected.map { $0 + 9 }, "\(concurrency) threads")
            #expect((result.errors.first?.error as? JSON.ParseError)?.column == 9)
            #expect(result.lineCount == 2_001)
        }
        #expect(JSON.validateLines(Array("1\n2\n".utf8)).errors.isEmpty && JSON.validateLines([UInt8]()).lineCount == 0)
        #expect(JSON.validateLines(Array("1\n2\n".utf8)[2...]).lineCount == 1)
    }

    /// Texts whose lines meet range edges in every way: blank lines, `\r\n`,
    /// no final newline, lines longer than the limit inside and across ranges.
    static let edgeTexts = [
        "", "\n", "1", "1\n", "\n\n", "\n\n[1]\r\n \t\n{\"a\": tru}\n[2]",
        "[1]\n" + String(repeating: "7", count: 30) + "\n{}\n\n[\"" + String(repeating: "x", count: 9) + "\"]\n[",
        String(repeating: "8", count: 25) + "\r\n1\n" + String(repeating: "9", count: 12),
    ]

    @Test func fileValidationCutAnywhereAgreesWithTheLineReader() throws {
        for text in Self.edgeTexts {
            let bytes = Array(text.utf8)
            let url = try TemporaryFile.write(bytes, suffix: ".ndjson")
            defer { try? FileManager.default.removeItem(at: url) }
            let lineCount = bytes.filter { $0 == UInt8(ascii: "\n") }.count + (bytes.last.map { $0 == UInt8(ascii: "\n") ? 0 : 1 } ?? 0)
            for maxLineBytes in [10, 64 << 20] {
                let expected = JSON.LineReader(bytes: bytes, maxLineBytes: maxLineBytes).compactMap { line -> String? in
                    guard case .failure(let error) = line.result else { return nil }
                    return "\(error)"
                }
                for blockBytes in [1, 2, 3, 4, 5, 7, 11, 16, 64] {
                    var errors: [String] = []
                    let lines = try JSON.validateLines(
                        fileHandle: FileHandle(forReadingFrom: url), concurrency: 2, blockBytes: blockBytes, maxLineBytes: maxLineBytes
                    ) { errors.append("\($0)") }
                    #expect(lines == lineCount, "\(text.debugDescription), block \(blockBytes)")
                    #expect(errors == expected, "\(text.debugDescription), block \(blockBytes), limit \(maxLineBytes)")
                }
            }
        }
    }

    @Test func fileValidationStartsAtTheHandlesOffsetAndReadsToTheEnd() throws {
        let url = try TemporaryFile.write(Array("[1\n[2]\n{]\n".utf8), suffix: ".ndjson")
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forReadingFrom: url)
        try handle.seek(toOffset: 3)
        var errors: [JSON.LineError] = []
        var progress: [Int] = []
        let lines = try JSON.validateLines(fileHandle: handle, blockBytes: 2, progress: { progress.append($0) }) { errors.append($0) }
        #expect(lines == 2)
        #expect(progress.last == 7 && progress == progress.sorted())
        #expect(errors.map(\.line) == [2])
        #expect((errors.first?.error as? JSON.ParseError)?.column == 2)
        #expect(try handle.offset() == 10)
    }

    @Test func fileValidationReadsPipesInOrder() throws {
        let pipe = Pipe()
        let text = (1...5_000).map { $0 % 1_000 == 0 ? "[" : "[\($0)]" }.joined(separator: "\n")
        let writer = Thread { pipe.fileHandleForWriting.write(Data(text.utf8)); try? pipe.fileHandleForWriting.close() }
        writer.start()
        var errors: [JSON.LineError] = []
        let lines = try JSON.validateLines(fileHandle: pipe.fileHandleForReading, blockBytes: 100) { errors.append($0) }
        #expect(lines == 5_000)
        #expect(errors.map(\.line) == [1_000, 2_000, 3_000, 4_000, 5_000])
    }
}
