import Foundation
import Peregrine
import Testing

/// Code written for Foundation's `JSONEncoder` moves over by changing the
/// type name: each behaviour here is compared with the toolchain's encoder.
@Suite struct EncoderFoundationTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func aClassConfiguredLikeFoundationsReturningData() throws {
        struct User: Codable { var userId: Int }
        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let data = try encoder.encode(User(userId: 7))
        #expect(type(of: data) == Data.self)
        #expect(text(data) == #"{"user_id":7}"#)
        let bytes: [UInt8] = try encoder.encode(User(userId: 7))
        #expect(bytes == Array(data))
    }

    @Test func settingsChangedOnOtherThreadsAreTakenWholeAtEachEncode() async throws {
        // Members in the order b, a: each setting shows in the output, so a
        // mix of two settings (sorted but compact, pretty but unsorted) would too.
        struct Pair: Codable, Sendable { var b = 1; var a = 2 }
        let compact = #"{"b":1,"a":2}"#
        let encoder = JSON.Encoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let prettySorted = String(decoding: try encoder.encode(Pair()) as [UInt8], as: UTF8.self)
        let a = try #require(prettySorted.firstRange(of: "\"a\""))
        let b = try #require(prettySorted.firstRange(of: "\"b\""))
        #expect(prettySorted.hasPrefix("{\n") && a.lowerBound < b.lowerBound)
        encoder.outputFormatting = []
        #expect(String(decoding: try encoder.encode(Pair()) as [UInt8], as: UTF8.self) == compact)
        try await withThrowingTaskGroup(of: Set<String>.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var seen: Set<String> = []
                    for round in 0..<200 {
                        if task == 0 { encoder.outputFormatting = round.isMultiple(of: 2) ? [] : [.prettyPrinted, .sortedKeys] }
                        seen.insert(String(decoding: try encoder.encode(Pair()) as [UInt8], as: UTF8.self))
                    }
                    return seen
                }
            }
            for try await seen in group {
                #expect(seen.isSubset(of: [compact, prettySorted]), "\(seen)")
            }
        }
    }

    @Test func dictionaryKeysAreNeverConverted() throws {
        struct Model: Codable { var someKey: [String: Int]; var nestedMap: [String: [String: Bool]] }
        let model = Model(someKey: ["some_key": 1, "otherKey": 2], nestedMap: ["innerKey": ["deep_key": true]])
        for strategy in [JSON.Encoder.KeyEncodingStrategy.convertToSnakeCase, .custom({ AnyKey($0.last!.stringValue.uppercased()) })] {
            let encoder = JSON.Encoder()
            encoder.keyEncodingStrategy = strategy
            encoder.outputFormatting = .sortedKeys
            let foundation = JSONEncoder()
            foundation.outputFormatting = .sortedKeys
            foundation.keyEncodingStrategy = {
                switch strategy {
                case .convertToSnakeCase: return .convertToSnakeCase
                default: return .custom({ AnyKey($0.last!.stringValue.uppercased()) })
                }
            }()
            #expect(text(try encoder.encode(model) as [UInt8]) == text(try foundation.encode(model)))
        }
        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(text(try encoder.encode(model) as [UInt8]).contains(#""some_key":{"#))
        #expect(text(try encoder.encode(["innerKey": 1]) as [UInt8]) == #"{"innerKey":1}"#)
    }

    @Test func wideIntegersInEveryContainer() throws {
        struct Wide: Codable, Equatable {
            var big: Int128 = .max
            var small: Int128 = .min
            var unsigned: UInt128 = .max
            var list: [Int128] = [1, -1, Int128(Int64.max) + 1]
            var single: [UInt128] = [UInt128(UInt64.max) * 3]
        }
        let encoder = JSON.Encoder()
        encoder.outputFormatting = .sortedKeys
        let ours = try encoder.encode(Wide()) as [UInt8]
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        #expect(text(ours) == text(try foundation.encode(Wide())))
        #expect(try JSON.Decoder().decode(Wide.self, from: ours) == Wide())
        let sorted = JSON.Encoder()
        sorted.outputFormatting = .sortedKeys
        #expect(try JSON.Decoder().decode(Wide.self, from: try sorted.encode(Wide()) as [UInt8]) == Wide())
    }

    @Test func floatExtremesRoundTrip() throws {
        let floats: [Float] = [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 0.1, 1e10]
        let bytes = try JSON.Encoder().encode(floats) as [UInt8]
        #expect(text(bytes) == "[3.4028235e+38,-3.4028235e+38,1e-45,0.1,1e+10]")
        #expect(text(bytes) == text(try JSONEncoder().encode(floats)))
        #expect(try JSON.Decoder().decode([Float].self, from: bytes) == floats)
        #expect(try JSONDecoder().decode([Float].self, from: Data(bytes)) == floats)
    }

    @Test func wholeDoublesAsFoundationWritesThemUnlessAskedToKeepTheFraction() throws {
        struct Reading: Codable { var value: Double; var values: [Double]; var float: Float }
        let reading = Reading(value: 1000, values: [1, -0.0, 2.5, 1e16, 123456789], float: 3)
        let ours = try JSON.Encoder().encode(reading) as [UInt8]
        #expect(text(try JSON.Encoder().encode(reading.values) as [UInt8]) == text(try JSONEncoder().encode(reading.values)))
        #expect(text(ours) == #"{"value":1000,"values":[1,-0,2.5,1e+16,123456789],"float":3}"#)
        let keeping = JSON.Encoder()
        keeping.outputFormatting = .keepsWholeNumberFractions
        #expect(text(try keeping.encode(reading) as [UInt8]) == #"{"value":1000.0,"values":[1.0,-0.0,2.5,1e+16,123456789.0],"float":3.0}"#)
        // The value's own writer keeps the kind.
        #expect(try JSON.number(JSON.Number(1000.0)).serializedString() == "1000.0")
    }

    @Test func foundationsPrettyLayoutByteForByte() throws {
        struct Inner: Codable { var list: [Int] = [1, 2]; var empty: [String] = []; var map: [String: [Int]] = ["k": []]; var none: [String: Int] = [:] }
        struct Outer: Codable { var name = "a/b"; var inner = Inner(); var matrix: [[Double]] = [[1.5], []]; var flag = true }
        let encoder = JSON.Encoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .foundationLayout]
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.prettyPrinted, .sortedKeys]
        #expect(text(try encoder.encode(Outer()) as [UInt8]) == text(try foundation.encode(Outer())))
        #expect(text(try encoder.encode([[Int]]()) as [UInt8]) == text(try foundation.encode([[Int]]())))
        // Without sorted keys the layout is the same, in the model's order.
        encoder.outputFormatting = [.prettyPrinted, .foundationLayout]
        #expect(text(try encoder.encode(Inner()) as [UInt8]) == "{\n  \"list\" : [\n    1,\n    2\n  ],\n  \"empty\" : [\n\n  ],\n  \"map\" : {\n    \"k\" : [\n\n    ]\n  },\n  \"none\" : {\n\n  }\n}")
    }

    @available(macOS 12.0, *)
    struct Report: EncodableWithConfiguration {
        var total: Int
        func encode(to encoder: any Encoder, configuration: Bool) throws {
            var container = encoder.container(keyedBy: EncoderContainerTests.Keys.self)
            try container.encode(total, forKey: .a)
            if configuration { try container.encode("verbose", forKey: .b) }
        }
    }

    @available(macOS 12.0, *)
    @Test func encodableWithConfiguration() throws {
        let data = try JSON.Encoder().encode(Report(total: 3), configuration: true)
        #expect(text(data) == #"{"a":3,"b":"verbose"}"#)
        #expect(text(try JSON.Encoder().encode(Report(total: 3), configuration: false) as [UInt8]) == #"{"a":3}"#)
    }

    @Test func jsonInsideModelsKeepsItsMemberOrder() throws {
        struct Event: Codable { var id: Int; var payload: JSON }
        let event = Event(id: 1, payload: ["z": 1, "a": [true, nil, 2.5], "m": ["x": "y"]])
        #expect(text(try JSON.Encoder().encode(event) as [UInt8]) == #"{"id":1,"payload":{"z":1,"a":[true,null,2.5],"m":{"x":"y"}}}"#)
        let value: JSON = try JSON.Encoder().encode(event)
        #expect(value == ["id": 1, "payload": event.payload])
    }
}
