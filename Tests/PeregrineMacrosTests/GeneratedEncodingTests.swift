import Foundation
import Peregrine
import PeregrineMacros
import Testing
import TestSupport
import CorpusModels

/// The generated encoders write what the `Codable` path writes, byte for
/// byte, under every option, and fail with the same errors.
@Suite struct GeneratedEncodingTests {
    static let account = try! JSON.Decoder().decode(Account.self, from: GeneratedDecodingTests.account)

    static func encoder(_ formatting: JSON.Encoder.OutputFormatting = []) -> JSON.Encoder {
        let encoder = JSON.Encoder()
        encoder.outputFormatting = formatting
        return encoder
    }

    @Test func modelsAsTheCodablePathWritesThem() throws {
        let written: [UInt8] = try JSON.Encoder().encode(Profile(name: "Ada", age: nil, ids: [1, 2]))
        #expect(String(decoding: written, as: UTF8.self) == #"{"name":"Ada","ids":[1,2]}"#)
        expectSameEncoding(Self.account)
        expectSameEncoding([Self.account, Self.account])
        expectSameEncoding(["a": Self.account.profile])
        expectSameEncoding(Box())
        expectSameEncoding(Nothing())
        expectSameEncoding(OwnKeys(first: 1, second: "2", skipped: true))
        expectSameEncoding([Profile?.none, Profile(name: "a", age: 1, ids: [])])
    }

    @Test func formattingOptions() throws {
        let value = Escaped(slash: 1, unicode: "é/x", quoted: 1000, plain: 0.1)
        let options: [JSON.Encoder.OutputFormatting] = [
            [], .prettyPrinted, [.prettyPrinted, .foundationLayout], .withoutEscapingSlashes, .escapeUnicode,
            .keepsWholeNumberFractions, .sortedKeys, [.prettyPrinted, .sortedKeys], .gzip,
        ]
        for formatting in options {
            expectSameEncoding(value, encoder: Self.encoder(formatting))
            expectSameEncoding(Self.account, encoder: Self.encoder(formatting))
        }
        let pretty: [UInt8] = try Self.encoder(.prettyPrinted).encode(Profile(name: "a", age: 2, ids: []))
        #expect(String(decoding: pretty, as: UTF8.self) == "{\n  \"name\": \"a\",\n  \"age\": 2,\n  \"ids\": []\n}")
    }

    @Test func strategies() throws {
        let encoder = JSON.Encoder()
        encoder.dateEncodingStrategy = .iso8601
        expectSameEncoding(Self.account, encoder: encoder)
        encoder.keyEncodingStrategy = .convertToSnakeCase
        expectSameEncoding(Self.account, encoder: encoder)
        encoder.keyEncodingStrategy = .custom { path in AnyKey(path.map(\.stringValue).joined(separator: ".")) }
        expectSameEncoding(Self.account, encoder: encoder)
    }

    @Test func nonFiniteFloats() throws {
        var account = Self.account
        account.friends[1].age = 3
        account.matrix = [[1], [2, .nan]]
        expectSameEncoding(account)
        let encoder = JSON.Encoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+", negativeInfinity: "-", nan: "n")
        expectSameEncoding(account, encoder: encoder)
        let error = #expect(throws: EncodingError.self) { try JSON.Encoder().encode(account) as [UInt8] }
        #expect(error.map(summary(of:))?.contains("[matrix/Index 1/Index 1]") == true)
        let escaped = Escaped(slash: 1, unicode: "", quoted: .infinity, plain: 1)
        expectSameEncoding(escaped)
        let member = #expect(throws: EncodingError.self) { try JSON.Encoder().encode(escaped) as [UInt8] }
        #expect(member.map(summary(of:))?.contains(#"[quote"back\]"#) == true)
    }

    /// A `Codable` value that turns the output into a tree: the members after
    /// it go into the tree, and the result is still the `Codable` path's.
    @Test func outputThatTurnsIntoATree() throws {
        let value = HoldsTwice(before: [1], twice: Twice(), after: Profile(name: "a", age: nil, ids: [2]), list: [Twice(), Twice()], last: 0.5)
        expectSameEncoding(value)
        expectSameEncoding(value, encoder: Self.encoder(.prettyPrinted))
        expectSameEncoding([value])
        let written: [UInt8] = try JSON.Encoder().encode(value)
        #expect(
            String(decoding: written, as: UTF8.self)
                == #"{"before":[1],"twice":{"a":2},"after":{"name":"a","ids":[2]},"list":[{"a":2},{"a":2}],"last":0.5}"#)
    }

    /// Everything written reads back as the same model, through both paths.
    @Test(TestData.needs("corpus")) func corpusRoundTrips() throws {
        func check<Model: Codable & Equatable>(_ type: Model.Type, _ file: String) throws {
            let model = try JSON.Decoder().decode(type, from: TestData.bytes(TestData.url("corpus/\(file)")))
            expectSameEncoding(model)
            let written: [UInt8] = try JSON.Encoder().encode(model)
            #expect(try JSON.Decoder().decode(type, from: written) == model)
            #expect(try JSONDecoder().decode(type, from: Data(written)) == model)
        }
        try check(GeneratedTwitterModel.self, "twitter.json")
        try check(GeneratedCitmModel.self, "citm_catalog.json")
        try check(GeneratedCanadaModel.self, "canada.json")
    }
}
