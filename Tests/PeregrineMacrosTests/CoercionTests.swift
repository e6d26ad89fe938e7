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
}
