import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// Every Codable path stays linear in its input, errors included: the work
/// that errors, reports and key strategies do (positions, coding paths, key
/// tables) is counted at n and 8n and must grow about 8 times, not 64.
@Suite struct CodableScalingTests {
    struct Item: Codable { var firstName: String; var lastId: Int }
    struct Items: Codable { var items: [Item] }
    struct LossyInts: Codable { @Lossy var xs: [Int] }
    struct Ints: Codable { var xs: [Int] }
    struct Fallback: Codable {
        var x: Int
        enum CodingKeys: String, CodingKey { case x }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let number = try? container.decode(Int.self, forKey: .x) {
                x = number
            } else {
                x = Int(try container.decode(String.self, forKey: .x)) ?? -1
            }
        }
        func encode(to encoder: any Encoder) throws {}
    }
    struct Fallbacks: Codable { var xs: [Fallback] }
    struct Probe: Codable { var zz: Int? }
    enum Mixed: Encodable {
        case int(Int), string(String)
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .int(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            }
        }
    }
    struct MixedBox: Encodable { var xs: [Mixed] }

    /// The work counted while `body` runs.
    private func work(_ body: () throws -> Void) rethrows -> Int {
        let counter = WorkCounter()
        try WorkCounter.$current.withValue(counter) { try body() }
        return counter.units
    }

    /// `{"xs":[0,"1",2,"3",…]}` on one line: every error's line is the whole input.
    private func halfStrings(_ count: Int) -> [UInt8] {
        Array(("{\"xs\":[" + (0..<count).map { $0 % 2 == 0 ? "\($0)" : "\"\($0)\"" }.joined(separator: ",") + "]}").utf8)
    }

    /// Work at n and at 8n, and their ratio.
    private func expectLinear(_ name: String, _ measure: (Int) throws -> Int) rethrows {
        let small = try measure(1_000)
        let large = try measure(8_000)
        #expect(small > 0, "\(name): nothing was counted")
        #expect(Double(large) <= 9 * Double(small), "\(name): work \(small) at n, \(large) at 8n")
    }

    @Test func lossyArraysWithBadElementsAreLinear() throws {
        try expectLinear("@Lossy") { count in
            try work {
                let decoded = try JSON.Decoder().decode(LossyInts.self, from: halfStrings(count))
                #expect(decoded.xs.count == count / 2)
            }
        }
    }

    @Test func caughtErrorsInModelsAreLinear() throws {
        try expectLinear("try? fall-back") { count in
            let text = "{\"xs\":[" + (0..<count).map { $0 % 2 == 0 ? "{\"x\":\($0)}" : "{\"x\":\"\($0)\"}" }.joined(separator: ",") + "]}"
            return try work {
                let decoded = try JSON.Decoder().decode(Fallbacks.self, from: text)
                #expect(decoded.xs.map(\.x) == Array(0..<count))
            }
        }
    }

    @Test func reportedCoercionsAreLinear() throws {
        try expectLinear("decodeWithReport") { count in
            let lenient = JSON.Decoder()
            lenient.leniency = .all
            return try work {
                let (value, report) = try lenient.decodeWithReport(Ints.self, from: halfStrings(count))
                #expect(value.xs == Array(0..<count))
                #expect(report.events.count == count / 2)
                #expect(report.events.last?.path == "$.xs[\(count - 1)]")
            }
        }
    }

    @Test func binaryDecodingErrorsAreLinear() throws {
        try expectLinear("Binary @Lossy") { count in
            let packed = try Binary.Encoder().encode(MixedBox(xs: (0..<count).map { $0 % 2 == 0 ? .int($0) : .string("s\($0)") }))
            return try work {
                let decoded = try Binary.Decoder().decode(LossyInts.self, from: packed)
                #expect(decoded.xs.count == count / 2)
            }
        }
    }

    @Test func snakeCaseKeysBuildNoCodingPaths() throws {
        let text = "{\"items\":[" + (0..<1_000).map { "{\"first_name\":\"a\",\"last_id\":\($0)}" }.joined(separator: ",") + "]}"
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let units = try work {
            let items = try decoder.decode(Items.self, from: text).items
            #expect(items.last?.lastId == 999)
        }
        #expect(units == 0)
    }

    @Test func customKeysReadPathsInLinearWork() throws {
        try expectLinear(".custom keys") { count in
            let text = "{\"items\":[" + (0..<count).map { "{\"first_name\":\"a\",\"last_id\":\($0)}" }.joined(separator: ",") + "]}"
            let decoder = JSON.Decoder()
            decoder.keyDecodingStrategy = .custom { path in
                // The path reaches the key through its object: $.items[i].<key>
                let key = path.last?.stringValue ?? ""
                return AnyCodingKey(stringValue: SnakeCase.toCamelCase(key))
            }
            return try work {
                let items = try decoder.decode(Items.self, from: text).items
                #expect(items.count == count)
            }
        }
    }

    @Test func customKeysSeeTheFullCodingPath() throws {
        let decoder = JSON.Decoder()
        let seen = Seen()
        decoder.keyDecodingStrategy = .custom { path in
            seen.paths.append(jsonPath(path))
            return AnyCodingKey(stringValue: SnakeCase.toCamelCase(path.last?.stringValue ?? ""))
        }
        _ = try decoder.decode(Items.self, from: #"{"items": [{"first_name": "a", "last_id": 1}, {"first_name": "b", "last_id": 2}]}"#)
        #expect(seen.paths == ["$.items", "$.items[0].first_name", "$.items[0].last_id", "$.items[1].first_name", "$.items[1].last_id"])
    }

    private final class Seen: @unchecked Sendable { var paths: [String] = [] }

    /// Keys of 16 bytes whose unseeded fingerprints share their top 8 bits:
    /// they crowd 1/256 of the uniqueness table.
    private func collidingKeys(_ count: Int) -> [String] {
        var generator = SeededGenerator(seed: 17)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz012345".utf8)
        var keys: [String] = []
        var key = [UInt8](repeating: 0, count: 16)
        while keys.count < count {
            for index in key.indices { key[index] = alphabet[Int(generator.next() & 31)] }
            if key.withUnsafeBufferPointer({ keyFingerprint($0) }) >> 56 == 0 { keys.append(String(decoding: key, as: UTF8.self)) }
        }
        return keys
    }

    @Test func collidingMemberNamesCostBoundedProbes() throws {
        try expectLinear("colliding keys") { count in
            let text = "{" + collidingKeys(count).map { "\"\($0)\":1" }.joined(separator: ",") + "}"
            return try work {
                let probe = try JSON.Decoder().decode(Probe.self, from: text)
                #expect(probe.zz == nil)
            }
        }
    }

    @Test func binaryStringTableSeedsItsHashUnderCollisions() {
        // Strings whose unseeded hashes agree in their low 10 bits all want
        // one slot of a table of up to 1024 (200 strings take 512).
        var generator = SeededGenerator(seed: 5)
        var strings: [[UInt8]] = []
        let hash = BinaryByteHash()
        while strings.count < 200 {
            let bytes = (0..<12).map { _ in UInt8(ascii: "a") + UInt8(generator.next() % 26) }
            if bytes.withUnsafeBufferPointer({ hash.hash($0) }) & 0x3FF == 0x123 { strings.append(bytes) }
        }
        var table = BinaryStringTable()
        for (position, bytes) in strings.enumerated() {
            #expect(bytes.withUnsafeBufferPointer { table.index(of: $0) } == position)
        }
        // Found again after the switch.
        for (position, bytes) in strings.enumerated() {
            #expect(bytes.withUnsafeBufferPointer { table.index(of: $0) } == position)
        }
        #expect(table.isSeeded)
        #expect(table.probes < 2 * BinaryByteHash.maxProbes * strings.count, "probes: \(table.probes)")
        // An honest table never seeds.
        var honest = BinaryStringTable()
        for number in 0..<10_000 { _ = Array("key\(number)".utf8).withUnsafeBufferPointer { honest.index(of: $0) } }
        #expect(!honest.isSeeded)
    }

    @Test func repeatedMemberNamesDoNotLengthenChains() {
        let name = Array("repeated".utf8)
        let count = 5_000
        let input = Array(repeating: name, count: count).flatMap { $0 }
        var names = BinaryMemberNames()
        input.withUnsafeBufferPointer { input in
            func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: input[index * name.count..<(index + 1) * name.count]) }
            for index in 0..<count { #expect(names.insert(index, bytes: bytes(index), bytesOf: bytes) == 0) }
        }
        #expect(names.hasDuplicates)
        #expect(names.probes == 0)
        #expect(name.withUnsafeBufferPointer { names.index(of: $0, matches: { _ in true }) } == 0)
    }
}
