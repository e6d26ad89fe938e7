import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery

/// `$class` records and `$alias` back-references when JSON is written in the binary format.
struct BinaryBootstrapTests {
    static let graph = #"{"pets":[{"$class":"Pet","name":"Rex","owner":{"$alias":"owner"}},{"$class":"Pet","name":"Tom","owner":{"$alias":"owner"}}],"owner":{"$class":"Person","name":"Ann","tags":["a"]},"favourite":{"$alias":"owner.tags.0"}}"#

    private func encodingError(_ text: String) throws -> Binary.EncodingError? {
        do {
            _ = try JSON(parsing: text).binaryEncoded(bootstrapping: true)
            return nil
        } catch let error as Binary.EncodingError {
            return error
        }
    }

    @Test func goldenGraphPinsRecordsAndReferences() throws {
        let golden = [UInt8](try Data(contentsOf: BinaryFormatTests.golden.appendingPathComponent("bootstrapped-graph.pgb")))
        let packed = try JSON(parsing: Self.graph).binaryEncoded(bootstrapping: true)
        #expect(packed == golden)
        // Ann is written once, as shared value 0, and referred to twice; "a" is shared value 1.
        #expect(packed.filter { $0 == 0x12 }.count == 2)
    }

    @Test func summaryCountsWithoutBuilding() throws {
        let summary = try Binary.Summary(of: try JSON(parsing: Self.graph).binaryEncoded(bootstrapping: true))
        #expect(summary.version == "1.0" && summary.byteCount == 105)
        #expect(summary.recordTypes == ["Pet": 2, "Person": 1])
        #expect(summary.sharedCount == 2 && summary.referenceCount == 3)
        #expect(summary.stringCount == 11 && summary.depth == 5)
        #expect(summary.valueCounts == ["object": 1, "array": 2, "record": 3, "string": 4])
    }

    @Test func recordsAndReferencesReadBack() throws {
        let packed = try JSON(parsing: Self.graph).binaryEncoded(bootstrapping: true)
        let ann: Binary.Value = .record(type: "Person", fields: [.init(key: "name", value: .string("Ann")), .init(key: "tags", value: .array([.string("a")]))])
        let value = try Binary.Value(decoding: packed)
        guard case .object(let members) = value, case .array(let pets) = members.first?.value else {
            Issue.record("not an object of pets: \(value)")
            return
        }
        #expect(pets.first == .record(type: "Pet", fields: [.init(key: "name", value: .string("Rex")), .init(key: "owner", value: ann)]))
        #expect(members.map(\.key) == ["pets", "owner", "favourite"])
        #expect(members[1].value == ann && members[2].value == .string("a"))

        let json = try JSON(binary: packed)
        #expect(try json["pets"][1]["owner"].value?.serializedString() == #"{"$class":"Person","name":"Ann","tags":["a"]}"#)
        #expect(json["favourite"].string == "a")
    }

    @Test func forwardAliasesDefineTheTargetAtTheAlias() throws {
        let text = #"{"first":{"$alias":"list.1"},"list":[0,{"deep":true}]}"#
        let packed = try JSON(parsing: text).binaryEncoded(bootstrapping: true)
        #expect(try JSON(binary: packed) == ["first": ["deep": true], "list": [0, ["deep": true]]])
        #expect(packed.filter { $0 == 0x12 }.count == 1 && packed.filter { $0 == 0x13 }.count == 1)
    }

    @Test func withoutBootstrappingDollarMembersStayPlain() throws {
        let value = try JSON(parsing: Self.graph)
        #expect(try JSON(binary: value.binaryEncoded(bootstrapping: false)) == value)
        #expect(try JSON(binary: value.binaryEncoded()) == value)
    }

    @Test func badAliasesAreErrors() throws {
        let cases: [(String, String)] = [
            (#"{"a":{"$alias":"nope"}}"#, #"the alias at $.a points nowhere: $ has no member "nope""#),
            (#"{"a":{"$alias":"b"},"b":{"$alias":"a"}}"#, "the alias at $.a points at another alias"),
            (#"{"a":{"x":{"$alias":"a"}}}"#, "the value at $.a contains an alias to itself"),
            (#"{"a":{"y":{"$alias":"b"}},"b":{"x":{"$alias":"a"}}}"#, "the value at $.a contains an alias to itself"),
            (#"{"a":[1],"b":{"$alias":"a.5"}}"#, "the alias at $.b points nowhere: $.a has no element 5 (it has 1)"),
        ]
        for (text, message) in cases {
            let error = try encodingError(text)
            #expect(error?.kind == .invalidAlias, "\(text)")
            #expect(error?.message == message, "\(text)")
        }
    }

    /// `depth` nested arrays, each holding its child first and then
    /// `width` zeros, plus an alias at the bottom to the first zero of the top.
    private func deepAndWide(depth: Int, width: Int) -> JSON {
        var value: JSON = ["$alias": "1"]
        for _ in 0..<depth { value = .array([value] + Array(repeating: 0, count: width)) }
        return value
    }

    @Test func memoryIsDepthPlusOutputNotPathPerValue() throws {
        // The old first pass kept a copy of its path for every pending value:
        // 1 MB of such input took 3.7 GB. Now the frames are the depth, and
        // the values visited grow with the input, at n and at 8n alike.
        var measures: [(frames: Int, nodes: Int, visits: Int, bytes: Int)] = []
        for width in [100, 800] {
            let value = deepAndWide(depth: 200, width: width)
            var bootstrap = try BinaryBootstrap(root: value, maxDepth: 512)
            try bootstrap.write(value, at: BinaryAliasTargets.root, depth: 0)
            let bytes = bootstrap.writer.finished()
            measures.append((bootstrap.peakFrames, bootstrap.targetNodes, bootstrap.visits, bytes.count))
            #expect(try JSON(binary: bytes)[1].int == 0)
        }
        #expect(measures[0].frames == 200 && measures[1].frames == 200)
        #expect(measures[0].nodes == 2 && measures[1].nodes == 2)
        let visits = Double(measures[1].visits) / Double(measures[0].visits)
        #expect(visits > 7.5 && visits < 8.1, "\(measures)")
    }
}
