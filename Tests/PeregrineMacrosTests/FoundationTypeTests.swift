import Foundation
import PeregrineMacros
import Testing

/// Field types that only have `Codable` (`Data`, `UUID`, `Decimal`, `URL`,
/// `Date`, integer-keyed dictionaries, `JSON`) inside a generated model:
/// they go through the decode's own `Decoder` and `Encoder`, with its
/// strategies, so both paths give the same values, bytes and errors, in
/// JSON and in the binary format.
@Suite struct FoundationTypeTests {
    @JSONCodable
    struct Assorted: Equatable {
        var blob: Data
        var id: UUID
        var price: Decimal
        var big: UInt64
        var link: URL
        var when: Date
        var names: [Int: String]
        var rows: [Int: [Double]]?
        var any: JSON
    }

    static let text = """
        {"blob": "AQID", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "price": 12345678901234567890.125,
         "big": 18446744073709551615, "link": "https://example.com/a?b=c", "when": 1700000000.5,
         "names": {"1": "one", "-2": "minus two"}, "rows": {"3": [1.5, 2]}, "any": {"x": [true, null, "s"]}}
        """

    @Test func decodeAlikeUnderEveryStrategy() throws {
        let plain = JSON.Decoder()
        plain.dateDecodingStrategy = .secondsSince1970
        #expect(expectSameDecoding(Assorted.self, Self.text, decoder: plain) == nil)
        let value = try plain.decode(Assorted.self, from: Self.text)
        #expect(value.blob == Data([1, 2, 3]) && value.big == .max && value.names == [1: "one", -2: "minus two"])
        #expect(value.price == Decimal(string: "12345678901234567890.125"))
        #expect(value.rows == [3: [1.5, 2]] && value.any == ["x": [true, nil, "s"]])

        // Every value replaced by each other kind, and every member removed: the same errors.
        let replacements = [#"null"#, #""text""#, #"1.5"#, #"-1"#, #"[]"#, #"{"9": 1}"#, #"true"#]
        let members = ["blob", "id", "price", "big", "link", "when", "names", "rows", "any"]
        var errors = 0
        for member in members {
            for replacement in replacements {
                let changed = Self.text.replacingOccurrences(
                    of: #""\#(member)": "#, with: #""\#(member)": \#(replacement), "was_\#(member)": "#)
                if expectSameDecoding(Assorted.self, changed, decoder: plain) != nil { errors += 1 }
            }
            let removed = Self.text.replacingOccurrences(of: #""\#(member)": "#, with: #""gone_\#(member)": "#)
            if expectSameDecoding(Assorted.self, removed, decoder: plain) != nil { errors += 1 }
        }
        #expect(errors > 40, "\(errors) errors")

        let strategies = JSON.Decoder()
        strategies.dateDecodingStrategy = .iso8601
        strategies.dataDecodingStrategy = .deferredToData
        let other = #"{"blob": [1, 2], "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "price": 1, "big": 0, "link": "a", "when": "2024-01-02T03:04:05Z", "names": {}, "any": null}"#
        #expect(expectSameDecoding(Assorted.self, other, decoder: strategies) == nil)
        #expect(expectSameDecoding(Assorted.self, Self.text, decoder: strategies)?.contains("blob") == true)  // a base64 string is not deferredToData's array
    }

    @Test func encodeAlikeInJSONAndBinary() throws {
        let decoder = JSON.Decoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let value = try decoder.decode(Assorted.self, from: Self.text)
        expectSameEncoding(value)
        let encoder = JSON.Encoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.dataEncodingStrategy = .deferredToData
        expectSameEncoding(value, encoder: encoder)
        let bytes = try #require(expectSameBinaryEncoding(value))
        #expect(expectSameBinaryDecoding(Assorted.self, bytes) == nil)
        #expect(try Binary.Decoder().decode(Assorted.self, from: bytes) == value)
    }
}
