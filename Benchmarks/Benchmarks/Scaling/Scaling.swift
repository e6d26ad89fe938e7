import Benchmark
import Foundation
import Peregrine

/// The Codable paths whose cost the input decides, each at n and at 8n
/// elements: linear code takes about 8 times as long at 8n, quadratic code
/// 64 times. Names are `path/n=N`; compare the two sizes of one path.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResidentDelta],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 10
    )
    for count in [10_000, 80_000] {
        let items = Array(("{\"items\":[" + (0..<count).map { "{\"first_name\":\"a\",\"last_id\":\($0)}" }.joined(separator: ",") + "]}").utf8)
        let snake = JSON.Decoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        scaling("convertFromSnakeCase, [Item]", count) { _ = try? snake.decode(Items.self, from: items) }
        let custom = JSON.Decoder()
        custom.keyDecodingStrategy = .custom { path in AnyKey(camelCase: path.last?.stringValue ?? "") }
        scaling("custom keys, [Item]", count) { _ = try? custom.decode(Items.self, from: items) }

        // Half the elements are strings: each fails as an Int, is caught and dropped or read another way.
        let halfStrings = Array(("{\"xs\":[" + (0..<count).map { $0 % 2 == 0 ? "\($0)" : "\"\($0)\"" }.joined(separator: ",") + "]}").utf8)
        scaling("@Lossy [Int], half strings", count) { _ = try? JSON.Decoder().decode(LossyInts.self, from: halfStrings) }
        let fallbacks = Array(("{\"xs\":[" + (0..<count).map { $0 % 2 == 0 ? "{\"x\":\($0)}" : "{\"x\":\"\($0)\"}" }.joined(separator: ",") + "]}").utf8)
        scaling("try? fall-back in init(from:)", count) { _ = try? JSON.Decoder().decode(Fallbacks.self, from: fallbacks) }
        let lenient = JSON.Decoder()
        lenient.leniency = .all
        scaling("decodeWithReport, half coerced", count) { _ = try? lenient.decodeWithReport(Ints.self, from: halfStrings) }

        let mixed = (0..<count).map { $0 % 2 == 0 ? Mixed.int($0) : .string("s\($0)") }
        let packed = (try? Binary.Encoder().encode(MixedBox(xs: mixed)) as [UInt8]) ?? []
        scaling("Binary.Decoder @Lossy, half strings", count) { _ = try? Binary.Decoder().decode(LossyInts.self, from: packed) }

        // Member names chosen to crowd one part of the key-uniqueness table.
        let colliding = collidingObject(count * 2)
        scaling("colliding member names, one object", count * 2) { _ = try? JSON.Decoder().decode(Probe.self, from: colliding) }
    }
}

/// Registers `body` as `name/n=count`.
private func scaling(_ name: String, _ count: Int, _ body: @escaping () -> Void) {
    Benchmark("\(name)/n=\(count)") { benchmark in
        for _ in benchmark.scaledIterations { body() }
    }
}

struct Item: Codable { var firstName: String; var lastId: Int }
struct Items: Codable { var items: [Item] }
struct LossyInts: Codable { @Lossy var xs: [Int] }
struct Ints: Codable { var xs: [Int] }
struct Probe: Codable { var zz: Int? }

struct Fallback: Codable {
    var x: Int
    enum CodingKeys: String, CodingKey { case x }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let number = try? container.decode(Int.self, forKey: .x) {
            x = number
        } else {
            x = Int(try container.decode(String.self, forKey: .x)) ?? 0
        }
    }
}
struct Fallbacks: Codable { var xs: [Fallback] }

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

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    /// `first_name` as `firstName`.
    init(camelCase snake: String) {
        let parts = snake.split(separator: "_")
        stringValue = String(parts.first ?? "") + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

/// An object of `count` 16-byte keys whose unseeded fingerprints (the
/// decoder's uniqueness check) share their top 8 bits.
private func collidingObject(_ count: Int) -> [UInt8] {
    var output: [UInt8] = Array("{".utf8)
    var state: UInt64 = 42
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz012345".utf8)
    var key = [UInt8](repeating: 0, count: 16)
    var found = 0
    while found < count {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var bits = state
        for index in 0..<16 {
            key[index] = alphabet[Int(bits & 31)]
            bits = bits >> 5 | bits << 59
        }
        guard fingerprint(key) >> 56 == 0 else { continue }
        if found > 0 { output.append(UInt8(ascii: ",")) }
        output += [UInt8(ascii: "\"")] + key + Array("\":1".utf8)
        found += 1
    }
    return output + [UInt8(ascii: "}")]
}

/// The decoder's unseeded key fingerprint (first and last eight bytes, and the length).
private func fingerprint(_ bytes: [UInt8]) -> UInt64 {
    var first: UInt64 = 0
    var last: UInt64 = 0
    for index in 0..<8 {
        first |= UInt64(bytes[index]) << (8 * UInt64(index))
        last |= UInt64(bytes[bytes.count - 8 + index]) << (8 * UInt64(index))
    }
    let mixed = (first &* 0x9E37_79B9_7F4A_7C15) ^ (last &* 0xBF58_476D_1CE4_E5B9) ^ UInt64(bytes.count)
    return (mixed ^ (mixed >> 31)) &* 0x94D0_49BB_1331_11EB
}
