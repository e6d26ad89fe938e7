import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// Alternative keys tried in order, nested paths among them, and keys for
/// encoding (`@Key("a", "b", encoding: "c")`): the generated path, the
/// `Codable` path the macro writes and Foundation's coders give the same
/// values and errors, on JSON and the binary format. The behaviours are
/// those ReerCodable documents for `@CodingKey("a", "b")` and
/// `@EncodingKey`, and MetaCodable for `@CodedAs` on a property.
@Suite struct AlternativeKeyTests {
    static let full = """
        {"name": "Ada", "id": 1, "user_name": "ada", "user_info": {"age": 36, "tags": ["x", 1]}, "plain": true}
        """

    /// ReerCodable: "the system will try decoding in order until
    /// successful"; any one of the keys, nested ones included, is enough.
    @Test func eachAlternativeIsEnough() throws {
        for (text, name) in [
            (#"{"name": "a", "user_name": "h"}"#, "a"), (#"{"username": "b", "user_name": "h"}"#, "b"),
            (#"{"nick_name": "c", "login": "h"}"#, "c"), (#"{"user_info": {"name": "d"}, "login": "h"}"#, "d"),
        ] {
            #expect(expectSameDecoding(Aliased.self, text) == nil)
            let value = try JSON.Decoder().decode(Aliased.self, from: text)
            #expect(value.name == name && value.handle == "h")
            #expect(try JSONDecoder().decode(Aliased.self, from: Data(text.utf8)) == value)
        }
        let value = try JSON.Decoder().decode(Aliased.self, from: Self.full)
        #expect(value == Aliased(name: "Ada", id: 1, handle: "ada", age: 36, tags: ["x"], plain: true))
    }

    /// The first key that holds a value wins, whatever the order in the
    /// object; `null` gives way to a later key holding a value.
    @Test func theFirstKeyWithAValueWins() throws {
        let texts = [
            #"{"nick_name": "c", "username": "b", "name": "a", "login": "h"}"#,
            #"{"name": null, "username": "b", "user_name": "h"}"#,
            #"{"user_info": {"name": "d", "id": 3}, "ID": 2, "id": null, "login": "h", "user_name": null}"#,
        ]
        let expected: [(name: String, id: Int?, handle: String)] = [("a", nil, "h"), ("b", nil, "h"), ("d", 2, "h")]
        for (text, expected) in zip(texts, expected) {
            #expect(expectSameDecoding(Aliased.self, text) == nil)
            let value = try JSON.Decoder().decode(Aliased.self, from: text)
            #expect(value.name == expected.name && value.id == expected.id && value.handle == expected.handle, "\(text)")
            #expect(try JSONDecoder().decode(Aliased.self, from: Data(text.utf8)) == value)
        }
        // Every key `null`: the first `null` one is read, as a property with that one key reads `null`.
        #expect(try JSON.Decoder().decode(Aliased.self, from: #"{"name": "a", "login": "h", "id": null, "ID": null}"#).id == nil)
    }

    /// Errors are those of the key chosen: missing everywhere is the first
    /// key's `keyNotFound`; `null` or a value of another type is that
    /// member's error, at its path, with its position.
    @Test func errorsAreTheChosenKeys() throws {
        let missing = expectSameDecoding(Aliased.self, #"{"login": "h"}"#)
        #expect(missing?.hasPrefix("keyNotFound(name) [] ") == true, "\(missing ?? "")")
        let null = expectSameDecoding(Aliased.self, #"{"nick_name": null, "login": "h"}"#)
        #expect(null?.hasPrefix("valueNotFound(String) [nick_name#-] $.nick_name (line 1, column 15") == true, "\(null ?? "")")
        let nested = expectSameDecoding(Aliased.self, #"{"user_info": {"name": 5}, "login": "h"}"#)
        #expect(nested?.hasPrefix("typeMismatch(String) [user_info#-/name#-] $.user_info.name (line 1, column 24") == true, "\(nested ?? "")")
        // A nested object of an alternative path is opened as any key path's is.
        let notObject = expectSameDecoding(Aliased.self, #"{"name": "a", "login": "h", "user_info": 1}"#)
        #expect(notObject?.hasPrefix("typeMismatch(Dictionary<String, Any>) [user_info#-]") == true, "\(notObject ?? "")")
        // The first key's value is read even when a later one would decode.
        let first = expectSameDecoding(Aliased.self, #"{"name": 1, "username": "b", "login": "h"}"#)
        #expect(first?.hasPrefix("typeMismatch(String) [name#-]") == true, "\(first ?? "")")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Aliased.self, from: Data(#"{"name": 1, "username": "b", "login": "h"}"#.utf8)) }
    }

    /// Every value of the payload replaced by each other kind, and every
    /// member removed: both paths agree, and Foundation on the values.
    @Test func everyMutationOfThePayload() throws {
        let base = try JSON(parsing: #"{"username": "b", "ID": 2, "login": "h", "age": 3, "user_info": {"name": "d", "id": 4, "tags": ["t"]}}"#)
        let replacements: [JSON] = [.null, "text", 1.5, -1, true, [], ["id": 1], ["name": "n"]]
        var errors = 0
        for text in try payloadMutations(of: base, replacing: replacements) {
            if expectSameDecoding(Aliased.self, text) != nil { errors += 1 }
            if let value = try? JSON.Decoder().decode(Aliased.self, from: text) {
                #expect(try JSONDecoder().decode(Aliased.self, from: Data(text.utf8)) == value, "\(text)")
            } else {
                #expect(throws: DecodingError.self) { try JSONDecoder().decode(Aliased.self, from: Data(text.utf8)) }
            }
        }
        #expect(errors > 20)
    }

    /// The first key is written, or the key for encoding (ReerCodable's
    /// `@EncodingKey`), nested objects included; what is written reads back.
    @Test func theFirstKeyOrTheKeyForEncodingIsWritten() throws {
        let value = try JSON.Decoder().decode(Aliased.self, from: #"{"nick_name": "c", "ID": 2, "login": "h", "tags": ["t"]}"#)
        let written: [UInt8] = try JSON.Encoder().encode(value)
        #expect(String(decoding: written, as: UTF8.self) == #"{"name":"c","id":2,"handle":"h","profile":{"age":0},"user_info":{"tags":["t"]}}"#)
        for formatting: JSON.Encoder.OutputFormatting in [[], .prettyPrinted, .sortedKeys] {
            expectSameEncoding(value, encoder: GeneratedEncodingTests.encoder(formatting))
        }
        #expect(try JSON(parsing: JSONEncoder().encode(value)) == JSON(parsing: written))
        // `handle` is read from "user_name" or "login", never from "handle".
        let missing = expectSameDecoding(Aliased.self, String(decoding: written, as: UTF8.self))
        #expect(missing?.hasPrefix("keyNotFound(user_name) []") == true, "\(missing ?? "")")
    }

    /// Key strategies apply to every name, as to `CodingKeys`' raw values:
    /// under `.convertFromSnakeCase` "user_name" in the input is `userName`
    /// and no key of the model, on every path, Foundation's included.
    @Test func keyStrategiesApplyToEveryName() throws {
        let snake = JSON.Decoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let text = #"{"username": "b", "user_name": "h", "login": "l"}"#
        #expect(expectSameDecoding(Aliased.self, text, decoder: snake) == nil)
        #expect(try snake.decode(Aliased.self, from: text).handle == "l")
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try foundation.decode(Aliased.self, from: Data(text.utf8)) == snake.decode(Aliased.self, from: text))
        let missing = expectSameDecoding(Aliased.self, #"{"nick_name": "c", "login": "l"}"#, decoder: snake)
        #expect(missing?.hasPrefix("keyNotFound(name) []") == true, "\(missing ?? "")")
        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        expectSameEncoding(try JSON.Decoder().decode(Aliased.self, from: Self.full), encoder: encoder)
    }

    @Test func duplicateKeysFollowThePolicy() throws {
        for policy in [JSON.ParseOptions.DuplicateKeyPolicy.lastWins, .firstWins, .reject] {
            let decoder = JSON.Decoder()
            decoder.parseOptions.duplicateKeys = policy
            for text in [
                #"{"ID": 1, "ID": 2, "name": "a", "login": "h"}"#, #"{"ID": null, "ID": 2, "name": "a", "login": "h"}"#,
                #"{"user_info": {"id": 1}, "user_info": {"name": "x"}, "login": "h"}"#,
            ] {
                expectSameDecoding(Aliased.self, text, decoder: decoder)
            }
        }
    }

    /// The binary format: the same values and errors through both paths,
    /// and the same bytes written.
    @Test func theBinaryFormat() throws {
        let value = try JSON.Decoder().decode(Aliased.self, from: Self.full)
        let bytes = try #require(expectSameBinaryEncoding(value))
        #expect(try Binary.Decoder().decode(JSON.self, from: bytes) == JSON(parsing: JSON.Encoder().encode(value) as [UInt8]))
        // A file written by a model of the other keys reads through the alternatives.
        let other = try Binary.Encoder().encode(JSON(parsing: #"{"nick_name": "c", "ID": null, "id": null, "login": "l", "user_info": {"id": 5}}"#)) as [UInt8]
        #expect(expectSameBinaryDecoding(Aliased.self, other) == nil)
        #expect(try Binary.Decoder().decode(Aliased.self, from: other) == Aliased(name: "c", id: 5, handle: "l", age: 0, tags: [], plain: nil))
        let wrong = try Binary.Encoder().encode(JSON(parsing: #"{"username": 1, "login": "l"}"#)) as [UInt8]
        #expect(expectSameBinaryDecoding(Aliased.self, wrong)?.hasPrefix("typeMismatch(String) [username#-]") == true)
    }

    /// A generic final class: alternatives of a parameter's type and an
    /// initial value as the default, through both paths and formats.
    @Test func aGenericFinalClass() throws {
        for text in [#"{"v": 1, "n": 2}"#, #"{"data": {"value": 3}}"#, #"{"value": null, "v": 4, "count": null}"#] {
            #expect(expectSameDecoding(AliasedBox<Int>.self, text) == nil)
        }
        #expect(try JSON.Decoder().decode(AliasedBox<Int>.self, from: #"{"data": {"value": 3}}"#) == AliasedBox(value: 3, count: 1))
        let profile = try JSON.Decoder().decode(AliasedBox<Profile>.self, from: #"{"v": {"name": "p", "ids": []}}"#)
        #expect(profile.value.name == "p")
        expectSameEncoding(profile)
        #expect(try JSON.Encoder().encode(profile) as [UInt8] == Array(#"{"value":{"name":"p","ids":[]},"count":1}"#.utf8))
        let dates = try JSON.Decoder().decode(AliasedBox<Date>.self, from: #"{"v": 0}"#)
        #expect(dates.value == Date(timeIntervalSinceReferenceDate: 0))
        let bytes = try #require(expectSameBinaryEncoding(profile))
        #expect(try Binary.Decoder().decode(AliasedBox<Profile>.self, from: bytes) == profile)
    }

    /// A model whose every member is below a key path reads and writes as
    /// the others (its expansion leaves no value unused: CI fails on a
    /// warning in the build of the tests).
    @Test func everyPropertyBelowAKeyPath() throws {
        for text in ["{}", #"{"a": {"b": 1, "c": {"d": "x"}}}"#, #"{"a": null}"#, #"{"a": {"c": 1}}"#] {
            expectSameDecoding(AllNested.self, text)
        }
        let value = AllNested(b: 1, d: "x")
        expectSameEncoding(value)
        #expect(try JSON.Encoder().encode(value) as [UInt8] == Array(#"{"a":{"b":1,"c":{"d":"x"}}}"#.utf8))
    }

    /// Trying several keys costs one scan of each object whatever the
    /// input: 200,000 repeats of the model's names read as one member each.
    @Test func repeatedAlternativesAreReadOnce() throws {
        let repeats = (0..<100_000).map { #""ID": \#($0), "username": "u\#($0)""# }.joined(separator: ", ")
        let text = #"{"# + repeats + #", "login": "h"}"#
        let value = try JSON.Decoder().decode(Aliased.self, from: text)
        #expect(value.id == 99_999 && value.name == "u99999")
        #expect(expectSameDecoding(Aliased.self, text) == nil)
    }
}

