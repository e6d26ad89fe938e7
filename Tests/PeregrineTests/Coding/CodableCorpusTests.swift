import Foundation
import Peregrine
import Testing
import TestSupport
import CorpusModels

/// Differential tests against Foundation on models of the corpus files:
/// equal values from both decoders, and each encoder's output read back
/// equal by both decoders.
@Suite(TestData.needs("corpus"))
struct CodableCorpusTests {
    func check<Model: Codable & Equatable>(_ type: Model.Type, file: String) throws {
        let bytes = TestData.bytes(TestData.url("corpus/\(file)"))
        let data = Data(bytes)
        let ours = try JSON.Decoder().decode(type, from: bytes)
        let foundation = try JSONDecoder().decode(type, from: data)
        #expect(ours == foundation, "\(file): decoders disagree")

        let encoded: [UInt8] = try JSON.Encoder().encode(ours)
        #expect(try JSON.Decoder().decode(type, from: encoded) == ours, "\(file): our encoding read back by us")
        #expect(try JSONDecoder().decode(type, from: Data(encoded)) == ours, "\(file): our encoding read back by Foundation")
        #expect(try JSON.Decoder().decode(type, from: JSONEncoder().encode(ours)) == ours, "\(file): Foundation's encoding read back by us")
        // The same keys as Foundation writes (Foundation writes whole doubles
        // as `1` where we keep `1.0`, and its key order is not the model's).
        let ourKeys = try keyPaths(encoded)
        #expect(ourKeys.sorted() == (try keyPaths([UInt8](JSONEncoder().encode(ours)))).sorted(), "\(file): encoders disagree on keys")
    }

    /// Our encoder writes keys in the order the model encodes them.
    @Test func keysFollowTheModel() throws {
        let model = try JSON.Decoder().decode(TwitterModel.self, from: TestData.bytes(TestData.url("corpus/twitter.json")))
        let keys = try keyPaths(JSON.Encoder().encode(model))
        #expect(keys.prefix(6) == ["0:statuses", "2:metadata", "3:result_type", "3:iso_language_code", "2:created_at", "2:id"])
    }

    @Test func twitter() throws { try check(TwitterModel.self, file: "twitter.json") }
    @Test func citmCatalog() throws { try check(CitmModel.self, file: "citm_catalog.json") }
    @Test func canada() throws { try check(CanadaModel.self, file: "canada.json") }

    /// Every object key in document order, with its depth.
    func keyPaths(_ bytes: [UInt8]) throws -> [String] {
        var keys: [String] = []
        func visit(_ value: JSON, depth: Int) {
            switch value {
            case .object(let object):
                for (key, member) in object {
                    keys.append("\(depth):\(key)")
                    visit(member, depth: depth + 1)
                }
            case .array(let elements):
                for element in elements { visit(element, depth: depth + 1) }
            default:
                break
            }
        }
        visit(try JSON(parsing: bytes), depth: 0)
        return keys
    }
}
