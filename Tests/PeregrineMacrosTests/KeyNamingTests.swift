import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// Key namings per type and per property (`@JSONCodable(keys:)`,
/// `@Key(.kebabCase)`), decided at compile time: the names MetaCodable
/// documents for `@CodingKeys` and ReerCodable for `@SnakeCase` and the
/// others, with a coder's key strategy still applying on top as
/// Foundation applies it to `CodingKeys`.
@Suite struct KeyNamingTests {
    /// ReerCodable's `@SnakeCase` type with a `@KebabCase` property and a
    /// `@CodingKey("avatar_url")` one, read and written by every path.
    @Test func aNamingOfTheTypeAndOfAProperty() throws {
        let text = #"{"first_name": "Phoenix", "last-name": "Reer", "avatar_url": "abc.png", "user_id": 1, "meta": {"signUpDate": "d"}}"#
        #expect(expectSameDecoding(Person.self, text) == nil)
        let value = try JSON.Decoder().decode(Person.self, from: text)
        #expect(value == Person(firstName: "Phoenix", lastName: "Reer", avatarURL: "abc.png", userID: 1, signUpDate: "d"))
        #expect(try JSONDecoder().decode(Person.self, from: Data(text.utf8)) == value)
        let written: [UInt8] = try JSON.Encoder().encode(value)
        #expect(
            String(decoding: written, as: UTF8.self)
                == #"{"first_name":"Phoenix","last-name":"Reer","avatar_url":"abc.png","user_id":1,"meta":{"signUpDate":"d"}}"#)
        expectSameEncoding(value)
        #expect(try JSON(parsing: JSONEncoder().encode(value)) == JSON(parsing: written))
        let missing = expectSameDecoding(Person.self, #"{"firstName": "P", "last-name": "R", "user_id": 1}"#)
        #expect(missing?.hasPrefix("keyNotFound(first_name) []") == true, "\(missing ?? "")")
    }

    /// MetaCodable's documented conversions: `feeFiFoFum` to
    /// `fee_fi_fo_fum` (snake), `FeeFiFoFum` (Pascal), `FEE_FI_FO_FUM`;
    /// `fee_fi_fo_fum` to `feeFiFoFum` (camel). ReerCodable's `twoWords`
    /// to `TWO_WORDS`; acronyms are one word (`URLSession` → `urlSession`).
    @Test func theDocumentedConversions() throws {
        let pascal = #"{"FeeFiFoFum": 1, "TWO_WORDS": "hit", "urlSession": true}"#
        #expect(expectSameDecoding(Pascal.self, pascal) == nil)
        #expect(try JSON.Decoder().decode(Pascal.self, from: pascal) == Pascal(feeFiFoFum: 1, twoWords: "hit", URLSession: true))
        #expect(try JSON.Encoder().encode(Pascal(feeFiFoFum: 1, twoWords: "hit", URLSession: true)) as [UInt8] == Array(#"{"FeeFiFoFum":1,"TWO_WORDS":"hit","urlSession":true}"#.utf8))
        #expect(try JSON.Decoder().decode(FromSnake.self, from: #"{"feeFiFoFum": 2}"#) == FromSnake(fee_fi_fo_fum: 2))
        #expect(try JSON.Encoder().encode(FromSnake(fee_fi_fo_fum: 2)) as [UInt8] == Array(#"{"feeFiFoFum":2}"#.utf8))
        let screaming = try JSON.Decoder().decode(Screaming.self, from: #"{"RETRY_AFTER": 3, "_PRIVATE": 4}"#)
        #expect(screaming.retryAfter == 3 && screaming._private == 4)
        #expect(try JSON.Encoder().encode(screaming) as [UInt8] == Array(#"{"RETRY_AFTER":3,"_PRIVATE":4}"#.utf8))
        expectSameDecoding(Screaming.self, #"{"RETRY_AFTER": 3}"#)
        #expect(try JSONDecoder().decode(Pascal.self, from: Data(pascal.utf8)) == JSON.Decoder().decode(Pascal.self, from: pascal))
    }

    /// A coder's key strategy applies on top, exactly as Foundation applies
    /// it to `CodingKeys`: `.convertFromSnakeCase` turns "first_name" in the
    /// input into `firstName`, which no key is; `.convertToSnakeCase` turns
    /// "FeeFiFoFum" into "fee_fi_fo_fum".
    @Test func aKeyStrategyAppliesOnTop() throws {
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let text = #"{"first_name": "P", "last-name": "R", "user_id": 1}"#
        let error = expectSameDecoding(Person.self, text, decoder: decoder)
        #expect(error?.hasPrefix("keyNotFound(first_name) []") == true, "\(error ?? "")")
        #expect(throws: DecodingError.self) { try foundation.decode(Person.self, from: Data(text.utf8)) }
        // Names the strategy leaves as they are still match.
        let kept = #"{"FeeFiFoFum": 1, "TWO_WORDS": "hit", "urlSession": true}"#
        expectSameDecoding(Pascal.self, kept, decoder: decoder)
        #expect((try? decoder.decode(Pascal.self, from: kept)) == (try? foundation.decode(Pascal.self, from: Data(kept.utf8))))
        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let value = Pascal(feeFiFoFum: 1, twoWords: "hit", URLSession: true)
        expectSameEncoding(value, encoder: encoder)
        let written: [UInt8] = try encoder.encode(value)
        // Foundation's conversion of "TWO_WORDS", which this encoder follows.
        #expect(String(decoding: written, as: UTF8.self) == #"{"fee_fi_fo_fum":1,"t_wo_words":"hit","url_session":true}"#)
        let foundationEncoder = JSONEncoder()
        foundationEncoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(try JSON(parsing: foundationEncoder.encode(value)) == JSON(parsing: written))
    }

    /// A naming of an enum names its case tags, beside a tag and in
    /// synthesis's shape; `@Key` on a case takes precedence.
    @Test func enumTags() throws {
        let activities: [Activity] = [.userJoined(name: "a"), .userLeft, .somethingElse]
        let written: [UInt8] = try JSON.Encoder().encode(activities)
        #expect(String(decoding: written, as: UTF8.self) == #"[{"type":"user-joined","name":"a"},{"type":"USER_LEFT"},{"type":"custom"}]"#)
        #expect(try JSON.Decoder().decode([Activity].self, from: written) == activities)
        #expect(try JSONDecoder().decode([Activity].self, from: Data(written)) == activities)
        expectSameEncoding(activities)
        let stages: [Stage] = [.firstStep, .secondStep(count: 2)]
        let stagesWritten: [UInt8] = try JSON.Encoder().encode(stages)
        #expect(String(decoding: stagesWritten, as: UTF8.self) == #"[{"first_step":{}},{"second_step":{"count":2}}]"#)
        #expect(expectSameDecoding([Stage].self, String(decoding: stagesWritten, as: UTF8.self)) == nil)
        #expect(try JSONDecoder().decode([Stage].self, from: Data(stagesWritten)) == stages)
        let unknown = expectSameDecoding(Activity.self, #"{"type": "userJoined", "name": "a"}"#)
        #expect(unknown?.contains(#"unknown tag "userJoined", expected one of "user-joined", "USER_LEFT", "custom""#) == true, "\(unknown ?? "")")
    }

    /// The binary format reads and writes the same names.
    @Test func theBinaryFormat() throws {
        let person = Person(firstName: "P", lastName: "R", avatarURL: nil, userID: 2, signUpDate: nil)
        let bytes = try #require(expectSameBinaryEncoding(person))
        #expect(try Binary.Decoder().decode(Person.self, from: bytes) == person)
        #expect(try Binary.Decoder().decode(JSON.self, from: bytes) == JSON(parsing: #"{"first_name": "P", "last-name": "R", "user_id": 2, "meta": {}}"#))
        let activities = try #require(expectSameBinaryEncoding([Activity.userLeft, .userJoined(name: "n")]))
        #expect(expectSameBinaryDecoding([Activity].self, activities) == nil)
    }
}
