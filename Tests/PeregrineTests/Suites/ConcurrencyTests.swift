import Foundation
import Peregrine
import Testing
import TestSupport
import CorpusModels

/// Many tasks reading one shared document and value, and coding at once.
/// Meant for ThreadSanitizer (`swift test --sanitize=thread`), which reports
/// any unsynchronised access; without it the results are still checked.
@Suite struct ConcurrencyTests {
    static let tasks = 8

    @Test(TestData.needs("corpus"))
    func tasksShareOneDocumentAndOneValue() async throws {
        let bytes = TestData.bytes(TestData.url("corpus/twitter.json"))
        let document = try JSON.Document(parsing: bytes)
        let value = try JSON(parsing: bytes)
        let path = try JSON.JSONPath("$.statuses[*].user.screen_name")
        let expected = try value.jsonPath(path)

        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<Self.tasks {
                group.addTask {
                    let status = task % 100
                    let fromDocument = document.root["statuses"][status]["id"].int64
                    let fromValue = value["statuses"][status]["id"].int64
                    let names = try document.root.jsonPath(path).compactMap(\.string)
                    let model = try document.root.decode(TwitterModel.self)
                    let slash = try value.query("/statuses/*/id").count
                    return fromDocument == fromValue && names == expected.compactMap(\.string)
                        && model.statuses.count == 100 && slash == 100 && document.root.value == value
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: Self.tasks))
    }

    @Test func tasksShareCodersAndTheBinaryTypeCache() async throws {
        struct Shared: Codable, Equatable { var name: String; var when: Date; var tags: Set<String>; var nested: [[Int: UUID]] }
        let sample = Shared(name: "peregrine", when: Date(timeIntervalSince1970: 1), tags: ["a", "b"], nested: [[1: UUID()]])
        let decoder = JSON.Decoder()
        let encoder = JSON.Encoder()
        let binaryEncoder = Binary.Encoder()
        let binaryDecoder = Binary.Decoder()

        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<Self.tasks {
                group.addTask {
                    var same = true
                    for _ in 0..<50 {
                        let text: [UInt8] = try encoder.encode(sample)
                        let packed: [UInt8] = try binaryEncoder.encode(sample)
                        let decoded = try decoder.decode(Shared.self, from: text)
                        let unpacked = try binaryDecoder.decode(Shared.self, from: packed)
                        let reported = try decoder.decodeWithReport(Shared.self, from: text).value
                        same = same && decoded == sample && unpacked == sample && reported == sample
                    }
                    return same
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: Self.tasks))
    }

    @Test func parallelLineValidationFromManyTasks() async throws {
        let lines = (0..<2_000).map { $0 % 97 == 0 ? "{bad" : #"{"line":\#($0)}"# }.joined(separator: "\n")
        let bytes = Array(lines.utf8)
        let counts = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<4 {
                group.addTask { JSON.validateLines(bytes, concurrency: 4).errors.map(\.line) }
            }
            return await group.reduce(into: [[Int]]()) { $0.append($1) }
        }
        let expected = stride(from: 0, to: 2_000, by: 97).map { $0 + 1 }
        #expect(counts == Array(repeating: expected, count: 4))
    }
}
