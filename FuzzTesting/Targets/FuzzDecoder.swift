import Foundation
import Peregrine

/// A model with every kind of member, nested.
struct Model: Codable {
    enum Kind: String, Codable { case a, b }
    struct Inner: Codable {
        var id: Int
        var tags: [String]?
        var ratio: Double?
        var flag: Bool
    }
    var name: String
    var count: Int64?
    var unsigned: UInt8?
    var kind: Kind?
    var inner: Inner?
    var list: [Inner]
    var map: [String: Int]?
    var nested: [[Double]]?
    var decimal: Decimal?
    @Lossy var lossy: [Int]
}

/// Decodes the input into a nested model, strictly and with every leniency;
/// whatever the bytes, nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    let lenient = JSON.Decoder()
    lenient.leniency = .all
    lenient.keyDecodingStrategy = .convertFromSnakeCase
    for decoder in [JSON.Decoder(), lenient] {
        _ = try? decoder.decode(Model.self, from: bytes)
        _ = try? decoder.decodeWithReport([Model].self, from: bytes)
    }
    if let model = try? JSON.Decoder().decode(Model.self, from: bytes) {
        _ = try? JSON.Encoder().encode(model) as [UInt8]
    }
    return 0
}
