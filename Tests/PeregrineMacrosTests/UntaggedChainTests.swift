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

    /// Ways to decode a `T` from text: generated and `Codable`, JSON and binary.
    static func paths<T: DirectDecodable & Codable>(_ type: T.Type) -> [(String, (String) throws -> Void)] {
        [
            ("generated", { _ = try JSON.Decoder().decode(T.self, from: $0) }),
            ("Codable", { _ = try JSON.Decoder().decode(CodablePath<T>.self, from: $0) }),
            ("binary", { _ = try Binary.Decoder().decode(T.self, from: Binary.Encoder().encode(JSON(parsing: $0)) as [UInt8]) }),
        ]
    }

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
        try Self.expectLinear(Braid.self, "braid") { Self.braid(depth: $0, width: 4) }
        try Self.expectLinear(Tangle.self, "vine") { Self.vine(depth: $0, width: 4) }
        for knot in Self.knots {
            try Self.expectLinear(Knot.self, "knot \(knot.prefix(4))") { Self.chain(depth: $0, width: 4, knot: knot) }
        }
    }

    /// On every path of ``paths(_:)``, `text(depth)` at depths 10, 80 and
    /// 150 costs at least 4 element decodes a level, and the second 70
    /// levels cost what the first did, within 5%.
    static func expectLinear<T: DirectDecodable & Codable>(
        _ type: T.Type, _ label: String, sourceLocation: Testing.SourceLocation = #_sourceLocation, text: (Int) -> String
    ) throws {
        for (name, decode) in paths(T.self) {
            let counts = try [10, 80, 150].map { try decodes(text($0), decode) }
            let (first, second) = (counts[1] - counts[0], counts[2] - counts[1])
            #expect(first >= 70 * 4 && abs(second - first) * 20 <= first, "\(name), \(label): \(counts)", sourceLocation: sourceLocation)
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
