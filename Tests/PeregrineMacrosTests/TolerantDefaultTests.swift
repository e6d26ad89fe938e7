import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// Tolerant defaults: `@Defaulted` (missing or `null`), with
/// `@LossyDecoding` (invalid too), without a value (the initial value),
/// `@LossyDecoding` on an optional (an invalid value reads as `nil`), and
/// default cases of enums. The behaviours are those MetaCodable documents
/// for `@Default` and `@Default(ifMissing:)`, BetterCodable for
/// `@LossyOptional`, `@DefaultFalse`, `@DefaultEmptyArray` and an enum's
/// `DefaultCodableStrategy`, ReerCodable for initial values and an unknown
/// optional enum. Each substitution is in `decodeWithReport`'s report, the
/// same on both paths.
@Suite struct TolerantDefaultTests {
    static let defaults = Tolerant(
        field: "some", ifMissing: "some", link: nil, number: nil, isAdmin: false, favorites: [], age: 33, gender: nil, theme: .light,
        profile: nil, seen: nil)


    /// MetaCodable's `@Default("some")`: `{}` and `{"field": 5}` give
    /// "some"; `@Default(ifMissing: "some")`: `{}` gives it, `5` is an error.
    @Test func missingOnlyOrInvalidToo() throws {
        let (empty, emptyReport) = try expectSameReport(Tolerant.self, "{}")
        #expect(empty == Self.defaults)
        #expect(emptyReport == [
            "$.field is missing: took the default", "$.ifMissing is missing: took the default", "$.isAdmin is missing: took the default",
            "$.favorites is missing: took the default", "$.age is missing: took the default", "$.gender is missing: took the default",
            "$.theme is missing: took the default",
        ])
        let (invalid, invalidReport) = try expectSameReport(Tolerant.self, #"{"field": 5}"#)
        #expect(invalid.field == "some")
        #expect(invalidReport.first == "$.field is invalid: took the default: $.field (line 1, column 11, offset 10): expected String, found number 5")
        let error = expectSameDecoding(Tolerant.self, #"{"field": "f", "ifMissing": 5}"#)
        #expect(error?.hasPrefix("typeMismatch(String) [ifMissing#-] $.ifMissing (line 1, column 29") == true, "\(error ?? "")")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Tolerant.self, from: Data(#"{"ifMissing": 5}"#.utf8)) }
    }

    /// BetterCodable's `@LossyOptional`: a value that fails reads as `nil`
    /// (recorded as dropped); `null` and missing are `nil` without a record.
    @Test func lossyOptionals() throws {
        let (bad, badReport) = try expectSameReport(Tolerant.self, #"{"link": 5, "number": 3.14}"#)
        #expect(bad.link == nil && bad.number == nil)
        #expect(badReport.filter { $0.contains("dropped") }.count == 2)
        #expect(badReport.contains("$.link dropped: $.link (line 1, column 10, offset 9): expected String, found number 5"), "\(badReport)")
        #expect(badReport.contains("$.number dropped: $.number (line 1, column 23, offset 22): expected Int (a whole number), found number 3.14"))
        let (good, goodReport) = try expectSameReport(Tolerant.self, #"{"link": "https://example.com", "number": 3}"#)
        #expect(good.link == URL(string: "https://example.com") && good.number == 3)
        #expect(!goodReport.contains { $0.contains("dropped") })
        let (null, nullReport) = try expectSameReport(Tolerant.self, #"{"link": null, "number": null}"#)
        #expect(null.link == nil && null.number == nil && !nullReport.contains { $0.contains("link") || $0.contains("number") })
        // What is written reads back.
        #expect(try JSON.Decoder().decode(Tolerant.self, from: JSON.Encoder().encode(good)) == good)
    }

    /// BetterCodable's `@DefaultFalse` (`null` or another type → false),
    /// `@DefaultEmptyArray` (`null` → []), ReerCodable's initial values and
    /// an unknown value of an optional enum (→ nil).
    @Test func initialValuesAndWrapperDefaults() throws {
        let (value, report) = try expectSameReport(Tolerant.self, #"{"isAdmin": null, "favorites": null, "gender": "other", "age": null}"#)
        #expect(value == Self.defaults)
        #expect(report.contains("$.isAdmin is null: took the default") && report.contains("$.favorites is null: took the default"))
        #expect(report.contains("$.age is null: took the default"))
        #expect(report.contains("$.gender is invalid: took the default: Cannot initialize Gender from invalid String value other"), "\(report)")
        #expect(try expectSameReport(Tolerant.self, #"{"isAdmin": "yes"}"#).0.isAdmin == false)
        #expect(try expectSameReport(Tolerant.self, #"{"isAdmin": true, "age": 4, "gender": "female"}"#).0 == Self.defaults.with { $0.isAdmin = true; $0.age = 4; $0.gender = .female })
        // The initial value is the default when missing or `null`, not when invalid.
        let invalidAge = expectSameDecoding(Tolerant.self, #"{"age": "x"}"#)
        #expect(invalidAge?.hasPrefix("typeMismatch(Int) [age#-]") == true, "\(invalidAge ?? "")")
    }

    /// A value that fails deep inside (a model missing a member, below a
    /// key path) reads as missing too; a date in its own format as well.
    @Test func failuresInsideValues() throws {
        let (value, report) = try expectSameReport(Tolerant.self, #"{"meta": {"profile": {"name": 1, "ids": []}}, "seen": "yesterday"}"#)
        #expect(value.profile == nil && value.seen == nil)
        #expect(report.contains { $0.hasPrefix("$.meta.profile dropped: $.meta.profile.name (line 1, column 31") })
        #expect(report.contains { $0.hasPrefix("$.seen dropped: ") })
        let (good, _) = try expectSameReport(Tolerant.self, #"{"meta": {"profile": {"name": "p", "ids": [1]}}, "seen": "2024-01-02T03:04:05Z"}"#)
        #expect(good.profile == Profile(name: "p", age: nil, ids: [1]) && good.seen == Date(timeIntervalSince1970: 1_704_164_645))
        // Not an object on the way: the key path's own error, as for any key path.
        let notObject = expectSameDecoding(Tolerant.self, #"{"meta": 1}"#)
        #expect(notObject?.hasPrefix("typeMismatch(Dictionary<String, Any>) [meta#-]") == true, "\(notObject ?? "")")
    }

    /// Every value of the payload replaced by each other kind, and every
    /// member removed: both paths agree on values and reports, Foundation on the values.
    @Test func everyMutationOfThePayload() throws {
        let base = try JSON(parsing: """
            {"field": "f", "ifMissing": "i", "link": "https://a.b", "number": 1, "isAdmin": true, "favorites": [1], "age": 2,
             "gender": "male", "theme": "dark", "meta": {"profile": {"name": "p", "ids": []}}, "seen": "2024-01-02T03:04:05Z"}
            """)
        let replacements: [JSON] = [.null, "text", 1.5, -1, true, [], ["name": "n", "ids": []], "sepia"]
        for text in try payloadMutations(of: base, replacing: replacements) where expectSameDecoding(Tolerant.self, text) == nil {
            _ = try expectSameReport(Tolerant.self, text)
        }
    }

    /// Default cases: BetterCodable's enum with a `DefaultCodableStrategy`
    /// (`"electric"` → `.unknown`), for raw values and for tags beside the
    /// tag and under a content key; each recorded with the value (cut
    /// short as errors cut it); a value of another type is still an error.
    @Test func defaultCases() throws {
        let text = """
            {"blocks": [{"type": "text", "body": "b"}, {"type": "video", "url": "u"}, {"type": "unsupported"}],
             "payload": {"kind": "chart", "value": [1]}, "maybe": {"kind": "data", "value": 1},
             "themes": ["dark", "sepia"], "priority": 7}
            """
        let (value, report) = try expectSameReport(Article.self, text)
        #expect(value == Article(blocks: [.text(body: "b"), .unsupported, .unsupported], payload: .unknown, maybe: nil, themes: [.dark, .unknown], priority: .other))
        #expect(report == [
            #"$.blocks[1].type is "video", which no case has: took the default case"#,
            #"$.payload.kind is "chart", which no case has: took the default case"#,
            #"$.maybe dropped: $.maybe.value (line 2, column 81, offset 180): expected String, found number 1"#,
            #"$.themes[1] is "sepia", which no case has: took the default case"#,
            "$.priority is 7, which no case has: took the default case",
        ])
        // Written as their own raw value or tag, and read back.
        let written: [UInt8] = try JSON.Encoder().encode(value)
        #expect(String(decoding: written, as: UTF8.self).contains(#"{"type":"unsupported"}"#))
        #expect(String(decoding: written, as: UTF8.self).contains(#""payload":{"kind":"unknown"}"#))
        #expect(try JSON.Decoder().decode(Article.self, from: written) == value)
        expectSameEncoding(value)
        // Another type is still the raw value's or the tag's error.
        let raw = expectSameDecoding(Article.self, #"{"blocks": [], "payload": {"kind": "note", "value": {"text": "t"}}, "themes": [1], "priority": 1}"#)
        #expect(raw?.hasPrefix("typeMismatch(String) [themes#-/Index 0#0]") == true, "\(raw ?? "")")
        let tag = expectSameDecoding(Article.self, #"{"blocks": [{"type": 1}], "payload": {"kind": "note", "value": {"text": "t"}}, "themes": [], "priority": 1}"#)
        #expect(tag?.hasPrefix("typeMismatch(String) [blocks#-/Index 0#0/type#-]") == true, "\(tag ?? "")")
        // The binary format: the same values and reports.
        let bytes = try #require(expectSameBinaryEncoding(value))
        #expect(expectSameBinaryDecoding(Article.self, bytes) == nil)
        let unknown = try Binary.Encoder().encode(JSON(parsing: text)) as [UInt8]
        #expect(expectSameBinaryDecoding(Article.self, unknown) == nil)
        #expect(try Binary.Decoder().decode(Article.self, from: unknown) == value)
    }

    /// The binary format: invalid values read as missing on both paths,
    /// the same bytes written.
    @Test func theBinaryFormat() throws {
        let text = #"{"field": 5, "link": 1, "number": "n", "isAdmin": [], "gender": "other", "theme": "sepia", "meta": {"profile": {"ids": []}}}"#
        let bytes = try Binary.Encoder().encode(JSON(parsing: text)) as [UInt8]
        #expect(expectSameBinaryDecoding(Tolerant.self, bytes) == nil)
        let value = try Binary.Decoder().decode(Tolerant.self, from: bytes)
        #expect(value == Self.defaults.with { $0.theme = .unknown })
        #expect(try JSON.Decoder().decode(Tolerant.self, from: text) == value)
        let written = try #require(expectSameBinaryEncoding(value))
        #expect(try Binary.Decoder().decode(Tolerant.self, from: written) == value)
        let wrong = try Binary.Encoder().encode(JSON(parsing: #"{"ifMissing": 1}"#)) as [UInt8]
        #expect(expectSameBinaryDecoding(Tolerant.self, wrong)?.hasPrefix("typeMismatch(String) [ifMissing#-]") == true)
    }

    /// MetaCodable's `@Default(ifMissing: 20, forErrors: 0)`: one value for a
    /// missing or `null` member, another for an invalid one (of another
    /// type, an enum's value of another type, a key path's member, a
    /// coerced value no spelling fits), each in the report with its reason.
    @Test func separateDefaultsForMissingAndInvalid() throws {
        let (missing, missingReport) = try expectSameReport(TwoDefaults.self, #"{"name": "n"}"#)
        #expect(missing == TwoDefaults(pageSize: 20, theme: .light, tags: [], beta: false, limit: nil, name: "n"))
        #expect(missingReport == [
            "$.pageSize is missing: took the default", "$.theme is missing: took the default", "$.meta.tags is missing: took the default",
            "$.beta is missing: took the default", "$.limit is missing: took the default",
        ])
        let nulls = #"{"pageSize": null, "theme": null, "meta": {"tags": null}, "beta": null, "limit": null, "name": "n"}"#
        let (null, nullReport) = try expectSameReport(TwoDefaults.self, nulls)
        #expect(null == missing)
        #expect(nullReport == [
            "$.pageSize is null: took the default", "$.theme is null: took the default", "$.meta.tags is null: took the default",
            "$.beta is null: took the default", "$.limit is null: took the default",
        ])
        let text = #"{"pageSize": "big", "theme": 5, "meta": {"tags": "x"}, "beta": "maybe", "limit": "x", "name": "n"}"#
        let (invalid, invalidReport) = try expectSameReport(TwoDefaults.self, text, foundation: false)
        #expect(invalid == TwoDefaults(pageSize: 0, theme: .unknown, tags: ["invalid"], beta: true, limit: -1, name: "n"))
        #expect(invalidReport == [
            #"$.pageSize is invalid: took the default: $.pageSize (line 1, column 14, offset 13): expected Int, found string "big""#,
            "$.theme is invalid: took the default: $.theme (line 1, column 30, offset 29): expected String, found number 5",
            #"$.meta.tags is invalid: took the default: $.meta.tags (line 1, column 50, offset 49): expected an array, found string "x""#,
            #"$.beta is invalid: took the default: $.beta (line 1, column 64, offset 63): expected Bool, found string "maybe""#,
            #"$.limit is invalid: took the default: $.limit (line 1, column 82, offset 81): expected Int, found string "x""#,
        ], "\(invalidReport)")
        // Foundation's decoder takes the same values through the `init(from:)` the macro writes.
        #expect(try JSONDecoder().decode(TwoDefaults.self, from: Data(text.utf8)).pageSize == 0)
        // A valid value is taken as it is (a coerced spelling too), and the rest of the model stays strict.
        let (valid, validReport) = try expectSameReport(TwoDefaults.self, #"{"pageSize": 5, "theme": "dark", "beta": "yes", "name": "n"}"#, foundation: false)
        #expect(valid.pageSize == 5 && valid.theme == .dark && valid.beta && validReport.count == 3)
        let error = expectSameDecoding(TwoDefaults.self, #"{"pageSize": "big", "name": 1}"#)
        #expect(error?.hasPrefix(#"typeMismatch(String) [name#-] $.name (line 1, column 29, offset 28)"#) == true, "\(error ?? "")")
        // Not an object on the way: the key path's own error.
        #expect(expectSameDecoding(TwoDefaults.self, #"{"meta": 1, "name": "n"}"#)?.hasPrefix("typeMismatch(Dictionary<String, Any>) [meta#-]") == true)
        // The binary format: the same values on both paths.
        let bytes = try Binary.Encoder().encode(JSON(parsing: text)) as [UInt8]
        #expect(expectSameBinaryDecoding(TwoDefaults.self, bytes) == nil)
        #expect(try Binary.Decoder().decode(TwoDefaults.self, from: bytes) == TwoDefaults(pageSize: 0, theme: .unknown, tags: ["invalid"], beta: true, limit: -1, name: "n"))
        let written = try #require(expectSameBinaryEncoding(invalid))
        #expect(try Binary.Decoder().decode(TwoDefaults.self, from: written) == invalid)
        expectSameEncoding(invalid)
    }

    /// The values of reports are cut as errors cut them, whatever the input holds.
    @Test func aReportedUnknownValueIsCut() throws {
        let raw = String(repeating: "x", count: 4 << 20)
        let (themes, report) = try JSON.Decoder().decodeWithReport([Theme].self, from: #"[""# + raw + #""]"#)
        #expect(themes == [.unknown])
        #expect(report.events.first.map { $0.detail.utf8.count < 200 } == true)
        let (blocks, tagReport) = try JSON.Decoder().decodeWithReport([Block].self, from: #"[{"type": ""# + raw + #""}]"#)
        #expect(blocks == [.unsupported] && tagReport.events.first.map { $0.detail.utf8.count < 200 } == true)
    }
}

extension Tolerant {
    func with(_ change: (inout Tolerant) -> Void) -> Tolerant {
        var copy = self
        change(&copy)
        return copy
    }
}
