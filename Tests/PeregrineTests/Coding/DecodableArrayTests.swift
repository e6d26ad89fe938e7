import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery

/// Arrays of any `Decodable` element, which both decoders read element by
/// element off the tape (``DecodableArray``) instead of through the standard
/// library's `Array.init(from:)`: same values, same errors as Foundation.
@Suite struct DecodableArrayTests {
    struct Item: Codable, Equatable {
        var id: Int
        var tags: [String]
    }

    struct Order: Codable, Equatable {
        var items: [Item]
        var empty: [Item]
        var grid: [[Item]]
        var maybe: [Item?]
        var sets: [Set<Int>]
        var nested: [[[Int8]]]
    }

    static let orderText = #"""
        {"items": [{"id": 1, "tags": ["a"]}, {"id": 2, "tags": []}], "empty": [],
         "grid": [[], [{"id": 3, "tags": ["b", "c"]}]], "maybe": [null, {"id": 4, "tags": []}, null],
         "sets": [[1, 2], []], "nested": [[[1, -2], []], []]}
        """#

    @Test func arraysOfModelsDecodeAsFoundationDoes() throws {
        let expected = try JSONDecoder().decode(Order.self, from: Data(Self.orderText.utf8))
        #expect(expected.grid[1][0].tags == ["b", "c"])
        #expect(try JSON.Decoder().decode(Order.self, from: Self.orderText) == expected)
        let packed: [UInt8] = try Binary.Encoder().encode(expected)
        #expect(try Binary.Decoder().decode(Order.self, from: packed) == expected)
    }

    @Test func anElementsErrorNamesItsPlace() throws {
        let text = #"{"items": [{"id": 1, "tags": []}, {"id": 2, "tags": ["x", 5]}]}"#
        let ours = try #require(throws: DecodingError.self) { try JSON.Decoder().decode([String: [Item]].self, from: text) }
        let foundation = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode([String: [Item]].self, from: Data(text.utf8))
        }
        #expect(ours.kindName == "typeMismatch")
        #expect(ours.pathStrings == ["items", "Index 1", "tags", "Index 1"])
        #expect(ours.pathStrings == foundation.pathStrings)
        #expect(ours.context?.debugDescription.hasPrefix("$.items[1].tags[1] (line 1, column 59, offset 58)") == true, "\(ours)")
    }

    @Test func aValueOfAnotherKindIsReportedAsFoundationDoes() throws {
        let text = #"{"items": {"id": 1}}"#
        let ours = try #require(throws: DecodingError.self) { try JSON.Decoder().decode([String: [Item]].self, from: text) }
        let foundation = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode([String: [Item]].self, from: Data(text.utf8))
        }
        guard case .typeMismatch(let type, _) = ours, case .typeMismatch(let expected, _) = foundation else {
            Issue.record("expected type mismatches, got \(ours) and \(foundation)")
            return
        }
        #expect("\(type)" == "\(expected)")
        #expect(ours.pathStrings == ["items"])
    }

    /// Forty array types in one model: more than the 32 slots that remember
    /// which types are arrays, so some share a slot and are checked again.
    struct ManyArrays: Codable, Equatable {
        var a0: [Int8], a1: [Int16], a2: [Int32], a3: [UInt], a4: [UInt8], a5: [UInt16], a6: [UInt32], a7: [UInt64]
        var b0: [Int8?], b1: [Int16?], b2: [Int32?], b3: [UInt?], b4: [UInt8?], b5: [UInt16?], b6: [UInt32?], b7: [UInt64?]
        var c0: [[Int8]], c1: [[Int16]], c2: [[Int32]], c3: [[UInt]], c4: [[UInt8]], c5: [[UInt16]], c6: [[UInt32]], c7: [[UInt64]]
        var d0: [Item], d1: [Item?], d2: [[Item]], d3: [Set<Int>], d4: [Set<String>], d5: [[String: Int]], d6: [Int?], d7: [String?]
        var e0: [Double?], e1: [Int64?], e2: [Float?], e3: [[UInt8]], e4: [[Float]], e5: [[Int16?]], e6: [[Int]], e7: [[Int64]]
    }

    @Test func manyArrayTypesInOneDecode() throws {
        var names: [String] = []
        for prefix in ["a", "b", "c", "d", "e"] { for index in 0..<8 { names.append("\(prefix)\(index)") } }
        let members = names.enumerated().map { index, name -> String in
            if name.first == "d" { return "\"\(name)\": []" }
            if name.first == "c" || index >= 35 { return "\"\(name)\": [[\(index % 2)], []]" }
            return "\"\(name)\": [\(index % 2), 1]"
        }
        let text = "{" + members.joined(separator: ", ") + "}"
        let expected = try JSONDecoder().decode(ManyArrays.self, from: Data(text.utf8))
        #expect(expected.a3 == [1, 1] && expected.e7 == [[1], []])
        // Twice with one decoder: the second decode starts with nothing remembered either.
        let decoder = JSON.Decoder()
        for _ in 0..<2 { #expect(try decoder.decode(ManyArrays.self, from: text) == expected) }
        let packed: [UInt8] = try Binary.Encoder().encode(expected)
        #expect(try Binary.Decoder().decode(ManyArrays.self, from: packed) == expected)
    }
}
