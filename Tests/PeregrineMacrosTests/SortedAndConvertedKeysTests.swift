import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// `.sortedKeys` and the key encoding strategies on the generated encoder:
/// the bytes are the `Codable` path's, byte for byte, for every test
/// model (key paths, collectors, enums, generic models, values that turn
/// the output into a tree), and `.custom` is called as the `Codable` path calls it.
@Suite struct SortedAndConvertedKeysTests {
    /// The encoders compared: each option alone and combined.
    static var encoders: [JSON.Encoder] {
        let strategies: [JSON.Encoder.KeyEncodingStrategy] = [
            .useDefaultKeys, .convertToSnakeCase,
            .custom { path in AnyKey("\(path.count)." + (path.last?.stringValue.uppercased() ?? "")) },
        ]
        var encoders: [JSON.Encoder] = []
        for strategy in strategies {
            for formatting in [[], .sortedKeys, [.sortedKeys, .prettyPrinted], [.sortedKeys, .escapeUnicode, .withoutEscapingSlashes]] as [JSON.Encoder.OutputFormatting] {
                let encoder = JSON.Encoder()
                encoder.keyEncodingStrategy = strategy
                encoder.outputFormatting = formatting
                encoder.dateEncodingStrategy = .iso8601
                encoders.append(encoder)
            }
        }
        return encoders
    }

    static let open = Open(id: 1, name: "Ada", extra: ["zeta": 1, "Alpha": ["b": 2, "a": [["y": 1, "x": 2]]], "é": true, "user_id": "u", "id2": nil])

    @Test func everyModelUnderEveryOption() throws {
        let drawings = GeneratedEnumTests.values
        let paths = try JSON.Decoder().decode(Paths.self, from: PropertyOptionTests.paths)
        let lossy = try JSON.Decoder().decode(LossyLists.self, from: PropertyOptionTests.lossy)
        let page = try JSON.Decoder().decode(Page<Profile>.self, from: GenericModelTests.profiles)
        let tree = HoldsTwice(before: [1], twice: Twice(), after: Profile(name: "a", age: nil, ids: [2]), list: [Twice()], last: 0.5)
        let dated = Dated(start: Date(timeIntervalSince1970: 1), end: nil, seen: Date(timeIntervalSince1970: 2), created: Date(timeIntervalSince1970: 3), plain: Date(timeIntervalSince1970: 4))
        for encoder in Self.encoders {
            expectSameEncoding(GeneratedEncodingTests.account, encoder: encoder)
            expectSameEncoding(paths, encoder: encoder)
            expectSameEncoding(lossy, encoder: encoder)
            expectSameEncoding(dated, encoder: encoder)
            expectSameEncoding(Self.open, encoder: encoder)
            expectSameEncoding(drawings, encoder: encoder)
            expectSameEncoding(page, encoder: encoder)
            expectSameEncoding(Tagged<Meters, [Int]>(value: [1], version: 2, extra: ["b": 1, "a": 2]), encoder: encoder)
            expectSameEncoding(tree, encoder: encoder)
            expectSameEncoding(TwiceThenPath(twice: Twice(), x: 1, y: 2), encoder: encoder)
            expectSameEncoding(TwiceThenUnknown(twice: Twice(), extra: ["z": 1, "a": 2]), encoder: encoder)
            expectSameEncoding(Escaped(slash: 1, unicode: "é/x", quoted: 1000, plain: 0.1), encoder: encoder)
            expectSameEncoding(SnakeTwins(fooBar: 1, fooBarToo: 2, userName: "u", extra: ["user_name": "v", "a": 0]), encoder: encoder)
            expectSameEncoding(Nothing(), encoder: encoder)
        }
    }

    @Test func sortedOutput() throws {
        let encoder = JSON.Encoder()
        encoder.outputFormatting = .sortedKeys
        let written: [UInt8] = try encoder.encode(Self.open)
        #expect(
            String(decoding: written, as: UTF8.self)
                == #"{"Alpha":{"a":[{"x":2,"y":1}],"b":2},"id":1,"id2":null,"user":{"name":"Ada"},"user_id":"u","zeta":1,"é":true}"#)
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let twins: [UInt8] = try encoder.encode(SnakeTwins(fooBar: 1, fooBarToo: 2, userName: "u", extra: ["user_name": "v"]))
        // The second `foo_bar` and the collector's `user_name` replace the values, as on the `Codable` path.
        #expect(String(decoding: twins, as: UTF8.self) == #"{"foo_bar":2,"user_name":"v"}"#)
    }

    /// The generated path is the one taken: `OnlyGeneratedOutput` fails on its `Encodable` path.
    @Test func theGeneratedEncoderIsTaken() throws {
        let page = Page(items: [OnlyGeneratedOutput()], next: "n", first: nil, byName: ["b": OnlyGeneratedOutput(), "a": OnlyGeneratedOutput()])
        let encoder = JSON.Encoder()
        encoder.outputFormatting = .sortedKeys
        encoder.keyEncodingStrategy = .custom { path in AnyKey(path.last.map { "_" + $0.stringValue } ?? "") }
        let written: [UInt8] = try encoder.encode(page)
        #expect(String(decoding: written, as: UTF8.self) == #"{"_byName":{"a":7,"b":7},"_items":[7],"_next":"n"}"#)
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(String(decoding: try encoder.encode(page) as [UInt8], as: UTF8.self) == #"{"by_name":{"a":7,"b":7},"items":[7],"next":"n"}"#)
    }

    /// `.custom` gets the same coding paths, in the same order, on both paths.
    @Test func customStrategyIsCalledAsTheCodablePathCallsIt() throws {
        final class Log: @unchecked Sendable {
            var calls: [String] = []
        }
        func calls<T: Encodable>(_ value: T, sorted: Bool) throws -> [String] {
            let log = Log()
            let encoder = JSON.Encoder()
            if sorted { encoder.outputFormatting = .sortedKeys }
            encoder.keyEncodingStrategy = .custom { path in
                log.calls.append(path.map { "\($0.stringValue)#\($0.intValue.map(String.init) ?? "-")" }.joined(separator: "/"))
                return path.last ?? AnyKey("")
            }
            _ = try encoder.encode(value) as [UInt8]
            return log.calls
        }
        let paths = try JSON.Decoder().decode(Paths.self, from: PropertyOptionTests.paths)
        func expectSameCalls<T: Codable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(try calls(value, sorted: false) == calls(CodablePath(value), sorted: false), sourceLocation: sourceLocation)
            // Under sorted keys both paths write in the models' order and sort objects as they close.
            #expect(try calls(value, sorted: true) == calls(CodablePath(value), sorted: true), sourceLocation: sourceLocation)
        }
        try expectSameCalls(paths)
        try expectSameCalls(GeneratedEncodingTests.account)
        try expectSameCalls(GeneratedEnumTests.values)
        try expectSameCalls(Self.open)
        let logged = try calls(paths, sorted: false)
        #expect(logged.contains("user#-/profile#-/id#-") && logged.count == 12, "\(logged)")
    }

    /// Sorting reads the written bytes back whatever their depth, as the
    /// `Codable` path's tree writes any depth.
    @Test func deepValuesSorted() throws {
        var tree = Tree(0)
        for level in 1...1_500 { tree = Tree(level, children: [tree]) }
        let encoder = JSON.Encoder()
        encoder.outputFormatting = .sortedKeys
        expectSameEncoding(tree, encoder: encoder)
        let written: [UInt8] = try encoder.encode(tree)
        #expect(written.starts(with: Array(#"{"children":[{"children":[{"#.utf8)))
    }
}
