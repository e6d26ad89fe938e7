import Foundation
@testable import PeregrineCore
import PeregrineMacros
import Testing

/// An untagged enum whose case holds a recursive model that is not
/// untagged (``Knot``, ``Strand``) costs time linear in the input: the
/// chain is walked once per case of the nearest untagged enum, not again
/// from each level an enum is asked at below it.
@Suite struct UntaggedChainTests {
    /// `depth` levels of `{"items": [0, 1, …], "next": …, "knot": …}` with
    /// `width` elements each, the last level's `next` `null`; each level's
    /// `knot` is a knot holding another (so its outcome is kept), with no elements.
    static func chain(depth: Int, width: Int) -> String {
        let items = "[" + (0..<width).map(String.init).joined(separator: ",") + "]"
        let leaf = #"{"items": [], "next": null, "knot": null}"#
        let knot = #"{"items": [], "next": null, "knot": \#(leaf)}"#
        return String(repeating: "{\"items\":\(items),\"knot\":\(knot),\"next\":", count: depth) + "null" + String(repeating: "}", count: depth)
    }

    /// At two depths eight times apart, each element is decoded twice (once
    /// per case of its level's knot) on the generated and `Codable` paths,
    /// JSON and binary, where walking the chain again from each level
    /// decoded the element at level k (from 0) k + 2 times.
    @Test func workStaysLinearInTheDepth() throws {
        for (name, decode) in [
            ("generated", { (text: String) in _ = try JSON.Decoder().decode(Knot.self, from: text) }),
            ("Codable", { (text: String) in _ = try JSON.Decoder().decode(CodablePath<Knot>.self, from: text) }),
            ("binary", { (text: String) in _ = try Binary.Decoder().decode(Knot.self, from: Binary.Encoder().encode(JSON(parsing: text)) as [UInt8]) }),
        ] as [(String, (String) throws -> Void)] {
            for depth in [10, 80] {
                let count = TickCount()
                try TickCount.$current.withValue(count) { try decode(Self.chain(depth: depth, width: 4)) }
                #expect(count.decodes == 2 * depth * 4, "\(name): \(count.decodes) decodes of \(depth * 4) elements")
            }
        }
    }
}
