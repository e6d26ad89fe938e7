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

    /// Each thread keeps what its decodes learn about a model's types (its
    /// keyed-container openers and type roles) for its next decode. Tasks
    /// that interleave models sharing a key type, decodes inside a model's
    /// `init(from:)`, containers kept past their decode and failed decodes,
    /// each in its own order, all get the values a lone decode gets.
    @Test func tasksInterleavingModelsGetWhatALoneDecodeGets() async throws {
        typealias Pair = KeyedContainerOpenerTests.Pair
        /// Reads `Pair.Keys` too, and decodes a `Pair` from a string member inside its own decode.
        struct Wrapper: Decodable, Equatable {
            let inner: Pair
            let outer: Pair
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Pair.Keys.self)
                inner = try JSON.Decoder().decode(Pair.self, from: try container.decode(String.self, forKey: .second))
                outer = try container.decode(Pair.self, forKey: .nested)
            }
        }
        struct Keeper: Decodable {
            let container: KeyedDecodingContainer<Pair.Keys>
            init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: Pair.Keys.self) }
        }
        func pairText(_ n: Int) -> String { #"{"first": \#(n), "second": "s\#(n)", "nested": [{"first": \#(n + 1), "second": "t"}]}"# }
        func pair(_ n: Int) -> Pair { Pair(first: n, second: "s\(n)", nested: [Pair(first: n + 1, second: "t")]) }

        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for task in 0..<Self.tasks {
                group.addTask {
                    var wrong: [String] = []
                    let decoder = JSON.Decoder()
                    var kept: [(Keeper, Int)] = []
                    for round in 0..<200 {
                        let n = task &* 1_000 &+ round
                        // Each task walks the kinds of decode in its own order.
                        switch (round &* (task &+ 1)) % 5 {
                        case 0:
                            if try decoder.decode(Pair.self, from: pairText(n)) != pair(n) { wrong.append("pair \(n)") }
                        case 1:
                            let text = #"{"first": 0, "second": "{\"first\": \#(n), \"second\": \"in\"}", "nested": \#(pairText(n))}"#
                            let wrapper = try decoder.decode(Wrapper.self, from: text)
                            if wrapper.inner != Pair(first: n, second: "in") || wrapper.outer != pair(n) { wrong.append("wrapper \(n)") }
                        case 2:
                            kept.append((try decoder.decode(Keeper.self, from: #"{"second": "kept\#(n)", "first": \#(n)}"#), n))
                            if kept.count > 4 { kept.removeFirst() }
                        case 3:
                            if (try? decoder.decode(Pair.self, from: #"{"first": "not a number", "second": "x"}"#)) != nil { wrong.append("accepted \(n)") }
                        default:
                            if try decoder.decode([Pair].self, from: "[\(pairText(n)), \(pairText(n + 1))]") != [pair(n), pair(n + 1)] {
                                wrong.append("array \(n)")
                            }
                        }
                        for (keeper, k) in kept {
                            if try keeper.container.decode(Int.self, forKey: .first) != k || keeper.container.decode(String.self, forKey: .second) != "kept\(k)" {
                                wrong.append("kept \(k) at \(n)")
                            }
                        }
                    }
                    return wrong
                }
            }
            return try await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(results == [])
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
