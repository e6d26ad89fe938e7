import CorpusModels
import Foundation
@testable import PeregrineCore
import Testing
import TestSupport

/// `JSON.Decoder` decoding a large top-level array a batch of elements at
/// a time (`ArrayBatches`), against the whole decode it stands in for: the
/// same texts accepted, the same values and coding paths, the same errors.
/// Batches are made tiny here (a few tape entries) so that every input
/// spans many of them.
struct ArrayBatchDecodingTests {
    /// A decoder that decodes every array in batches of `entries` tape
    /// entries, or none.
    static func decoder(batches entries: Int?, _ options: JSON.ParseOptions = .init()) -> JSON.Decoder {
        let decoder = JSON.Decoder()
        decoder.parseOptions = options
        decoder.arrayBatchMinimumBytes = entries == nil ? .max : 0
        decoder.arrayBatchEntries = entries ?? 1
        return decoder
    }

    /// What `decoder` gives for `bytes`: the value, or the error's text.
    static func outcome<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], _ decoder: JSON.Decoder) -> String {
        do {
            return "value \(try decoder.decode(type, from: bytes))"
        } catch {
            return "error \(error)"
        }
    }

    /// Expects batches of 1, 3 and 64 entries and the whole decode to agree
    /// on `bytes` as `[T]` under every policy; returns how many times the
    /// batches decoded it themselves.
    @discardableResult
    static func expectSameOutcomes<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], _ name: String) -> Int {
        var decodedInBatches = 0
        for (policy, options) in ElementwiseParseTests.policies {
            let whole = outcome([T].self, bytes, decoder(batches: nil, options))
            for entries in [1, 3, 64] {
                let batches = decoder(batches: entries, options)
                #expect(outcome([T].self, bytes, batches) == whole, "\(name), \(policy), \(entries) entries")
                if batches.decodedInBatches([T].self, from: InputBytes(bytes), settings: batches.settings) != nil {
                    decodedInBatches += 1
                    #expect(whole.hasPrefix("value "), "\(name), \(policy): decoded in batches, rejected whole")
                }
            }
        }
        return decodedInBatches
    }

    @Test(TestData.needs("conformance/JSONTestSuite"))
    func decidesTheJSONTestSuiteAsAWholeDecode() {
        var decodedInBatches = 0
        for file in TestData.files(in: "conformance/JSONTestSuite/test_parsing") {
            decodedInBatches += Self.expectSameOutcomes(JSON.self, TestData.bytes(file), file.lastPathComponent)
        }
        // The suite's arrays are decoded in batches (y_array_*, y_structure_*, …).
        #expect(decodedInBatches > 100)
    }

    @Test func decidesTheFuzzSeedsAsAWholeDecode() {
        let folder = TestData.packageRoot.appendingPathComponent("FuzzTesting/Seeds/FuzzParse")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        #expect(!names.isEmpty)
        for name in names.sorted() {
            Self.expectSameOutcomes(JSON.self, TestData.bytes(folder.appendingPathComponent(name)), name)
        }
    }

    struct Record: Codable, Equatable {
        var id: Int
        var name: String
        var tags: [String]
        var score: Double
        var nested: Nested

        struct Nested: Codable, Equatable {
            var x: Int
            var y: [Int]
        }
    }

    static func records(_ count: Int) -> [String] {
        (0..<count).map { index in
            #"{"id":\#(index),"name":"user \u00e9\#(index)","tags":["a","b"],"score":\#(index).5,"nested":{"x":1,"y":[1,2,\#(index)]}}"#
        }
    }

    /// Arrays of records with bytes changed, added or removed at random
    /// places (a fixed seed): most break the text or the model somewhere.
    @Test func decidesMutatedArraysAsAWholeDecode() {
        var random = SeededGenerator(seed: 0xBA7C_4E5)
        let original = Array(("[" + Self.records(30).joined(separator: ",\n ") + "]\n").utf8)
        var decodedInBatches = 0
        for round in 0..<150 {
            decodedInBatches += Self.expectSameOutcomes(Record.self, random.broken(original), "#\(round)")
        }
        #expect(decodedInBatches > 20)
    }

    /// A model that keeps the coding path its decoder had.
    struct Located: Decodable, Equatable {
        var path: String
        var value: Int

        init(from decoder: any Decoder) throws {
            path = decoder.codingPath.map(\.stringValue).joined(separator: "/")
            value = try decoder.singleValueContainer().decode(Int.self)
        }
    }

    /// Elements are numbered through the whole array, not from each
    /// batch's first: in coding paths, in errors, and in a report.
    @Test func pathsNumberTheWholeArray() throws {
        let bytes = Array(("[" + (0..<50).map(String.init).joined(separator: ", ") + "]").utf8)
        let located = try Self.decoder(batches: 3).decode([Located].self, from: bytes)
        #expect(located.map(\.path) == (0..<50).map { "Index \($0)" })
        #expect(located == (try Self.decoder(batches: nil).decode([Located].self, from: bytes)))

        struct Profile: Codable, Equatable {
            var id: Int
            @Default<LenientDecodingTests.Zero> var followers: Int
            @Lossy var tags: [Int]
        }
        let profiles = (0..<20).map { #"{"id": \#($0), "tags": [1, "two"]}"# }
        let text = Array(("[" + profiles.joined(separator: ",") + "]").utf8)
        let (batched, report) = try Self.decoder(batches: 5).decodeWithReport([Profile].self, from: text)
        let (whole, wholeReport) = try Self.decoder(batches: nil).decodeWithReport([Profile].self, from: text)
        #expect(batched == whole)
        #expect(report.events.map(\.path) == wholeReport.events.map(\.path))
        #expect(report.events.map(\.path).suffix(2) == ["$[19].followers", "$[19].tags[1]"])
    }

    /// An element that does not fit the model makes the decode whole: the
    /// error is the whole decode's, with its path and position, and the
    /// report keeps nothing the batches before it recorded.
    @Test func anElementThatDoesNotFitIsReportedAsByTheWholeDecode() throws {
        var records = Self.records(40)
        records[33] = records[33].replacingOccurrences(of: #""score":33.5"#, with: #""score":"high""#)
        let bytes = Array(("[" + records.joined(separator: ",") + "]").utf8)
        let error = try #require(throws: DecodingError.self) { try Self.decoder(batches: 4).decode([Record].self, from: bytes) }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected a type mismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["Index 33", "score"])
        #expect(context.debugDescription.hasPrefix("$[33].score (line 1, column "))
        #expect(Self.outcome([Record].self, bytes, Self.decoder(batches: 4)) == Self.outcome([Record].self, bytes, Self.decoder(batches: nil)))

        struct Lenient: Codable { @Lossy var tags: [Int]; var id: Int }
        let lenient = (0..<10).map { #"{"tags": ["x"], "id": \#($0 == 7 ? "\"seven\"" : "\($0)")}"# }
        let text = Array(("[" + lenient.joined(separator: ",") + "]").utf8)
        let collector = ReportCollector()
        _ = try? ReportCollector.$current.withValue(collector) { try Self.decoder(batches: 2).decode([Lenient].self, from: text) }
        let wholeCollector = ReportCollector()
        _ = try? ReportCollector.$current.withValue(wholeCollector) { try Self.decoder(batches: nil).decode([Lenient].self, from: text) }
        #expect(collector.report.events.map(\.path) == wholeCollector.report.events.map(\.path))
        #expect(collector.report.events.count == 8)  // elements 0 to 7, once each
    }

    /// Repeated keys under `.reject` across batches, depth limits for each
    /// element, and trailing text: as the whole decode decides them.
    @Test func limitsAndPoliciesHoldAcrossBatches() {
        var records = Self.records(30)
        records[17] = #"{"id":1,"name":"x","tags":[],"score":1,"nested":{"x":1,"y":[],"x":2}}"#
        Self.expectSameOutcomes(Record.self, Array(("[" + records.joined(separator: ",") + "]").utf8), "a repeated key")
        // A repeated key in the first element of a batch, at the tape index
        // where an object of its shape, found unique, stood in the batch before.
        struct Pair: Codable { var id: Int; var nm: String? }
        let pairs = Array(#"[{"id":0,"nm":"x"},{"id":1,"nm":"y"},{"id":2,"id":3}]"#.utf8)
        Self.expectSameOutcomes(Pair.self, pairs, "a repeated key first in its batch")
        var reject = JSON.ParseOptions()
        reject.duplicateKeys = .reject
        #expect(Self.outcome([Pair].self, pairs, Self.decoder(batches: 1, reject)).contains("duplicate key"))
        for maxDepth in 0...4 {
            var options = JSON.ParseOptions()
            options.maxDepth = maxDepth
            for depth in 0...5 {
                let nested = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
                let bytes = Array("[0, \(nested), 2]".utf8)
                let whole = Self.outcome([JSON].self, bytes, Self.decoder(batches: nil, options))
                #expect(Self.outcome([JSON].self, bytes, Self.decoder(batches: 1, options)) == whole, "max \(maxDepth), depth \(depth)")
            }
        }
        for text in ["[1, 2] 3", "[1, 2", "[1 2]", "[1, 2,]", "\u{FEFF}[1, 2]", " [ ] ", "[]x", "{\"a\": [1]}"] {
            Self.expectSameOutcomes(JSON.self, Array(text.utf8), text)
        }
    }

    struct Event: Codable, Equatable {
        var eventName: String
        var at: Date
        var weight: Double?
    }

    /// Arrays of numbers and optionals (which the whole decode reads in
    /// loops of their own), and the decoder's strategies, a `.custom` key
    /// strategy seeing the whole array's positions: as the whole decode.
    @Test func elementKindsAndStrategiesAsWhole() throws {
        let doubles = Array(("[" + (0..<40).map { "\($0).25" }.joined(separator: ",") + "]").utf8)
        #expect(try Self.decoder(batches: 2).decode([Double].self, from: doubles) == (0..<40).map { Double($0) + 0.25 })
        let optionals = Array("[1, null, 3, null, 5, 6, null]".utf8)
        #expect(try Self.decoder(batches: 2).decode([Int?].self, from: optionals) == [1, nil, 3, nil, 5, 6, nil])
        let rows = Array("[[1.5, 2], [], [3, 4, 5], [6]]".utf8)
        #expect(try Self.decoder(batches: 1).decode([[Double]].self, from: rows) == [[1.5, 2], [], [3, 4, 5], [6]])

        let events = (0..<30).map { #"{"event_name": "e\#($0)", "at": \#(1_000 + $0), "weight": \#($0 % 3 == 0 ? "null" : "1.5")}"# }
        let text = Array(("[" + events.joined(separator: ",") + "]").utf8)
        final class Paths: @unchecked Sendable { var seen: [String] = [] }
        func decoder(batches: Int?, paths: Paths) -> JSON.Decoder {
            let decoder = Self.decoder(batches: batches)
            decoder.dateDecodingStrategy = .secondsSince1970
            decoder.keyDecodingStrategy = .custom { path in
                paths.seen.append(path.map(\.stringValue).joined(separator: "/"))
                return AnyCodingKey(stringValue: SnakeCase.toCamelCase(path.last?.stringValue ?? ""))
            }
            return decoder
        }
        let (batchedPaths, wholePaths) = (Paths(), Paths())
        let batched = try decoder(batches: 7, paths: batchedPaths).decode([Event].self, from: text)
        let whole = try decoder(batches: nil, paths: wholePaths).decode([Event].self, from: text)
        #expect(batched == whole)
        #expect(batched[29] == Event(eventName: "e29", at: Date(timeIntervalSince1970: 1_029), weight: 1.5))
        #expect(batchedPaths.seen == wholePaths.seen)
        #expect(batchedPaths.seen.last == "Index 29/weight")
    }

    /// Generated and `Codable` models of twitter's statuses, decoded from
    /// their array in batches, equal the whole decode's.
    @Test(TestData.needs("corpus"))
    func corpusModelsDecodeAsWhole() throws {
        let twitter = try JSON(parsing: TestData.bytes(TestData.url("corpus/twitter.json")))
        let statuses = try #require(twitter["statuses"].value).serialized()
        let generated = try Self.decoder(batches: 300).decode([GeneratedTwitterStatusesItem].self, from: statuses)
        #expect(generated.count == 100)
        #expect(generated == (try Self.decoder(batches: nil).decode([GeneratedTwitterStatusesItem].self, from: statuses)))
        let codable = try Self.decoder(batches: 300).decode([TwitterStatusesItem].self, from: statuses)
        #expect(codable == (try Self.decoder(batches: nil).decode([TwitterStatusesItem].self, from: statuses)))
    }

    /// An array of 4 MiB or more is decoded in batches by default, from
    /// bytes and from memory lent; a smaller one, or another type, whole.
    /// Records with long names reach 4 MiB in a few thousand elements.
    @Test func largeArraysAreDecodedInBatches() throws {
        let name = String(repeating: "n", count: 1_000)
        let record = #"{"id":1,"name":"\#(name)","tags":["a","b"],"score":1.5,"nested":{"x":1,"y":[1,2,3]}}"#
        let count = (4 << 20) / record.utf8.count + 1
        let bytes = Array(("[" + Array(repeating: record, count: count).joined(separator: ",") + "]").utf8)
        let decoder = JSON.Decoder()
        #expect(decoder.decodedInBatches([Record].self, from: InputBytes(bytes), settings: decoder.settings) != nil)
        #expect(decoder.decodedInBatches(JSON.self, from: InputBytes(bytes), settings: decoder.settings) == nil)
        #expect(decoder.decodedInBatches([Record].self, from: InputBytes(Array(bytes.prefix(1000))), settings: decoder.settings) == nil)
        let fromBytes = try decoder.decode([Record].self, from: bytes)
        let fromMemory = try bytes.withUnsafeBytes { try decoder.decode([Record].self, from: $0) }
        #expect(fromBytes.count == count)
        #expect(fromBytes == fromMemory)
        #expect(fromBytes.allSatisfy { $0 == fromBytes[0] } && fromBytes[0].name == name)
    }
}
