import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// Integers are exact or an error, never rounded through a `Double`: from a
/// number's text on the JSON tape, a document, lossless values and binary
/// number text; from a lone `Double` (an owned value, a binary double) only
/// below 2^53 in magnitude.
@Suite struct ExactIntegerTests {
    /// What a decode gave, compared across paths.
    enum Outcome: Equatable, CustomStringConvertible {
        case value(String)
        /// typeMismatch: not a whole number.
        case fraction
        /// dataCorrupted: "does not fit".
        case outOfRange
        /// dataCorrupted: a Double of magnitude 2^53 or more.
        case inexact
        case other(String)

        var description: String {
            switch self {
            case .value(let text): text
            case .fraction: "fraction"
            case .outOfRange: "outOfRange"
            case .inexact: "inexact"
            case .other(let text): "other: \(text)"
            }
        }
    }

    static func outcome<T: FixedWidthInteger>(_ decode: () throws -> T) -> Outcome {
        do {
            return .value(String(try decode()))
        } catch let error as DecodingError {
            let message = error.context?.debugDescription ?? ""
            switch error.kindName {
            case "typeMismatch" where message.contains("(a whole number)"): return .fraction
            case "dataCorrupted" where message.contains("does not fit in"): return .outOfRange
            case "dataCorrupted" where message.contains("2^53"): return .inexact
            default: return .other("\(error)")
            }
        } catch {
            return .other("\(error)")
        }
    }

    /// The outcome the text route must give for the exact integer `value`
    /// (written in decimal) as `T`, by the standard library's own parser.
    static func exact<T: FixedWidthInteger>(_ value: String, as _: T.Type) -> Outcome {
        T(value).map { .value(String($0)) } ?? .outOfRange
    }

    /// The outcome of a lone `Double` as `T`: whole and below 2^53 converts,
    /// larger is out of range for types below 2^53 and inexact otherwise.
    static func fromDouble<T: FixedWidthInteger>(_ double: Double, as _: T.Type) -> Outcome {
        guard double.isFinite else { return double.isNaN ? .fraction : .outOfRange }
        guard double == double.rounded(.towardZero) else { return .fraction }
        guard abs(double) < 9_007_199_254_740_992 else { return T.bitWidth - (T.isSigned ? 1 : 0) <= 53 ? .outOfRange : .inexact }
        return T(exactly: double).map { .value(String($0)) } ?? .outOfRange
    }

    /// Every path's outcome for `text` as `T`, and what each must be;
    /// `wholeValue` is the exact integer the text is (nil for a fraction).
    static func check<T: FixedWidthInteger & Decodable>(
        _ text: String, _ type: T.Type, wholeValue: String?, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let fromText = wholeValue.map { exact($0, as: T.self) } ?? .fraction
        // The JSON tape, and a document parsed either way.
        #expect(outcome { try JSON.Decoder().decode(T.self, from: text) } == fromText, "tape \(text) as \(T.self)", sourceLocation: sourceLocation)
        #expect(outcome { try JSON.Decoder().decode([T].self, from: "[\(text)]")[0] } == fromText, "array \(text) as \(T.self)", sourceLocation: sourceLocation)
        let document = try JSON.Document(parsing: text, options: .init(numbers: .lossless))
        #expect(outcome { try JSON.Decoder().decode(T.self, from: document) } == fromText, "document \(text) as \(T.self)", sourceLocation: sourceLocation)
        // An owned value: lossless text exactly, a Double by the 2^53 rule.
        let lossless = try #require(try JSON(parsing: text, options: .init(numbers: .lossless)).number)
        let expected = lossless.decimalText != nil || lossless.isInteger ? fromText : fromDouble(lossless.double, as: T.self)
        #expect(outcome { try JSON.Decoder().decode(T.self, from: JSON.number(lossless)) } == expected, "lossless value \(text) as \(T.self)", sourceLocation: sourceLocation)
        let binary = try JSON.number(lossless).binaryEncoded()
        #expect(outcome { try Binary.Decoder().decode(T.self, from: binary) } == expected, "binary \(text) as \(T.self)", sourceLocation: sourceLocation)
        if let double = try? JSON(parsing: text).number?.double {
            let value = JSON.number(JSON.Number(double))
            #expect(outcome { try JSON.Decoder().decode(T.self, from: value) } == fromDouble(double, as: T.self), "value \(text) as \(T.self)", sourceLocation: sourceLocation)
            #expect(outcome { try Binary.Decoder().decode(T.self, from: try value.binaryEncoded()) } == fromDouble(double, as: T.self), "binary double \(text) as \(T.self)", sourceLocation: sourceLocation)
        }
    }

    /// `check` for every integer type.
    static func checkEveryType(_ text: String, wholeValue: String?, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try check(text, Int8.self, wholeValue: wholeValue, sourceLocation: sourceLocation)
        try check(text, Int16.self, wholeValue: wholeValue, sourceLocation: sourceLocation)
        try check(text, Int32.self, wholeValue: wholeValue, sourceLocation: sourceLocation)
        try check(text, Int64.self, wholeValue: wholeValue, sourceLocation: sourceLocation)
        try check(text, Int.self, wholeValue: wholeValue, sourceLocation: sourceLocation)
        try check(text, Int128.self, wholeValue: wholeValue, sourceLocation: sourceLocation)
        try check(text, UInt8.self, wholeValue: wholeValue, sourceLocation: sourceLocation)
        try check(text, UInt16.self, wholeValue: wholeValue, sourceLocation: sourceLocation)
        try check(text, UInt32.self, wholeValue: wholeValue, sourceLocation: sourceLocation)
        try check(text, UInt64.self, wholeValue: wholeValue, sourceLocation: sourceLocation)
        try check(text, UInt.self, wholeValue: wholeValue, sourceLocation: sourceLocation)
        try check(text, UInt128.self, wholeValue: wholeValue, sourceLocation: sourceLocation)
    }

    @Test func theReportedCasesAreExactOrErrors() throws {
        #expect(try JSON.Decoder().decode(UInt128.self, from: "18446744073709551615.0") == 18_446_744_073_709_551_615)
        #expect(try JSON.Decoder().decode(Int128.self, from: "18446744073709551615.0") == 18_446_744_073_709_551_615)
        #expect(try JSON.Decoder().decode(Int.self, from: "9007199254740993.0") == 9_007_199_254_740_993)
        #expect(try JSON.Decoder().decode(Int128.self, from: "1e30") == 1_000_000_000_000_000_000_000_000_000_000)
        #expect(try JSON.Decoder().decode(Int.self, from: "-9223372036854775808.0") == .min)
        let halfBelowMin = try #require(throws: DecodingError.self) { try JSON.Decoder().decode(Int.self, from: "-9223372036854775808.5") }
        #expect(halfBelowMin.kindName == "typeMismatch")
        #expect(halfBelowMin.context?.debugDescription == "$ (line 1, column 1, offset 0): expected Int (a whole number), found number -9223372036854775808.5")
        let long = try #require(throws: DecodingError.self) { try JSON.Decoder().decode([Int128].self, from: "[0, 12345678901234567890123.5]") }
        #expect(long.kindName == "typeMismatch")
        #expect(long.pathStrings == ["Index 1"])
        #expect(long.context?.debugDescription == "$[1] (line 1, column 5, offset 4): expected Int128 (a whole number), found number 12345678901234567890123.5")
        for text in ["18446744073709551615.0", "-9223372036854775808.5", "9007199254740993.0", "1e30", "12345678901234567890123.5"] {
            let whole = text.hasSuffix(".5") ? nil : text == "1e30" ? "1" + String(repeating: "0", count: 30) : String(text.dropLast(2))
            try Self.checkEveryType(text, wholeValue: whole)
        }
    }

    @Test func everySpellingOfAWholeNumberIsThatNumber() throws {
        for text in ["100", "1e2", "1E+2", "1e+2", "100.000", "10.0e1", "1000e-1", "0.1e3", "0.00100e5", "100.0E0"] {
            try Self.checkEveryType(text, wholeValue: "100")
            try Self.checkEveryType("-" + text, wholeValue: "-100")
        }
        for text in ["1.0", "15", "1.5e1", "-1.5e1", "0.0", "-0.0", "0e7", "-0", "255.0", "256.0", "-128.0", "-129.0", "65535e0", "4294967296.000"] {
            try Self.checkEveryType(text, wholeValue: text == "1.0" ? "1" : String(Decimal(string: text)!.description))
        }
        for text in ["1.5", "1e-1", "0.5", "-0.5", "1.05e1", "100.001", "1e-400", "9007199254740993.5"] {
            try Self.checkEveryType(text, wholeValue: nil)
        }
    }

    @Test func extremesOfEachTypeFromTheirText() throws {
        for (text, whole) in [
            ("170141183460469231731687303715884105727.0", "170141183460469231731687303715884105727"),
            ("-170141183460469231731687303715884105728.000", "-170141183460469231731687303715884105728"),
            ("-170141183460469231731687303715884105729e0", "-170141183460469231731687303715884105729"),
            ("340282366920938463463374607431768211455.0", "340282366920938463463374607431768211455"),
            ("3.40282366920938463463374607431768211456e38", "340282366920938463463374607431768211456"),
            ("18446744073709551616.0", "18446744073709551616"), ("9223372036854775807.0", "9223372036854775807"),
            ("9223372036854775808.0", "9223372036854775808"), ("-9223372036854775809.0", "-9223372036854775809"),
            ("9007199254740992.0", "9007199254740992"), ("9007199254740991.0", "9007199254740991"),
            ("-9007199254740991.0", "-9007199254740991"), ("1e38", "1" + String(repeating: "0", count: 38)),
            ("1e39", "1" + String(repeating: "0", count: 39)),
        ] {
            try Self.checkEveryType(text, wholeValue: whole)
        }
    }

    /// Huge exponents and digit counts are decided without a loop up to them.
    @Test func hugeExponentsAndDigitCountsAreDecidedAtOnce() throws {
        let decoder = JSON.Decoder()
        for (text, expected) in [
            ("1e999999999999999999999999", Outcome.outOfRange), ("1e-999999999999999999999999", .fraction),
            ("0e999999999999999999999999", .value("0")), ("1" + String(repeating: "0", count: 100_000) + ".0", .outOfRange),
            ("0." + String(repeating: "0", count: 100_000) + "1e100001", .value("1")),
            ("1." + String(repeating: "0", count: 100_000) + "1", .fraction), ("1e400", .outOfRange),
            (String(repeating: "0", count: 1) + "." + String(repeating: "0", count: 50_000) + "e-99999999999999", .value("0")),
        ] {
            #expect(Self.outcome { try decoder.decode(Int128.self, from: text) } == expected, "\(text.prefix(30))")
            #expect(Self.outcome { try decoder.decode(UInt8.self, from: text) } == expected, "\(text.prefix(30))")
        }
    }

    @Test func errorsNameTheValueWithKindPathAndPosition() throws {
        let decoder = JSON.Decoder()
        let fraction = try #require(throws: DecodingError.self) { try decoder.decode([String: [Int]].self, from: #"{"a": [1, 2.0000001e6]}"#) }
        #expect(fraction.kindName == "typeMismatch")
        #expect(fraction.pathStrings == ["a", "Index 1"])
        #expect(fraction.context?.debugDescription == "$.a[1] (line 1, column 11, offset 10): expected Int (a whole number), found number 2.0000001e6")
        let range = try #require(throws: DecodingError.self) { try decoder.decode([String: [Int8]].self, from: #"{"a": [1, 1.28e2]}"#) }
        #expect(range.kindName == "dataCorrupted")
        #expect(range.pathStrings == ["a", "Index 1"])
        #expect(range.context?.debugDescription == "$.a[1] (line 1, column 11, offset 10): number 1.28e2 does not fit in Int8")
        // An owned value's double: the 2^53 rule, with the double's own text.
        let value: JSON = ["id": .number(JSON.Number(9_007_199_254_740_992.0))]
        let inexact = try #require(throws: DecodingError.self) { try decoder.decode([String: Int].self, from: value) }
        #expect(inexact.kindName == "dataCorrupted")
        #expect(inexact.pathStrings == ["id"])
        #expect(
            inexact.context?.debugDescription
                == "$.id: number 9007199254740992.0 is a Double of magnitude 2^53 or more, where Doubles do not hold every integer, so it is not read as Int: decode from the JSON text, or parse with lossless numbers, to read integers exactly"
        )
        let binary = try #require(throws: DecodingError.self) { try Binary.Decoder().decode([String: Int].self, from: try value.binaryEncoded()) }
        #expect(binary.kindName == "dataCorrupted")
        #expect(binary.pathStrings == ["id"])
        let underlying = try #require(binary.context?.underlyingError as? Binary.DecodingError)
        #expect(underlying.kind == .invalidValue)
        #expect(underlying.message.hasPrefix("$.id: number 9007199254740992.0 is a Double of magnitude 2^53 or more"))
    }

    /// JSON5's spellings and words go the same way.
    @Test func json5NumbersAreReadExactlyToo() throws {
        let decoder = JSON.Decoder()
        decoder.allowsJSON5 = true
        #expect(try decoder.decode([Int].self, from: "[+1.5e1, .5e1, 5., 0x10, -0]") == [15, 5, 5, 16, 0])
        #expect(Self.outcome { try decoder.decode(Int.self, from: "Infinity") } == .outOfRange)
        #expect(Self.outcome { try decoder.decode(Int.self, from: "-Infinity") } == .outOfRange)
        #expect(Self.outcome { try decoder.decode(Int.self, from: "NaN") } == .fraction)
        #expect(Self.outcome { try decoder.decode(Int.self, from: "+.5") } == .fraction)
    }

    /// A flattened value's numbers have no text: errors and `Decimal` show
    /// the number itself, not bytes of a key that happen to sit at its offset.
    @Test func numbersOfOwnedValuesAreTheirOwnText() throws {
        let decoder = JSON.Decoder()
        let value: JSON = ["12": .number(JSON.Number(1.5))]
        #expect(try decoder.decode([String: Decimal].self, from: value) == ["12": Decimal(string: "1.5")!])
        let error = try #require(throws: DecodingError.self) { try decoder.decode([String: Int].self, from: value) }
        #expect(error.context?.debugDescription == #"$["12"]: expected Int (a whole number), found number 1.5"#)
        decoder.leniency = .stringsFromNumbers
        #expect(try decoder.decode([String: String].self, from: ["abc": 7, "e": .number(JSON.Number(2.5))]) == ["abc": "7", "e": "2.5"])
    }

    @Test func lenientAccessorsAreExact() throws {
        #expect(JSON.string("9007199254740993.0").lenient.int == 9_007_199_254_740_993)
        #expect(JSON.string("18446744073709551615.0").lenient.uint64 == .max)
        #expect(JSON.string("1.5e1").lenient.int64 == 15)
        #expect(JSON.string("1.05e1").lenient.int == nil)
        #expect(try JSON(parsing: "9007199254740993.0").lenient.int == nil)  // a Double of 2^53
        #expect(try JSON(parsing: "9007199254740993.0", options: .init(numbers: .lossless)).lenient.int == 9_007_199_254_740_993)
        #expect(try JSON(parsing: "9007199254740991.0").lenient.int == 9_007_199_254_740_991)
        #expect(try JSON(parsing: "-9223372036854775808.5").lenient.int64 == nil)
        #expect(try JSON(parsing: "1e2").lenient.uint64 == 100)
    }

    /// Random integers in random spellings, on every path, against the
    /// value computed by moving the point in the digits' text.
    @Test func randomSpellingsOfRandomIntegers() throws {
        var random = SeededGenerator(seed: 46)
        for _ in 0..<150 {
            let bits = Int.random(in: 1...128, using: &random)
            let magnitude = UInt128(UInt64.random(in: 0...UInt64.max, using: &random)) << 64 | UInt128(UInt64.random(in: 0...UInt64.max, using: &random))
            let digits = String(magnitude >> (128 - bits))
            let negative = Bool.random(using: &random)
            let whole = (negative && digits != "0" ? "-" : "") + digits
            let sign = negative ? "-" : ""
            // Move the point `shift` places left and add an exponent of `shift`,
            // padding with zeros where the digits run out.
            let shift = digits == "0" ? 0 : Int.random(in: -3...digits.count + 2, using: &random)
            var spelled: String
            if shift <= 0 {
                spelled = digits + String(repeating: "0", count: -shift)
                spelled += ["", ".0", ".000"].randomElement(using: &random)!
                spelled += shift == 0 ? "" : "e-\(-shift)"
            } else if shift >= digits.count {
                spelled = "0." + String(repeating: "0", count: shift - digits.count) + digits
                spelled += ["e", "E", "e+", "E+"].randomElement(using: &random)! + "\(shift)"
            } else {
                let point = digits.index(digits.endIndex, offsetBy: -shift)
                spelled = digits[..<point] + "." + digits[point...] + ["", "0", "000"].randomElement(using: &random)!
                spelled += ["e", "E", "e+", "E+"].randomElement(using: &random)! + "\(shift)"
            }
            try Self.checkEveryType(sign + spelled, wholeValue: whole)
            // The same with a non-zero digit beyond the point: never whole.
            let fraction: String
            if let e = spelled.firstIndex(where: { $0 == "e" || $0 == "E" }) {
                fraction = sign + spelled[..<e] + "7" + spelled[e...]
            } else {
                fraction = sign + spelled + (spelled.contains(".") ? "7" : ".07")
            }
            try Self.checkEveryType(fraction, wholeValue: nil)
        }
    }
}
