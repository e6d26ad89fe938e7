import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// Streaming the elements of one huge array or object.
struct StreamReaderTests {
    /// All elements of `text`, or the error.
    private func read(_ text: String, maxElementBytes: Int = 1 << 20) throws -> Result<[JSON.StreamReader.Element], JSON.StreamError> {
        let url = try TemporaryFile.write(text)
        defer { try? FileManager.default.removeItem(at: url) }
        var reader = try JSON.StreamReader(contentsOf: url, maxElementBytes: maxElementBytes)
        var elements: [JSON.StreamReader.Element] = []
        do throws(JSON.StreamError) {
            while let element = try reader.next() { elements.append(element) }
            return .success(elements)
        } catch {
            return .failure(error)
        }
    }

    /// All elements of `text` as nodes, or the error.
    private func readNodes(_ text: String, options: JSON.ParseOptions = .init()) throws -> Result<[JSON.StreamReader.NodeElement], JSON.StreamError> {
        let url = try TemporaryFile.write(text)
        defer { try? FileManager.default.removeItem(at: url) }
        var reader = try JSON.StreamReader(contentsOf: url, options: options)
        var elements: [JSON.StreamReader.NodeElement] = []
        do throws(JSON.StreamError) {
            while let element = try reader.nextNode() { elements.append(element) }
            return .success(elements)
        } catch {
            return .failure(error)
        }
    }

    static let array = "[ {\"a\": \"x,]\\\"\"}, [1, [2]], \"s\",\n 3.5, null ]\n"

    @Test func arrayElementsOneByOne() throws {
        let elements = try read(Self.array).get()
        #expect(elements.map(\.value) == [["a": "x,]\""], [1, [2]], "s", 3.5, nil])
        #expect(elements.allSatisfy { $0.key == nil })
        #expect(elements.map(\.offset) == [2, 18, 28, 34, 39])
    }

    @Test func validateRestAcceptsWhatNextReads() throws {
        for text in [Self.array, #"{"a": 1, "b": {"c": [1, "}"]}}"#, "[]"] {
            let url = try TemporaryFile.write(text)
            defer { try? FileManager.default.removeItem(at: url) }
            var reader = try JSON.StreamReader(contentsOf: url)
            var offsets: [Int] = []
            try reader.validateRest { offsets.append($0) }
            #expect(offsets.last == text.utf8.count)
        }
    }

    @Test func objectMembersOneByOne() throws {
        let elements = try read(#"{"a": 1, "b": {"c": [1, "}"]}, "d": "e"}"#).get()
        #expect(elements.map(\.key) == ["a", "b", "d"])
        #expect(elements.map(\.value) == [1, ["c": [1, "}"]], "e"])
        #expect(try read("[]").get().isEmpty && read(" {} ").get().isEmpty)
    }

    /// `nextNode()` reads what `next()` reads, with the same checks, as
    /// nodes that keep their text: numbers written as written.
    @Test func nodesReadWhatValuesRead() throws {
        for text in [Self.array, #"{"a": 1.50, "b": {"c": [1E2, "}"]}, "d": "e"}"#, "[]", "[1, tru]", "[1,\n [2, tru]]", #"{"a": 1, "a": 2}"#] {
            let values = try read(text)
            let nodes = try readNodes(text)
            switch (values, nodes) {
            case (.success(let values), .success(let nodes)):
                #expect(nodes.map(\.node.value) == values.map(\.value), "\(text)")
                #expect(nodes.map(\.key) == values.map(\.key) && nodes.map(\.offset) == values.map(\.offset), "\(text)")
            case (.failure(let a), .failure(let b)):
                #expect(a.message == b.message && a.offset == b.offset && a.line == b.line, "\(text): \(a) \(b)")
            default:
                Issue.record("\(text): values \(values), nodes \(nodes)")
            }
        }
        let written = try readNodes(#"{"a": 1.50, "b": [-0, 1E2], "a": 3}"#, options: .init(duplicateKeys: .firstWins)).get()
        #expect(try written.map { try $0.node.serialized(options: [.numbersAsWritten]).map { String(decoding: $0, as: UTF8.self) } } == ["1.50", "[-0,1E2]"])
        #expect(written.map(\.key) == ["a", "b"])
    }

    @Test func everyChunkBoundaryGivesTheSameElements() throws {
        let bytes = Array(Self.array.utf8)
        var whole = ElementSplitter(maxElementBytes: 1 << 20)
        let expected = try bytes.withUnsafeBufferPointer { (buffer) throws(ElementSplitter.Failure) in try whole.split(buffer) }.map(\.bytes)
        for size in 1...bytes.count {
            var splitter = ElementSplitter(maxElementBytes: 1 << 20)
            var pieces: [[UInt8]] = []
            for start in stride(from: 0, to: bytes.count, by: size) {
                let chunk = Array(bytes[start..<min(start + size, bytes.count)])
                pieces += try chunk.withUnsafeBufferPointer { (buffer) throws(ElementSplitter.Failure) in try splitter.split(buffer) }.map(\.bytes)
            }
            try splitter.finish()
            #expect(pieces == expected, "chunks of \(size)")
        }
    }

    @Test func malformedContainersStopWithPositions() throws {
        let cases: [(String, String, Int, Int)] = [
            ("[1, 2,]", "a trailing comma", 6, 1),
            ("[1,, 2]", "an empty element before this comma", 3, 1),
            ("[1, 2", "the input ends before the top-level value is closed", 5, 1),
            ("[1]\n x", "unexpected 'x' after the end of the top-level value", 5, 2),
            ("", "the input is empty", 0, 1),
            ("5", "expected an array or an object to stream, found '5'", 0, 1),
            ("[1}", "'}' does not close the top-level array", 2, 1),
            ("[1,\n [2, tru]]", "expected 'true', found 'tru]'", 9, 2),
        ]
        for (text, message, offset, line) in cases {
            guard case .failure(let error) = try read(text) else {
                Issue.record("read \(text)")
                continue
            }
            #expect(error.offset == offset && error.line == line, "\(text): \(error)")
            #expect(error.message.hasPrefix(message.prefix(12)), "\(text): \(error)")
            // Validating without building values finds the same error.
            let url = try TemporaryFile.write(text)
            defer { try? FileManager.default.removeItem(at: url) }
            var reader = try JSON.StreamReader(contentsOf: url)
            do throws(JSON.StreamError) {
                try reader.validateRest()
                Issue.record("validated \(text)")
            } catch {
                #expect(error.offset == offset && error.line == line, "validating \(text): \(error)")
            }
        }
        guard case .failure(let error) = try read("[\"" + String(repeating: "x", count: 100) + "\"]", maxElementBytes: 50) else {
            Issue.record("read a long element")
            return
        }
        #expect(error.message == "an element is longer than 50 bytes" && error.offset == 1)
    }
}
