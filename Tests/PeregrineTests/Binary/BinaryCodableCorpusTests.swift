import Foundation
import Peregrine
import Testing
import TestSupport
import CorpusModels

/// Differential tests on models of the corpus files: decoded from JSON,
/// encoded by `Binary.Encoder` and decoded by `Binary.Decoder`, they come
/// back equal, in files smaller than the minified JSON.
@Suite(TestData.needs("corpus"))
struct BinaryCodableCorpusTests {
    func check<Model: Codable & Equatable>(_ type: Model.Type, file: String) throws {
        let json = TestData.bytes(TestData.url("corpus/\(file)"))
        let model = try JSON.Decoder().decode(type, from: json)
        let packed: [UInt8] = try Binary.Encoder().encode(model)
        #expect(try Binary.Decoder().decode(type, from: packed) == model, "\(file): read back")
        #expect(try Binary.Decoder().decode(type, from: Data(packed)) == model, "\(file): read back from Data")
        let minified: [UInt8] = try JSON.Encoder().encode(model)
        #expect(packed.count * 4 <= minified.count * 3, "\(file): \(packed.count) bytes for \(minified.count) of minified JSON")
        // What the generic reader makes of it is the same model.
        let value = try JSON(binary: packed)
        #expect(try JSON.Decoder().decode(type, from: value.serialized()) == model, "\(file): through JSON")
    }

    @Test func twitter() throws { try check(TwitterModel.self, file: "twitter.json") }
    @Test func citmCatalog() throws { try check(CitmModel.self, file: "citm_catalog.json") }
    @Test func canada() throws { try check(CanadaModel.self, file: "canada.json") }
}
