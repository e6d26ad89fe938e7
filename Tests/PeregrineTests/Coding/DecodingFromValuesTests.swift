import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery

/// `JSON.Decoder.decode(_:from: JSON)` and lookups read the value itself:
/// the same results as decoding its text, paths without positions, any depth.
@Suite struct DecodingFromValuesTests {
    struct Sample: Codable, Equatable {
        var name: String
        var quote: String
        var big: Decimal
        var id: UInt64
        var ratio: Double
        var tags: [String]
        var nested: [String: [Int]]
        var flag: Bool?
    }

    static let text = #"""
        {"name": "Ada \"the\" first\n", "quote": "\u00e9\ud834\udd1e/\\", "big": 123456789012345678901234567890.5,
         "id": 18446744073709551615, "ratio": -0.0, "tags": ["a", "", "é"], "nested": {"x": [1, 2], "": []}, "flag": null}
        """#

    @Test func valuesDecodeAsTheirTextDoes() throws {
        let value = try JSON(parsing: Self.text, options: .init(numbers: .lossless))
        let fromText = try JSON.Decoder().decode(Sample.self, from: Self.text)
        let fromValue = try JSON.Decoder().decode(Sample.self, from: value)
        #expect(fromValue == fromText)
        #expect(fromValue.ratio.sign == .minus)
        #expect(try value["nested"].decode([String: [Int]].self) == ["x": [1, 2], "": []])
    }

    @Test func errorsFromValuesHavePathsWithoutPositions() throws {
        let value: JSON = ["items": [["id": 1], ["id": "two"]]]
        struct Item: Decodable { var id: Int }
        do {
            _ = try JSON.Decoder().decode([String: [Item]].self, from: value)
            Issue.record("decoded a string as Int")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["items", "Index 1", "id"])
            #expect(context.debugDescription == #"$.items[1].id: expected Int, found string "two""#)
        }
        // A lookup's path leads the coding path.
        do {
            _ = try value["items"][1].decode(Item.self)
            Issue.record("decoded a string as Int")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.debugDescription == #"$.items[1].id: expected Int, found string "two""#)
        }
    }

    @Test func flatteningKeepsTheTapeShapeAtAnyDepth() throws {
        var deep = JSON.array([])
        for _ in 0..<100_000 { deep = .array([deep]) }
        let document = try JSON.Document(flattening: deep)
        #expect(document.tape.count == 100_001)
        #expect(document.tape[0].endIndex == 100_001 && document.tape[99_999].endIndex == 100_001)
        // Tear down without recursion: release the deepest level first.
        while case .array(let inner) = deep, let first = inner.first { deep = first }
    }

    @Test func loopsOverNodesThatFailBuildTheIndexesOnce() throws {
        func work(_ count: Int) throws -> Int {
            let text = "[" + (0..<count).map { $0 % 2 == 0 ? "\($0)" : "\"\($0)\"" }.joined(separator: ",") + "]"
            let document = try JSON.Document(parsing: text)
            let counter = WorkCounter()
            let decoded = WorkCounter.$current.withValue(counter) {
                (0..<count).compactMap { try? document.root[$0].decode(Int.self) }
            }
            #expect(decoded.count == count / 2)
            return counter.units
        }
        let small = try work(250)
        let large = try work(2_000)
        #expect(small > 0 && Double(large) <= 9 * Double(small), "work \(small) at n, \(large) at 8n")
    }
}
