import Foundation
import Peregrine
import PeregrineMacros

/// A model holding class instances, which the binary format writes once
/// as shared values and refers back to.
@JSONCodable
struct Boxes: Equatable {
    var first: Box
    var second: Box
    var list: [Box]
    var optional: Box?
}

/// A final class that can hold itself (a cycle, which encoders refuse).
@JSONCodable
final class ChainNode: Equatable {
    var name: String = ""
    var next: ChainNode?

    static func == (left: ChainNode, right: ChainNode) -> Bool { left.name == right.name && left.next == right.next }
}

/// A type with only a generated encoder: its `Encodable` path fails, so an
/// encode that succeeds went through the generated one.
struct OnlyGeneratedOutput: Codable, DirectEncodable {
    init() {}
    init(from decoder: any Decoder) throws {}

    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(7, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "the Encodable path"))
    }

    func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws { sink.encode(Int64(7)) }
}
