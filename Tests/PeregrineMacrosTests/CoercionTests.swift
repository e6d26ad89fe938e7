import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// `@Coerced`: a property read with every coercion of `JSON.Decoder.Leniency`
/// while the rest of the decode stays strict. The behaviours are those
/// BetterCodable documents for `@LosslessValue` (a `Bool` from `"true"`,
/// an `Int` from `"1"`, a `String` from `1`, written back as the declared
/// type) and ReerCodable for `@FlexibleType` (`"yes"`/`"no"`, `1`/`0` and
/// `true` as `1`), on both paths, with the same report and errors.
@Suite struct CoercionTests {
    static let canonical = Lossless(
        enabled: true, count: 3, price: 1.5, label: "12", code: "7", ids: [1, 2, 1], flag: false, rank: 4, strict: 1)

    @Test func spellingsAreCoercedAndReported() throws {
        let text = #"{"enabled": "yes", "count": "3", "price": "1.5", "label": 12, "code": 7, "ids": ["1", 2, true], "meta": {"flag": 0.0}, "rank": "4", "strict": 1}"#
        let (value, report) = try expectSameReport(Lossless.self, text, foundation: false)
        #expect(value == Self.canonical)
        #expect(report == [
            #"$.enabled (line 1, column 13, offset 12): coerced string "yes" to Bool"#,
            #"$.count (line 1, column 29, offset 28): coerced string "3" to Int"#,
            #"$.price (line 1, column 43, offset 42): coerced string "1.5" to Double"#,
            #"$.label (line 1, column 59, offset 58): coerced number 12 to String"#,
            #"$.code (line 1, column 71, offset 70): coerced number 7 to String"#,
            #"$.ids[0] (line 1, column 82, offset 81): coerced string "1" to Int"#,
            #"$.ids[2] (line 1, column 90, offset 89): coerced true to Int"#,
            #"$.meta.flag (line 1, column 114, offset 113): coerced number 0.0 to Bool"#,
            #"$.rank (line 1, column 128, offset 127): coerced string "4" to Int"#,
        ], "\(report)")
        // Every Bool spelling; the values as they are need no coercion and record nothing.
        for (spelling, flag) in [("true", true), ("false", false), (#""true""#, true), (#""no""#, false), (#""1""#, true), (#""0""#, false), ("1", true), ("0", false), ("1.0", true)] {
            let text = #"{"enabled": \#(spelling), "count": 3, "price": 1.5, "label": "12", "ids": [], "strict": 1}"#
            #expect(try expectSameReport(Lossless.self, text, foundation: false).0.enabled == flag, "\(spelling)")
        }
        let plain = #"{"enabled": true, "count": 3, "price": 1.5, "label": "12", "code": "7", "ids": [1, 2, 1], "meta": {"flag": false}, "rank": 4, "strict": 1}"#
        let (same, none) = try expectSameReport(Lossless.self, plain, foundation: false)
        #expect(same == Self.canonical && none.isEmpty)
    }

    /// The rest of the decode stays strict: the property after the coerced
    /// ones, and a decoder-wide setting left as it was.
    @Test func onlyThePropertyIsLenient() throws {
        let text = #"{"enabled": "yes", "count": "3", "price": 1, "label": "", "ids": [], "strict": "1"}"#
        let error = expectSameDecoding(Lossless.self, text)
        #expect(error == #"typeMismatch(Int) [strict#-] $.strict (line 1, column 80, offset 79): expected Int, found string "1" underlying: none"#, "\(error ?? "")")
        // A coerced model's members are coerced; the same type elsewhere is not.
        let holder = try expectSameReport(CoercedHolder.self, #"{"inner": {"size": "2", "on": "yes"}, "plain": {"size": 2, "on": true}}"#, foundation: false).0
        #expect(holder == CoercedHolder(inner: .init(size: 2, on: true), plain: .init(size: 2, on: true)))
        let plain = expectSameDecoding(CoercedHolder.self, #"{"inner": {"size": 2, "on": true}, "plain": {"size": "2", "on": true}}"#)
        #expect(plain?.hasPrefix(#"typeMismatch(Int) [plain#-/size#-] $.plain.size (line 1, column 54, offset 53): expected Int, found string "2""#) == true, "\(plain ?? "")")
    }

    /// What no coercion fits fails as the strict decode fails, at the value.
    @Test func whatNoCoercionFitsIsTheStrictError() throws {
        let cases = [
            (#""3x""#, #"typeMismatch(Int) [count#-] $.count (line 1, column 29, offset 28): expected Int, found string "3x""#),
            (#""1e400""#, #"typeMismatch(Int) [count#-] $.count (line 1, column 29, offset 28): expected Int, found string "1e400""#),
            ("2.5", "typeMismatch(Int) [count#-] $.count (line 1, column 29, offset 28): expected Int (a whole number), found number 2.5"),
            ("[]", "typeMismatch(Int) [count#-] $.count (line 1, column 29, offset 28): expected Int, found an array"),
        ]
        for (count, expected) in cases {
            let text = #"{"enabled": "yes", "count": \#(count), "price": 1, "label": "", "ids": [], "strict": 1}"#
            let error = expectSameDecoding(Lossless.self, text)
            #expect(error?.hasPrefix(expected) == true, "\(error ?? "")")
        }
        let bool = expectSameDecoding(Lossless.self, #"{"enabled": "Yes", "count": 1, "price": 1, "label": "", "ids": [], "strict": 1}"#)
        #expect(bool?.hasPrefix(#"typeMismatch(Bool) [enabled#-] $.enabled (line 1, column 13, offset 12): expected Bool, found string "Yes""#) == true, "\(bool ?? "")")
        // `@LossyDecoding @Defaulted` still covers what coercion cannot.
        let (ranked, report) = try expectSameReport(Lossless.self, #"{"enabled": 1, "count": 1, "price": 1, "label": "", "ids": [], "rank": "first", "strict": 1}"#, foundation: false)
        #expect(ranked.rank == 0 && report.contains { $0.hasPrefix("$.rank is invalid: took the default") })
    }

    /// Written as the declared types, by both paths alike; Foundation's
    /// coders read what is written (and read the property as it is).
    @Test func encodingWritesTheDeclaredTypes() throws {
        expectSameEncoding(Self.canonical)
        let text = String(decoding: try JSON.Encoder().encode(Self.canonical) as [UInt8], as: UTF8.self)
        #expect(text == #"{"enabled":true,"count":3,"price":1.5,"label":"12","code":"7","ids":[1,2,1],"meta":{"flag":false},"rank":4,"strict":1}"#)
        #expect(try JSONDecoder().decode(Lossless.self, from: Data(text.utf8)) == Self.canonical)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Lossless.self, from: Data(text.replacingOccurrences(of: #""count":3"#, with: #""count":"3""#).utf8)) }
    }

    /// The binary format has typed values: a coerced model round-trips on both paths.
    @Test func binaryRoundTrip() throws {
        let bytes = try #require(expectSameBinaryEncoding(Self.canonical))
        #expect(expectSameBinaryDecoding(Lossless.self, bytes) == nil)
        #expect(try Binary.Decoder().decode(Lossless.self, from: bytes) == Self.canonical)
    }

    /// `@Coerced` on the type, as ReerCodable's `@FlexibleType` on a type:
    /// every property of a type coercions apply to reads coerced (below a
    /// key path, with a default, in arrays and dictionaries), recorded as a
    /// property's `@Coerced` records it, and is written as declared.
    @Test func onTheTypeEveryScalarPropertyIsCoerced() throws {
        let text = #"{"id": "3", "enabled": "yes", "price": "1.5", "label": 12, "flags": [true, "no", 1], "scores": {"a": "2"}, "#
            + #""meta": {"count": "4"}, "retries": "6", "code": "7", "tags": [1], "inner": {"size": 2, "on": true}, "extra": 1}"#
        let (value, report) = try expectSameReport(CoercedRow<Int>.self, text, foundation: false)
        let expected = CoercedRow<Int>(
            id: 3, enabled: true, price: 1.5, label: "12", flags: [true, false, true], scores: ["a": 2], count: 4, retries: 6, code: 7, tags: [1],
            inner: .init(size: 2, on: true), extra: 1)
        #expect(value == expected)
        #expect(report == [
            #"$.id (line 1, column 8, offset 7): coerced string "3" to Int"#,
            #"$.enabled (line 1, column 24, offset 23): coerced string "yes" to Bool"#,
            #"$.price (line 1, column 40, offset 39): coerced string "1.5" to Double"#,
            #"$.label (line 1, column 56, offset 55): coerced number 12 to String"#,
            #"$.flags[1] (line 1, column 76, offset 75): coerced string "no" to Bool"#,
            #"$.flags[2] (line 1, column 82, offset 81): coerced number 1 to Bool"#,
            #"$.scores.a (line 1, column 102, offset 101): coerced string "2" to Int"#,
            #"$.meta.count (line 1, column 126, offset 125): coerced string "4" to Int"#,
            #"$.retries (line 1, column 143, offset 142): coerced string "6" to Int"#,
        ], "\(report)")
        let written = String(decoding: try JSON.Encoder().encode(value) as [UInt8], as: UTF8.self)
        #expect(
            written == #"{"id":3,"enabled":true,"price":1.5,"label":"12","flags":[true,false,true],"scores":{"a":2},"meta":{"count":4},"#
                + #""retries":6,"code":"7","tags":[1],"inner":{"size":2,"on":true},"extra":1}"#)
        expectSameEncoding(value)
        // A final class too.
        let record = try expectSameReport(CoercedRecord.self, #"{"count": "2", "on": "no"}"#, foundation: false).0
        #expect(record == CoercedRecord(count: 2, on: false))
        // The binary format has typed values: read as written, the same on both paths.
        let bytes = try #require(expectSameBinaryEncoding(value))
        #expect(expectSameBinaryDecoding(CoercedRow<Int>.self, bytes) == nil)
        #expect(try Binary.Decoder().decode(CoercedRow<Int>.self, from: bytes) == value)
    }

    /// What the type's `@Coerced` does not reach stays strict: a property's
    /// own coder, a lossy collection's elements, a model's members, a
    /// generic parameter's value, and spellings no coercion fits.
    @Test func onTheTypeTheRestStaysStrict() throws {
        let base = #"{"id": 1, "enabled": true, "label": "", "flags": [], "scores": {}, "meta": {"count": 1}, "code": "7", "tags": [], "inner": {"size": 2, "on": true}"#
        func error(_ change: String) -> String {
            expectSameDecoding(CoercedRow<Int>.self, base + change + "}") ?? "no error"
        }
        #expect(error(#", "code": 7"#).hasPrefix("typeMismatch(String) [code#-]"), "\(error(#", "code": 7"#))")
        #expect(error(#", "inner": {"size": "2", "on": true}"#).hasPrefix(#"typeMismatch(Int) [inner#-/size#-] $.inner.size (line 1, column 167, offset 166): expected Int, found string "2""#), "\(error(#", "inner": {"size": "2", "on": true}"#))")
        #expect(error(#", "extra": "1""#).hasPrefix(#"typeMismatch(Int) [extra#-] $.extra (line 1, column 158, offset 157): expected Int, found string "1""#), "\(error(#", "extra": "1""#))")
        #expect(error(#", "id": "3x""#).hasPrefix(#"typeMismatch(Int) [id#-] $.id (line 1, column 155, offset 154): expected Int, found string "3x""#), "\(error(#", "id": "3x""#))")
        #expect(error(#", "enabled": "Yes""#).hasPrefix(#"typeMismatch(Bool) [enabled#-]"#), "\(error(#", "enabled": "Yes""#))")
        let (lossy, report) = try expectSameReport(CoercedRow<Int>.self, base + #", "tags": [1, "2"]}"#, foundation: false)
        #expect(lossy.tags == [1])
        #expect(report.contains { $0.hasPrefix(#"$.tags[1] dropped: $.tags[1] (line 1, column 161, offset 160): expected Int, found string "2""#) }, "\(report)")
    }
}
