import Foundation
import Peregrine
import Testing

@Suite struct LenientDecodingTests {
    struct Item: Codable, Equatable {
        var id: Int
        var price: Double
        var label: String
        var active: Bool
    }

    @Test func coercionsAreOptInAndReported() throws {
        let text = #"{"id": "12", "price": "1.5", "label": 7, "active": "true"}"#
        // Strict, the first member already fails: "12" is a string at offset 7.
        let strict = try #require(throws: DecodingError.self) { try JSON.Decoder().decode(Item.self, from: text) }
        #expect(strict.kindName == "typeMismatch")
        #expect(strict.pathStrings == ["id"])
        #expect(strict.context?.debugDescription == #"$.id (line 1, column 8, offset 7): expected Int, found string "12""#)
        let decoder = JSON.Decoder()
        decoder.leniency = .all
        let (item, report) = try decoder.decodeWithReport(Item.self, from: text)
        #expect(item == Item(id: 12, price: 1.5, label: "7", active: true))
        #expect(report.events.map(\.kind) == [.coerced, .coerced, .coerced, .coerced])
        #expect(report.events.map(\.path) == ["$.id", "$.price", "$.label", "$.active"])
        #expect(report.events[0].description == #"$.id (line 1, column 8, offset 7): coerced string "12" to Int"#)
        #expect(try decoder.decode(Item.self, from: #"{"id": 1, "price": 2, "label": "x", "active": 0}"#).active == false)
    }

    @Test(arguments: [#""123ABC""#, #"" 12""#, #""12 ""#, #""1e400""#, #""1.5""#, #""""#, #""0x10""#])
    func numbersFromStringsStayStrict(text: String) throws {
        let decoder = JSON.Decoder()
        decoder.leniency = .numbersFromStrings
        let error = try #require(throws: DecodingError.self) { try decoder.decode(Int.self, from: text) }
        #expect(error.kindName == "typeMismatch")
        #expect(error.pathStrings == [])
        #expect(error.context?.debugDescription == "$ (line 1, column 1, offset 0): expected Int, found string \(text)")
    }

    @Test func boolsOnlyFromZeroOneAndWords() throws {
        let decoder = JSON.Decoder()
        decoder.leniency = .boolsFromNumbersAndStrings
        let spellings = ["1", "0", "1.0", "0.0", "1e0", #""true""#, #""false""#, #""yes""#, #""no""#, #""1""#, #""0""#]
        #expect(try spellings.map { try decoder.decode(Bool.self, from: $0) } == [true, false, true, false, true, true, false, true, false, true, false])
        let (_, report) = try decoder.decodeWithReport([Bool].self, from: #"[true, "yes"]"#)
        #expect(report.events.map(\.description) == [#"$[1] (line 1, column 8, offset 7): coerced string "yes" to Bool"#])
        for (text, found) in [
            ("2", "number 2"), (#""Yes""#, #"string "Yes""#), ("-1", "number -1"), ("0.5", "number 0.5"), (#""2""#, #"string "2""#),
            (#"" 1""#, #"string " 1""#),
            // Doubles would round these to 1 and 0: the text decides.
            ("1.00000000000000000001", "number 1.00000000000000000001"), ("1e-400", "number 1e-400"),
        ] {
            let error = try #require(throws: DecodingError.self, "\(text)") { try decoder.decode(Bool.self, from: text) }
            #expect(error.kindName == "typeMismatch", "\(text)")
            #expect(error.pathStrings == [], "\(text)")
            #expect(error.context?.debugDescription == "$ (line 1, column 1, offset 0): expected Bool, found \(found)", "\(text)")
        }
    }

    /// `true` and `false` read as `1` and `0` for numbers under `.numbersFromBools` only.
    @Test func numbersFromBools() throws {
        let decoder = JSON.Decoder()
        decoder.leniency = .numbersFromBools
        #expect(try decoder.decode([Int].self, from: "[true, false, 7]") == [1, 0, 7])
        #expect(try decoder.decode([UInt8].self, from: "[true]") == [1])
        #expect(try decoder.decode([Double].self, from: "[true, false]") == [1, 0])
        let (_, report) = try decoder.decodeWithReport(Int.self, from: "true")
        #expect(report.events.map(\.description) == ["$ (line 1, column 1, offset 0): coerced true to Int"])
        let strict = try #require(throws: DecodingError.self) { try JSON.Decoder().decode(Int.self, from: "true") }
        #expect(strict.context?.debugDescription == "$ (line 1, column 1, offset 0): expected Int, found true")
        let notText = try #require(throws: DecodingError.self) { try decoder.decode(Int.self, from: #""1""#) }
        #expect(notText.context?.debugDescription == #"$ (line 1, column 1, offset 0): expected Int, found string "1""#)
    }

    enum Zero: DefaultValue { static var defaultValue: Int { 0 } }
    enum Unnamed: DefaultValue { static var defaultValue: String { "unnamed" } }

    struct Profile: Codable, Equatable {
        var id: Int
        @Default<Zero> var followers: Int
        @Default<Unnamed> var name: String
        @Lossy var tags: [Int]
        var nickname: String?
    }

    @Test func defaultsAndLossyArraysWithAnyDecoder() throws {
        let text = #"{"id": 1, "name": null, "tags": [1, "two", 3, null, 4.5, 5], "nickname": null}"#
        let (profile, report) = try JSON.Decoder().decodeWithReport(Profile.self, from: text)
        #expect(profile.followers == 0 && profile.name == "unnamed" && profile.tags == [1, 3, 5] && profile.nickname == nil)
        #expect(report.events.map(\.kind) == [.defaulted, .defaulted, .dropped, .dropped, .dropped])
        #expect(report.events.map(\.path) == ["$.followers", "$.name", "$.tags[1]", "$.tags[3]", "$.tags[4]"])
        #expect(report.events[2].detail.contains(#"expected Int, found string "two""#))
        // The same wrappers work with Foundation's decoder (without a report).
        let foundation = try JSONDecoder().decode(Profile.self, from: Data(text.utf8))
        #expect(foundation == profile)
        // And encode as their plain values.
        let encoded: JSON = try JSON.Encoder().encode(profile)
        #expect(encoded == ["id": 1, "followers": 0, "name": "unnamed", "tags": [1, 3, 5]])
    }

    @Test func missingLossyArrayIsEmpty() throws {
        struct Feed: Codable { @Lossy var items: [String] }
        #expect(try JSON.Decoder().decode(Feed.self, from: "{}").items == [])
        #expect(try JSON.Decoder().decode(Feed.self, from: #"{"items": null}"#).items == [])
    }
}
