import Foundation
import Peregrine
import PeregrineMacros
import Testing
import TestSupport

/// Generic models: the generated path and the `Codable` path give the same
/// values, bytes and errors, whether the parameter has generated coders
/// (`Page<Profile>`), only `Codable` ones (`Page<PlainPoint>`, `Page<Date>`)
/// or is itself a generic model (`Page<Page<Int>>`), in JSON and binary.
@Suite struct GenericModelTests {
    static let profiles = """
        {"items": [{"name": "a", "age": 1, "ids": [1, 2]}, {"name": "b", "ids": []}], "next": "p2",
         "first": {"name": "c", "ids": [3]}, "byName": {"d": {"name": "d", "age": null, "ids": []}}}
        """
    static let points = #"{"items": [{"x": 1, "y": 2.5}, {"x": 2}], "next": null, "first": {"x": 3}, "byName": {"p": {"x": 4, "y": -1}}}"#
    static let nested = #"{"items": [{"items": [1, 2], "first": 3}, {"items": [], "next": "n", "byName": {"a": 1}}], "first": {"items": [4]}}"#

    @Test func parametersWithGeneratedOrCodableCoders() throws {
        let page = try JSON.Decoder().decode(Page<Profile>.self, from: Self.profiles)
        #expect(page.items.map(\.name) == ["a", "b"] && page.first?.ids == [3] && page.byName?["d"]?.age == nil && page.next == "p2")
        #expect(expectSameDecoding(Page<Profile>.self, Self.profiles) == nil)
        #expect(expectSameDecoding(Page<PlainPoint>.self, Self.points) == nil)
        #expect(expectSameDecoding(Page<Page<Int>>.self, Self.nested) == nil)
        #expect(try JSON.Decoder().decode(Page<Page<Int>>.self, from: Self.nested).items[1].byName == ["a": 1])
        expectSameEncoding(page)
        expectSameEncoding(try JSON.Decoder().decode(Page<PlainPoint>.self, from: Self.points))
        expectSameEncoding(try JSON.Decoder().decode(Page<Page<Int>>.self, from: Self.nested))
        // Foundation's coders read and write the same JSON (synthesised `Codable`, conditional).
        let foundation = try JSONDecoder().decode(Page<Profile>.self, from: Data(Self.profiles.utf8))
        #expect(foundation == page)
        #expect(try JSON.Decoder().decode(Page<Profile>.self, from: JSONEncoder().encode(page)) == page)
    }

    /// `OnlyGenerated` fails on its `Decodable` path and `OnlyGeneratedOutput`
    /// on its `Encodable` one: a generic model's members of their type take
    /// the generated path, in arrays, optionals and dictionaries, in JSON and binary.
    @Test func membersOfTheParameterTakeItsGeneratedCoders() throws {
        let text = #"{"items": [1, 2], "first": 3, "byName": {"a": 4}}"#
        let page = try JSON.Decoder().decode(Page<OnlyGenerated>.self, from: text)
        #expect(page.items == [OnlyGenerated(value: 1), OnlyGenerated(value: 2)] && page.first == OnlyGenerated(value: 3))
        #expect(page.byName == ["a": OnlyGenerated(value: 4)])
        #expect(throws: DecodingError.self) { try JSON.Decoder().decode(CodablePath<Page<OnlyGenerated>>.self, from: text) }
        let packed: [UInt8] = try Binary.Encoder().encode(Page(items: [1, 2], next: nil, first: 3, byName: ["a": 4]))
        #expect(try Binary.Decoder().decode(Page<OnlyGenerated>.self, from: packed) == page)
        let output = Page(items: [OnlyGeneratedOutput()], next: "n", first: OnlyGeneratedOutput(), byName: ["a": OnlyGeneratedOutput()])
        #expect(try JSON.Encoder().encode(output) as [UInt8] == Array(#"{"items":[7],"next":"n","first":7,"byName":{"a":7}}"#.utf8))
        #expect(throws: EncodingError.self) { try JSON.Encoder().encode(CodablePath(output)) as [UInt8] }
        let binary: [UInt8] = try Binary.Encoder().encode(output)
        #expect(binary == (try Binary.Encoder().encode(Page(items: [7], next: "n", first: 7, byName: ["a": 7]))))
    }

    /// Every value of the payloads replaced by each other kind of value, and
    /// every member removed: both paths agree, through both kinds of parameter.
    @Test func everyMutationOfThePayloads() throws {
        var errors = 0
        func mutate<T: Codable & Equatable>(_ type: T.Type, _ text: String) throws {
            let base = try JSON(parsing: text)
            let replacements: [JSON] = [.null, "text", 1.5, -1, true, [], ["x": 1]]
            for text in try payloadMutations(of: base, replacing: replacements) where expectSameDecoding(T.self, text) != nil {
                errors += 1
            }
        }
        try mutate(Page<Profile>.self, Self.profiles)
        try mutate(Page<PlainPoint>.self, Self.points)
        try mutate(Page<Page<Int>>.self, Self.nested)
        #expect(errors > 150, "\(errors) errors")
        let error = try #require(expectSameDecoding(Page<Page<Int>>.self, #"{"items": [{"items": [1, "x"]}]}"#))
        #expect(error.hasPrefix("typeMismatch(Int) [items#-/Index 0#0/items#-/Index 1#1] $.items[0].items[1] (line 1, column "), "\(error)")
        let point = try #require(expectSameDecoding(Page<PlainPoint>.self, #"{"items": [{"y": 1}]}"#))
        #expect(point.hasPrefix("keyNotFound(x) [items#-/Index 0#0]"), "\(point)")
    }

    @Test func strategiesReachTheParameter() throws {
        let decoder = JSON.Decoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let text = #"{"items": ["2024-01-02T03:04:05Z"], "by_name": {"a_b": "2024-01-02T03:04:06Z"}, "first": "x"}"#
        let error = try #require(expectSameDecoding(Page<Date>.self, text, decoder: decoder))
        #expect(error.hasPrefix("dataCorrupted [first#-] $.first (line 1, column "), "\(error)")
        let valid = text.replacingOccurrences(of: #""x""#, with: "null")
        #expect(expectSameDecoding(Page<Date>.self, valid, decoder: decoder) == nil)
        #expect(try decoder.decode(Page<Date>.self, from: valid).byName?.keys.first == "a_b")
        let encoder = JSON.Encoder()
        encoder.dateEncodingStrategy = .iso8601
        expectSameEncoding(try decoder.decode(Page<Date>.self, from: valid), encoder: encoder)
    }

    @Test func phantomParametersKeyPathsAndClasses() throws {
        let text = #"{"data": {"value": [1.5, 2]}, "more": true}"#
        let tagged = try JSON.Decoder().decode(Tagged<Meters, [Double]>.self, from: text)
        #expect(tagged.value == [1.5, 2] && tagged.version == 1 && tagged.extra == ["more": true])
        #expect(expectSameDecoding(Tagged<Meters, [Double]>.self, text) == nil)
        #expect(expectSameDecoding(Tagged<Meters, Profile>.self, #"{"data": {"value": {"name": 1}}}"#)?.hasPrefix("typeMismatch(String) [data#-/value#-/name#-]") == true)
        #expect(expectSameDecoding(Tagged<Meters, Int>.self, #"{"data": null}"#)?.hasPrefix("valueNotFound") == true)
        expectSameEncoding(tagged)
        #expect(try JSON.Encoder().encode(tagged) as [UInt8] == Array(#"{"data":{"value":[1.5,2]},"version":1,"more":true}"#.utf8))
        let tree = Tree("root", children: [Tree("a"), Tree("b", children: [Tree("c")])])
        expectSameEncoding(tree)
        let bytes: [UInt8] = try JSON.Encoder().encode(tree)
        #expect(try JSON.Decoder().decode(Tree<String>.self, from: bytes) == tree)
        #expect(expectSameDecoding(Tree<String>.self, String(decoding: bytes, as: UTF8.self)) == nil)
        #expect(expectSameDecoding(Tree<Int>.self, #"{"value": 1, "children": [{"value": "x"}]}"#)?.hasPrefix("typeMismatch(Int) [children#-/Index 0#0/value#-]") == true)
    }

    @Test func binaryFiles() throws {
        for text in [Self.profiles] {
            let page = try JSON.Decoder().decode(Page<Profile>.self, from: text)
            let bytes = try #require(expectSameBinaryEncoding(page))
            #expect(expectSameBinaryDecoding(Page<Profile>.self, bytes) == nil)
            #expect(try Binary.Decoder().decode(Page<Profile>.self, from: bytes) == page)
        }
        let nested = try JSON.Decoder().decode(Page<Page<Int>>.self, from: Self.nested)
        let bytes = try #require(expectSameBinaryEncoding(nested))
        #expect(try Binary.Decoder().decode(Page<Page<Int>>.self, from: bytes) == nested)
        let points = try #require(expectSameBinaryEncoding(try JSON.Decoder().decode(Page<PlainPoint>.self, from: Self.points)))
        #expect(expectSameBinaryDecoding(Page<PlainPoint>.self, points) == nil)
        let tree = try #require(expectSameBinaryEncoding(Tree(1, children: [Tree(2)])))
        #expect(try Binary.Decoder().decode(Tree<Int>.self, from: tree) == Tree(1, children: [Tree(2)]))
        // Every truncation and bytes changed at random (seeded): both paths agree on each.
        for length in 0..<bytes.count { expectSameBinaryDecoding(Page<Page<Int>>.self, Array(bytes.prefix(length))) }
        var random = SeededGenerator(seed: 31)
        for _ in 0..<1000 {
            var changed = bytes
            changed[Int.random(in: 0..<changed.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            expectSameBinaryDecoding(Page<Page<Int>>.self, changed)
        }
    }

    static let enums = """
        {"outcomes": [{"ok": {"_0": {"name": "a", "ids": [1]}}}, {"failed": {"reason": "r"}}, {"pair": {"_0": {"name": "b", "ids": []}, "_1": null}}],
         "messages": [{"type": "text", "body": {"name": "c", "ids": []}, "note": "n"}, {"type": "page", "items": [{"name": "d", "ids": [2]}]},
                      {"type": "empty"}],
         "envelopes": [{"kind": "data", "value": {"name": "e", "ids": []}}, {"kind": "pair", "value": {"first": {"name": "f", "ids": []}, "second": 2}},
                       {"kind": "none"}]}
        """

    /// Generic enums in the three shapes: both paths agree on values, bytes
    /// and errors, whether the parameter has generated coders or not.
    @Test func genericEnums() throws {
        #expect(expectSameDecoding(Enums<Profile>.self, Self.enums) == nil)
        let value = try JSON.Decoder().decode(Enums<Profile>.self, from: Self.enums)
        #expect(value.outcomes[0] == .ok(Profile(name: "a", age: nil, ids: [1])) && value.messages[2] == .empty)
        #expect(value.envelopes[1] == .pair(first: Profile(name: "f", age: nil, ids: []), second: 2))
        for encoder in SortedAndConvertedKeysTests.encoders { expectSameEncoding(value, encoder: encoder) }
        #expect(try JSONDecoder().decode(Enums<Profile>.self, from: Data(Self.enums.utf8)) == value)
        let packed = try #require(expectSameBinaryEncoding(value))
        #expect(try Binary.Decoder().decode(Enums<Profile>.self, from: packed) == value)
        #expect(expectSameBinaryDecoding(Enums<Profile>.self, packed) == nil)
        let points = #"{"outcomes": [{"ok": {"_0": {"x": 1}}}], "messages": [{"type": "text", "body": {"x": 2, "y": 1.5}}], "envelopes": [{"kind": "data", "value": {"x": 3}}]}"#
        #expect(expectSameDecoding(Enums<PlainPoint>.self, points) == nil)
        expectSameEncoding(try JSON.Decoder().decode(Enums<PlainPoint>.self, from: points))
        // The parameter's generated decoder is the one taken.
        let generated = #"{"outcomes": [{"ok": {"_0": 1}}], "messages": [{"type": "text", "body": 2}], "envelopes": [{"kind": "data", "value": 3}]}"#
        let decoded = try JSON.Decoder().decode(Enums<OnlyGenerated>.self, from: generated)
        #expect(decoded.outcomes == [.ok(OnlyGenerated(value: 1))] && decoded.envelopes == [.data(OnlyGenerated(value: 3))])
        #expect(throws: DecodingError.self) { try JSON.Decoder().decode(CodablePath<Enums<OnlyGenerated>>.self, from: generated) }
        // Every mutation of the payload.
        let base = try JSON(parsing: Self.enums)
        var errors = 0
        for text in try payloadMutations(of: base, replacing: [.null, "page", 1, [], ["x": 1]])
        where expectSameDecoding(Enums<Profile>.self, text) != nil {
            errors += 1
        }
        #expect(errors > 100, "\(errors) errors")
    }
}

/// The generic enums of ``GenericModelTests/genericEnums()`` in one model.
@JSONCodable
struct Enums<Item> {
    var outcomes: [Outcome<Item>]
    var messages: [Message<Item>]
    var envelopes: [Envelope<Item>]
}

extension Enums: Equatable where Item: Equatable {}
