import Foundation
import Peregrine

/// A class reached from several places, so files carry shared values and
/// back-references.
final class Shared: Codable {
    var label: String
    var children: [Shared]
    init(label: String, children: [Shared]) { self.label = label; self.children = children }
}

/// A model with every natively written kind, nested.
struct Model: Codable {
    var name: String
    var when: Date?
    var blob: Data?
    var link: URL?
    var id: UUID?
    var amount: Decimal?
    var tags: Set<String>?
    var byNumber: [Int: String]?
    var first: Shared?
    var second: Shared?
    var list: [Model]?
}

/// Builds a model from the input's bytes so that every run also writes a
/// well-formed file to decode and corrupt.
func model(from bytes: [UInt8], depth: Int = 0) -> Model {
    let seed = bytes.reduce(0) { $0 &* 31 &+ Int($1) }
    let shared = Shared(label: String(decoding: bytes.prefix(8), as: UTF8.self), children: [])
    let inner = Shared(label: "inner", children: [shared, shared])
    return Model(
        name: String(decoding: bytes.prefix(16), as: UTF8.self),
        when: seed % 2 == 0 ? Date(timeIntervalSince1970: Double(seed % 1_000_000)) : nil,
        blob: Data(bytes.prefix(32)),
        link: URL(string: "https://example.com/\(seed % 97)"),
        id: seed % 3 == 0 ? UUID() : nil,
        amount: Decimal(seed % 10_000) / 100,
        tags: Set(bytes.prefix(4).map { String($0) }),
        byNumber: Dictionary(uniqueKeysWithValues: bytes.prefix(4).enumerated().map { ($0.offset, String($0.element)) }),
        first: inner,
        second: seed % 5 == 0 ? shared : inner,
        list: depth < 2 && bytes.count > 4 ? [model(from: Array(bytes.dropFirst(4)), depth: depth + 1)] : nil)
}

/// Decodes the input with `Binary.Decoder` into a model and as a graph, in
/// both modes; then writes a model built from the input, checks it reads
/// back, and reads it again with one byte changed where the input says.
/// Whatever the bytes, nothing may trap or allocate beyond the limits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBinaryDecoder(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    var decoder = Binary.Decoder()
    decoder.limits = Binary.DecodingLimits(maxValues: 1 << 20)
    decoder.registry.register(Shared.self, as: "Shared")
    var plain = decoder
    plain.limits.plainData = true

    for candidate in [decoder, plain] {
        _ = try? candidate.decode(Model.self, from: bytes)
        _ = try? candidate.decodeGraph(from: bytes)
    }

    let original = model(from: bytes)
    guard var file = try? Binary.Encoder().encode(original) else {
        fatalError("a model built from the input failed to encode")
    }
    guard let decoded = try? decoder.decode(Model.self, from: file),
          decoded.name == original.name, decoded.blob == original.blob, decoded.byNumber == original.byNumber,
          let children = decoded.first?.children, children.count == 2, children[0] === children[1] else {
        fatalError("a written model did not read back the same, with its shared instance shared")
    }
    if let position = bytes.first.map({ Int($0) % file.count }), let value = bytes.last {
        file[position] ^= value | 1
        _ = try? decoder.decode(Model.self, from: file)
        _ = try? plain.decodeGraph(from: file)
    }
    return 0
}
