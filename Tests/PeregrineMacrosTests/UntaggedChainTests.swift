import Foundation
@testable import PeregrineCore
import PeregrineMacros
import Testing

/// An untagged enum whose case holds a recursive model that is not
/// untagged (``Knot``, ``Strand``) costs time linear in the input: the
/// chain is walked once per case of the nearest untagged enum, not again
/// from each level an enum is asked at below it.
@Suite struct UntaggedChainTests {
    /// `depth` levels of `{"items": [0, 1, …], "knot": …, "next": …}` with
    /// `width` elements each, the last level's `next` `null`. Each level's
    /// `knot` is `knot` (a knot holding another, or `null`).
    static func chain(depth: Int, width: Int, knot: String) -> String {
        let items = "[" + (0..<width).map(String.init).joined(separator: ",") + "]"
        return String(repeating: "{\"items\":\(items),\"knot\":\(knot),\"next\":", count: depth) + "null" + String(repeating: "}", count: depth)
    }

    /// The knots a level can hold: one holding another knot, and none.
    static let knots = [
        #"{"items": [], "next": null, "knot": {"items": [], "next": null, "knot": null}}"#,
        "null",
    ]

    /// `depth` levels of `{"items": [0, 1, …], "knot": null, "next": [ … ]}`,
    /// the next level in a one-element array, the last level's `next` empty.
    static func braid(depth: Int, width: Int) -> String {
        let items = "[" + (0..<width).map(String.init).joined(separator: ",") + "]"
        return String(repeating: "{\"items\":\(items),\"knot\":null,\"next\":[", count: depth) + String(repeating: "]}", count: depth)
    }

    /// `depth` levels of `{"vine": {"items": [0, 1, …], "tangle": null, "next": …}}`,
    /// the last level's `next` a leaf.
    static func vine(depth: Int, width: Int) -> String {
        let items = "[" + (0..<width).map(String.init).joined(separator: ",") + "]"
        return String(repeating: "{\"vine\":{\"items\":\(items),\"tangle\":null,\"next\":", count: depth)
            + #"{"leaf": {"end": {"a": 1, "b": 2, "c": 3}}}"# + String(repeating: "}}", count: depth)
    }

    /// Ways to decode a ``Knot`` from text: generated and `Codable`, JSON and binary.
    static let paths: [(String, @Sendable (String) throws -> Void)] = [
        ("generated", { _ = try JSON.Decoder().decode(Knot.self, from: $0) }),
        ("Codable", { _ = try JSON.Decoder().decode(CodablePath<Knot>.self, from: $0) }),
        ("binary", { _ = try Binary.Decoder().decode(Knot.self, from: Binary.Encoder().encode(JSON(parsing: $0)) as [UInt8]) }),
    ]

    /// The element decodes of decoding `text` along `decode`.
    static func decodes(_ text: String, _ decode: (String) throws -> Void) throws -> Int {
        let count = TickCount()
        try TickCount.$current.withValue(count) { try decode(text) }
        return count.decodes
    }

    /// At depths 10, 80 and 150 the 70 levels added each time cost the same
    /// element decodes (within 5%, for where the kept links fall), whether
    /// or not the links hold untagged values, on the generated and
    /// `Codable` paths, JSON and binary; walking the chain again from each
    /// level decoded the element at level k (from 0) k + 2 times, so the
    /// second 70 levels cost more than twice the first. The same holds for
    /// a chain of structs held in arrays (``Braid``, ``Twig``) and for one
    /// of enum cases larger than two words (``Tangle``, ``Vine``).
    @Test func workStaysLinearInTheDepth() throws {
        let braids: [(String, @Sendable (String) throws -> Void)] = [
            ("generated", { _ = try JSON.Decoder().decode(Braid.self, from: $0) }),
            ("Codable", { _ = try JSON.Decoder().decode(CodablePath<Braid>.self, from: $0) }),
            ("binary", { _ = try Binary.Decoder().decode(Braid.self, from: Binary.Encoder().encode(JSON(parsing: $0)) as [UInt8]) }),
        ]
        for (name, decode) in braids {
            let counts = try [10, 80, 150].map { try Self.decodes(Self.braid(depth: $0, width: 4), decode) }
            let (first, second) = (counts[1] - counts[0], counts[2] - counts[1])
            #expect(first >= 70 * 4 && abs(second - first) * 20 <= first, "\(name), braid: \(counts)")
        }
        let tangles: [(String, @Sendable (String) throws -> Void)] = [
            ("generated", { _ = try JSON.Decoder().decode(Tangle.self, from: $0) }),
            ("Codable", { _ = try JSON.Decoder().decode(CodablePath<Tangle>.self, from: $0) }),
            ("binary", { _ = try Binary.Decoder().decode(Tangle.self, from: Binary.Encoder().encode(JSON(parsing: $0)) as [UInt8]) }),
        ]
        for (name, decode) in tangles {
            let counts = try [10, 80, 150].map { try Self.decodes(Self.vine(depth: $0, width: 4), decode) }
            let (first, second) = (counts[1] - counts[0], counts[2] - counts[1])
            #expect(first >= 70 * 4 && abs(second - first) * 20 <= first, "\(name), vine: \(counts)")
        }
        let width = 4
        for (name, decode) in Self.paths {
            for knot in Self.knots {
                let counts = try [10, 80, 150].map { try Self.decodes(Self.chain(depth: $0, width: width, knot: knot), decode) }
                let (first, second) = (counts[1] - counts[0], counts[2] - counts[1])
                #expect(first >= 70 * width && abs(second - first) * 20 <= first, "\(name), knot \(knot.prefix(4)): \(counts)")
            }
        }
    }

    /// `@JSONCodable` marks an enum that is `indirect`, or has an `indirect`
    /// case, as one that may hold itself; nothing else is marked.
    @Test func enumsWithIndirectCasesMayHoldThemselves() {
        #expect(Tangle.mayHoldItself)
        #expect(Vine.mayHoldItself)
        #expect(!TightVine.mayHoldItself)
        #expect(!Triple.mayHoldItself)
        #expect(!Strand.mayHoldItself)
        #expect(!Direction.mayHoldItself && !Color.mayHoldItself)
        #expect(![Vine].mayHoldItself)
    }
}
