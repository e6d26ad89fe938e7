import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// `JSON.Encoder` with `.sortedKeys` writes each object in the model's
/// order and puts it in key order when it closes (`StreamKeyOrder`): the
/// bytes must be Foundation's, at every depth and layout, and the copying
/// must stay linear in the output however deep the permuted objects nest.
@Suite struct StreamKeyOrderTests {
    struct Leaf: Codable, Equatable {
        var zeta: Int
        var alpha: String?
        var mid: [Double]
    }

    struct Node: Codable, Equatable {
        var name: String
        var leaves: [Leaf]
        var byName: [String: Leaf]
        var child: Leaf?
        var empty: [String: Int]
        var b: Bool
        var a: Bool
    }

    /// Nodes of varying shapes (absent optionals change a leaf's members),
    /// dictionaries whose keys iterate in a seeded order, escapes in names.
    private func nodes() -> [Node] {
        var generator = SeededGenerator(seed: 20)
        return (0..<40).map { index in
            func leaf(_ n: Int) -> Leaf {
                Leaf(zeta: n, alpha: n % 3 == 0 ? nil : "a\(n)", mid: (0..<(n % 4)).map { Double($0) / 2 })
            }
            let names = ["k\(index)", "\u{e9}t\u{e9}", "quote\"d", "tab\tbed", "/slash", "Z", "a", ""]
            var byName: [String: Leaf] = [:]
            for name in names where generator.next() % 3 != 0 { byName[name] = leaf(Int(generator.next() % 50)) }
            return Node(
                name: "n\(index)", leaves: (0..<Int(index % 5)).map(leaf), byName: byName, child: index % 2 == 0 ? leaf(index) : nil,
                empty: [:], b: index % 2 == 0, a: true)
        }
    }

    @Test func objectsAreSortedAsFoundationSortsThemInEveryLayout() throws {
        let value = nodes()
        let layouts: [(JSON.Encoder.OutputFormatting, JSONEncoder.OutputFormatting)] = [
            (.sortedKeys, .sortedKeys),
            ([.sortedKeys, .prettyPrinted, .foundationLayout], [.sortedKeys, .prettyPrinted]),
            ([.sortedKeys, .withoutEscapingSlashes], [.sortedKeys, .withoutEscapingSlashes]),
        ]
        for (ours, theirs) in layouts {
            let encoder = JSON.Encoder()
            encoder.outputFormatting = ours
            let foundation = JSONEncoder()
            foundation.outputFormatting = theirs
            let bytes: [UInt8] = try encoder.encode(value)
            #expect(bytes == Array(try foundation.encode(value)), "\(ours)")
            // The same shapes in one encode take their order from the memo: still right.
            let twice: [UInt8] = try encoder.encode([value, value])
            #expect(twice == Array(try foundation.encode([value, value])), "\(ours)")
        }
        // Pretty without Foundation's layout: every object parses back sorted.
        let encoder = JSON.Encoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let pretty: [UInt8] = try encoder.encode(value)
        #expect(try JSON.Decoder().decode([Node].self, from: pretty) == value)
        #expect(try JSON(parsing: pretty).serialized(options: [.sortedKeys]) == JSON(parsing: try JSONEncoder().encode(value)).serialized(options: [.sortedKeys]))
    }

    @Test func aKeyEncodedTwiceStillKeepsItsLastValueInKeyOrder() throws {
        struct Twice: Encodable {
            enum Keys: String, CodingKey { case b, a, c }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .c)
                try container.encode(Leaf(zeta: 1, alpha: nil, mid: []), forKey: .b)
                try container.encode(2, forKey: .a)
                try container.encode(3, forKey: .c)
            }
        }
        let encoder = JSON.Encoder()
        encoder.outputFormatting = .sortedKeys
        let bytes: [UInt8] = try encoder.encode([Twice(), Twice()])
        #expect(String(decoding: bytes, as: UTF8.self) == #"[{"a":2,"b":{"mid":[],"zeta":1},"c":3},{"a":2,"b":{"mid":[],"zeta":1},"c":3}]"#)
    }

    /// Each level's members are a padding string `z` and the next level `a`,
    /// which sorts first: every object is permuted, and each holds all
    /// deeper ones.
    final class Chain: Encodable {
        let z: String
        let a: Chain?
        init(depth: Int) {
            z = String(repeating: "x", count: 1_000)
            a = depth > 1 ? Chain(depth: depth - 1) : nil
        }
        enum CodingKeys: String, CodingKey { case z, a }
    }

    @Test func deeplyNestedPermutedObjectsCopyLinearBytes() throws {
        let encoder = JSON.Encoder()
        encoder.outputFormatting = .sortedKeys
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        func copies(depth: Int) throws -> Int {
            let chain = Chain(depth: depth)
            let counter = WorkCounter()
            let bytes: [UInt8] = try WorkCounter.$current.withValue(counter) { try encoder.encode(chain) }
            #expect(bytes == Array(try foundation.encode(chain)), "depth \(depth)")
            return counter.units
        }
        let small = try copies(depth: 60)
        let large = try copies(depth: 480)
        #expect(small > 0, "nothing was copied")
        // Copying every level would be 64 times as much at 8 times the depth.
        #expect(Double(large) <= 9 * Double(small), "copied \(small) bytes at depth 60, \(large) at 480")
    }
}
