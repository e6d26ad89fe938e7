import Foundation
import Peregrine
import PeregrineMacros
import Testing
import TestSupport
import CorpusModels

/// The generated decoders give what the `Codable` path gives: the same
/// values, and the same errors (case, coding path, line, column, excerpt).
@Suite struct GeneratedDecodingTests {
    static let account = """
        {"id": 7, "user_name": "ada", "nickname": null, "score": 2.5, "ratio": 0.5, "small": -3, "big": 18446744073709551615,
         "active": true, "tags": ["a", "b"], "counts": {"x": 1, "y": 2}, "matrix": [[1, 2.5], []], "maybe": [1, null, 3],
         "profile": {"name": "Ada", "age": 36, "ids": [1, 2]}, "friends": [{"name": "Bo", "ids": []}, {"name": "Cy", "age": null, "ids": [3]}],
         "joined": 12.5, "history": [1, 2.5], "website": "https://example.com/a", "level": 4, "kind": "ignored"}
        """

    @Test func generatedPathIsTaken() throws {
        #expect(try JSON.Decoder().decode(OnlyGenerated.self, from: "5") == OnlyGenerated(value: 5) as OnlyGenerated?)
        #expect(try JSON.Decoder().decode([OnlyGenerated].self, from: "[1, 2]").map(\.value) == [1, 2])
        // Inside a `Codable`-only model the `Decodable` path runs.
        #expect(throws: DecodingError.self) { try JSON.Decoder().decode(Holder.self, from: #"{"inner": 1}"#) }
    }

    @Test func validModel() throws {
        #expect(expectSameDecoding(Account.self, Self.account) == nil)
        let account = try JSON.Decoder().decode(Account.self, from: Self.account)
        #expect(account.userName == "ada" && account.level == 4 && account.kind == "account")
        #expect(account.maybe == [1, nil, 3] && account.friends[1].ids == [3] && account.big == .max)
        #expect(account.joined == Date(timeIntervalSinceReferenceDate: 12.5))
        #expect(account.website == URL(string: "https://example.com/a"))
    }

    @Test func classesEmptyModelsAndOwnKeys() throws {
        let box = try JSON.Decoder().decode(Box.self, from: #"{"width": 3, "label": "b"}"#)
        #expect(box.width == 3 && box.label == "b")
        expectSameDecoding(Box.self, #"{"width": 3}"#)
        expectSameDecoding(Box.self, #"{"label": 3}"#)
        #expect(Box().width == 1)
        for text in ["{}", #"{"a": 1}"#, "[]", "1", "null"] { expectSameDecoding(Nothing.self, text) }
        #expect(try JSON.Decoder().decode(OwnKeys.self, from: #"{"one": 1, "second": "2", "skipped": true}"#) == OwnKeys(first: 1, second: "2"))
        for text in [#"{"one": 1, "second": "2"}"#, #"{"first": 1, "second": "2"}"#, #"{"one": "1", "second": "2"}"#] {
            expectSameDecoding(OwnKeys.self, text)
        }
    }

    /// Every value of the valid payload replaced by each other kind of
    /// value, and every member removed: both paths agree on every one.
    @Test func everyMutationOfThePayload() throws {
        let base = try JSON(parsing: Self.account)
        let replacements: [JSON] = [.null, "text", 1.5, -1, 300, true, [], ["x": 1]]
        var errors = 0
        for text in try payloadMutations(of: base, replacing: replacements) where expectSameDecoding(Account.self, text) != nil {
            errors += 1
        }
        #expect(errors > 200)
    }

    /// Errors deep inside, with their line and column in a pretty-printed payload.
    @Test func deepErrorsHaveThePositions() throws {
        var value = try JSON(parsing: Self.account)
        try value.setValue("x", at: JSON.Pointer("/friends/1/ids/0"))
        let text = try value.serializedString(options: [.prettyPrinted])
        let error = try #require(expectSameDecoding(Account.self, text))
        #expect(error.contains("typeMismatch(Int64) [friends#-/Index 1#1/ids#-/Index 0#0] $.friends[1].ids[0] (line "))
        #expect(error.contains(#"expected Int64, found string "x""#))
    }

    @Test func missingKeysAndNulls() throws {
        let missing = expectSameDecoding(Profile.self, #"{"age": 1, "ids": []}"#)
        #expect(missing?.hasPrefix("keyNotFound(name) []") == true)
        let null = expectSameDecoding(Profile.self, #"{"name": null, "ids": []}"#)
        #expect(null?.hasPrefix("valueNotFound(String) [name#-]") == true)
        let nullArray = expectSameDecoding(Profile.self, #"{"name": "a", "ids": null}"#)
        #expect(nullArray?.hasPrefix("valueNotFound(Array<Int64>) [ids#-]") == true, "\(nullArray ?? "")")
        // The first error in declaration order, whatever the order of the members.
        #expect(expectSameDecoding(Profile.self, #"{"ids": "x", "name": 1}"#)?.hasPrefix("typeMismatch(String) [name#-]") == true)
    }

    @Test func namesLikeTheGeneratedCodes() throws {
        let text = #"{"source": {"name": "web"}, "sink": {"depth": 2}, "index": 3, "members": [1], "object": "o"}"#
        #expect(expectSameDecoding(NamesLikeTheGeneratedCode.self, text) == nil)
        let value = try JSON.Decoder().decode(NamesLikeTheGeneratedCode.self, from: text)
        #expect(value.source.name == "web" && value.sink.depth == 2 && value.index == 3)
        expectSameEncoding(value)
    }

    @Test func keyStrategies() throws {
        let snake = JSON.Decoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        expectSameDecoding(Profile.self, #"{"name": "a", "ids": [1], "age": 2}"#, decoder: snake)
        // `user_name` becomes `userName`, which is not the key `@Key` names: missing, as on the Codable path,
        // and the error says why.
        let renamed = expectSameDecoding(Account.self, Self.account, decoder: snake)
        #expect(renamed?.hasPrefix("keyNotFound(user_name)") == true)
        #expect(renamed?.contains(#"no value for key "user_name"; the key decoding strategy turned "user_name" into "userName", and keys are matched after it: name the key "userName", or decode without the strategy underlying: none"#) == true, "\(renamed ?? "")")
        // Dictionaries keep their keys as written.
        expectSameDecoding([String: Profile].self, #"{"a_b": {"name": "a", "ids": []}}"#, decoder: snake)
        let custom = JSON.Decoder()
        custom.keyDecodingStrategy = .custom { path in AnyKey(path.last.map { $0.stringValue.uppercased() } ?? "") }
        expectSameDecoding(Profile.self, #"{"name": "a", "NAME": "b", "IDS": [1]}"#, decoder: custom)
        expectSameDecoding(Profile.self, #"{"name": "a", "ids": [1]}"#, decoder: custom)
    }

    /// Two JSON names a key strategy turns into one: the first one's member,
    /// as Foundation's `JSONDecoder` takes it, on both paths; the same name
    /// written twice still goes by the duplicate-key policy.
    @Test func keyStrategyCollisionsTakeTheFirstMember() throws {
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .custom { path in AnyKey(path.last.map { $0.stringValue.replacingOccurrences(of: "_", with: "") } ?? "") }
        for (text, name) in [
            (#"{"na_me": "a", "name": "b", "ids": []}"#, "a"),
            (#"{"name": "a", "na_me": "b", "ids": []}"#, "a"),
            (#"{"na_me": "a", "name": "b", "ids": [], "na_me": "c"}"#, "c"),
        ] {
            #expect(try decoder.decode(Profile.self, from: text).name == name, "\(text)")
            #expect(expectSameDecoding(Profile.self, text, decoder: decoder) == nil)
        }
        decoder.parseOptions.duplicateKeys = .firstWins
        #expect(try decoder.decode(Profile.self, from: #"{"na_me": "a", "name": "b", "ids": [], "na_me": "c"}"#).name == "a")
    }

    @Test func duplicateKeys() throws {
        for policy in [JSON.ParseOptions.DuplicateKeyPolicy.lastWins, .firstWins] {
            let decoder = JSON.Decoder()
            decoder.parseOptions.duplicateKeys = policy
            expectSameDecoding(Profile.self, #"{"name": "a", "ids": [], "name": "b"}"#, decoder: decoder)
            expectSameDecoding(Profile.self, #"{"name": 1, "ids": [], "name": "b"}"#, decoder: decoder)
            expectSameDecoding(Profile.self, #"{"name": "a", "ids": [], "n\u0061me": 2}"#, decoder: decoder)
            expectSameDecoding([String: Int].self, #"{"a": "x", "b": 1, "a": 2}"#, decoder: decoder)
            expectSameDecoding([String: Int].self, #"{"a": 1, "b": 1, "a": "y"}"#, decoder: decoder)
        }
        let strict = JSON.Decoder()
        strict.parseOptions.duplicateKeys = .reject
        expectSameDecoding(Profile.self, #"{"name": "a", "ids": [], "name": "b"}"#, decoder: strict)
    }

    /// Members in the model's order are matched one after another, and the
    /// lookup falls back to the table for one out of order, escaped,
    /// unknown or repeated, then goes on in order: every hand-off between
    /// the two, under both duplicate-key policies, with the values expected.
    @Test func membersInAndOutOfOrder() throws {
        let texts: [(text: String, lastWins: Profile, firstWins: Profile)] = [
            (#"{"name": "a", "age": 1, "ids": [1]}"#, Profile(name: "a", age: 1, ids: [1]), Profile(name: "a", age: 1, ids: [1])),
            (#"{"ids": [1], "age": 1, "name": "a"}"#, Profile(name: "a", age: 1, ids: [1]), Profile(name: "a", age: 1, ids: [1])),
            (#"{"name": "a", "x": 0, "ids": [1]}"#, Profile(name: "a", age: nil, ids: [1]), Profile(name: "a", age: nil, ids: [1])),
            (#"{"n\u0061me": "a", "age": 1, "ids": [1]}"#, Profile(name: "a", age: 1, ids: [1]), Profile(name: "a", age: 1, ids: [1])),
            (#"{"name": "a", "age": 1, "ids": [1], "name": "b", "age": 2, "ids": [2]}"#,
             Profile(name: "b", age: 2, ids: [2]), Profile(name: "a", age: 1, ids: [1])),
            (#"{"name": "a", "name": "b", "age": 1, "age": 2, "ids": [], "x": {}}"#,
             Profile(name: "b", age: 2, ids: []), Profile(name: "a", age: 1, ids: [])),
            (#"{"age": 1, "name": "a", "age": 2, "ids": [1], "ids": [2]}"#,
             Profile(name: "a", age: 2, ids: [2]), Profile(name: "a", age: 1, ids: [1])),
        ]
        for (text, lastWins, firstWins) in texts {
            for (policy, expected) in [(JSON.ParseOptions.DuplicateKeyPolicy.lastWins, lastWins), (.firstWins, firstWins)] {
                let decoder = JSON.Decoder()
                decoder.parseOptions.duplicateKeys = policy
                #expect(try decoder.decode(Profile.self, from: text) == expected, "\(policy) \(text)")
                expectSameDecoding(Profile.self, text, decoder: decoder)
            }
        }
    }

    @Test func strategiesAndLeniency() throws {
        let decoder = JSON.Decoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.leniency = .all
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        var value = try JSON(parsing: Self.account)
        try value.setValue("2024-01-02T03:04:05Z", at: JSON.Pointer("/joined"))
        try value.setValue(["2024-01-02T03:04:05Z"], at: JSON.Pointer("/history"))
        try value.setValue("12", at: JSON.Pointer("/id"))
        try value.setValue("+inf", at: JSON.Pointer("/score"))
        try value.setValue(1, at: JSON.Pointer("/active"))
        try value.setValue(5, at: JSON.Pointer("/userName"))
        try value.setValue(5, at: JSON.Pointer("/user_name"))
        let text = try value.serializedString()
        #expect(expectSameDecoding(Account.self, text, decoder: decoder) == nil)
        let (account, report) = try decoder.decodeWithReport(Account.self, from: text)
        let (_, codableReport) = try decoder.decodeWithReport(CodablePath<Account>.self, from: text)
        #expect(account.id == 12 && account.userName == "5" && account.score == .infinity)
        #expect("\(report)" == "\(codableReport)")
        try value.setValue("yesterday", at: JSON.Pointer("/joined"))
        #expect(expectSameDecoding(Account.self, try value.serializedString(), decoder: decoder)?.hasPrefix("dataCorrupted [joined#-]") == true)
    }

    @Test func numbersAtTheEdges() throws {
        for number in ["127", "128", "-129", "1.0", "1.5", "1e300", "-0", "18446744073709551616", "12345678901234567890123"] {
            expectSameDecoding(Int8.self, number)
            expectSameDecoding(UInt64.self, number)
            expectSameDecoding(Float.self, number)
            expectSameDecoding(Double.self, number)
            expectSameDecoding([Int].self, "[\(number)]")
        }
    }

    @Test func topLevelCollectionsAndScalars() throws {
        expectSameDecoding([Profile].self, #"[{"name": "a", "ids": []}, {"ids": []}]"#)
        expectSameDecoding([Profile?].self, #"[null, {"name": "a", "ids": [1]}]"#)
        expectSameDecoding([String: [Double]].self, #"{"a": [1, 2], "b": "x"}"#)
        expectSameDecoding([[Int64]].self, #"[[1], 2]"#)
        for text in ["[[1.5, 2], [3, -4.25, 5], [], [7], [1, 2, 3, 4, 5], [18446744073709551615, -1]]", "[[1, 2], 3]", "[[1, [2]]]", #"[[1, "2"]]"#, "{}"] {
            expectSameDecoding([[Double]].self, text)
            expectSameDecoding([[[Double]]].self, "[\(text)]")
        }

        expectSameDecoding(String.self, #""a\u00e9""#)
        expectSameDecoding(Account.self, "[]")
        expectSameDecoding(Account.self, "{")
    }

    @Test func lookupsAndDocuments() throws {
        let document = try JSON.Document(parsing: #"{"list": [{"name": "a", "ids": [1]}, {"name": 2, "ids": []}]}"#)
        let profile = try document.root["list"][0].decode(Profile.self)
        #expect(profile.name == "a")
        let generated = outcome { try document.root["list"][1].decode(Profile.self) }
        #expect(generated == outcome { try document.root["list"][1].decode(CodablePath<Profile>.self).value })
        #expect(generated.hasPrefix("typeMismatch(String) [list#-/Index 1#1/name#-]"))
        let value = try JSON(parsing: #"{"list": [{"name": 2, "ids": []}]}"#)
        let fromValue = outcome { try value["list"][0].decode(Profile.self) }
        #expect(fromValue == outcome { try value["list"][0].decode(CodablePath<Profile>.self).value })
        #expect(fromValue.hasPrefix("typeMismatch(String) [list#-/Index 0#0/name#-] $.list[0].name:"))
    }

    /// Every corpus file decodes to the same model through both paths.
    @Test(TestData.needs("corpus")) func corpus() throws {
        func check<Model: Codable & Equatable>(_ type: Model.Type, _ file: String) throws {
            let text = String(decoding: TestData.bytes(TestData.url("corpus/\(file)")), as: UTF8.self)
            #expect(expectSameDecoding(type, text) == nil)
        }
        try check(GeneratedTwitterModel.self, "twitter.json")
        try check(GeneratedCitmModel.self, "citm_catalog.json")
        try check(GeneratedCanadaModel.self, "canada.json")
    }

    /// The value `body` returns, or the summary of its error.
    func outcome<T>(_ body: () throws -> T) -> String {
        do { return "\(try body())" } catch { return summary(of: error) }
    }
}

/// A coding key of any name.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
