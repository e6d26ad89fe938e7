import Foundation
import Peregrine
import Testing
import TestSupport

@Suite struct NumberTests {
    /// Every line of `../shared/conformance/numbers/*.txt` (`F16 F32 F64 TEXT`)
    /// parses to exactly the listed 64-bit pattern. Lines that are not JSON
    /// numbers as written are checked in an equivalent JSON spelling:
    /// `.5` as `0.5`, and integers beyond `UInt64` (a `numberOutOfRange`
    /// error as integers) with `.0` appended. Infinite results must be
    /// `numberOutOfRange` errors.
    @Test(TestData.needs("conformance/numbers"))
    func correctlyRounded() throws {
        let files = TestData.files(in: "conformance/numbers").filter { $0.pathExtension == "txt" }
        #expect(files.count == 2)
        var checked = 0
        for file in files {
            let text = String(decoding: TestData.bytes(file), as: UTF8.self)
            for line in text.split(whereSeparator: \.isNewline) {
                let fields = line.split(separator: " ", maxSplits: 3)
                guard fields.count == 4, let bits = UInt64(fields[2], radix: 16) else {
                    Issue.record("malformed vector line: \(line)")
                    continue
                }
                var number = String(fields[3])
                if number.hasPrefix(".") { number = "0" + number }
                if number.hasPrefix("-.") { number = "-0" + number.dropFirst() }
                let isInteger = !number.contains(where: { ".eE".contains($0) })
                if isInteger, UInt64(number) == nil, Int64(number) == nil {
                    let error = #expect(throws: JSON.ParseError.self, "\(number)") { try JSON(parsing: number) }
                    #expect(error?.kind == .numberOutOfRange, "\(number)")
                    #expect(error?.offset == 0, "\(number)")
                    number += ".0"
                }
                let expected = Double(bitPattern: bits)
                if expected.isInfinite {
                    let error = #expect(throws: JSON.ParseError.self, "\(number)") { try JSON(parsing: number) }
                    #expect(error?.kind == .numberOutOfRange, "\(number)")
                } else {
                    let parsed = try JSON(parsing: number)
                    guard case .number(let value) = parsed else {
                        Issue.record("\(number) did not parse to a number")
                        continue
                    }
                    #expect(value.double.bitPattern == bits, "\(line)")
                }
                checked += 1
            }
        }
        #expect(checked > 3000)
    }

    /// Random decimals of 1 to 25 digits with exponents across the whole
    /// double range (and beyond), against the C library's correctly rounded
    /// `strtod` behind `Double(String)`.
    @Test func randomDecimalsMatchStrtod() throws {
        var generator = SeededGenerator(seed: 41)
        for _ in 0..<100_000 {
            let digitCount = Int.random(in: 1...25, using: &generator)
            var digits = String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<digitCount { digits.append(Character(String(Int.random(in: 0...9, using: &generator)))) }
            let point = Int.random(in: 1...digitCount, using: &generator)
            var text = String(digits.prefix(point))
            if point < digitCount { text += "." + digits.dropFirst(point) }
            text += "e\(Int.random(in: -345...310, using: &generator))"
            guard let expected = Double(text), expected.isFinite else { continue }
            guard case .number(let parsed) = try JSON(parsing: text) else {
                Issue.record("\(text) did not parse to a number")
                continue
            }
            #expect(parsed.double.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    /// Numbers are read eight bytes at a time while eight remain, and byte by
    /// byte near the end: every shape reads the same at every distance from
    /// the end of the input, and malformed ones fail at the same place.
    @Test func numbersReadTheSameAtEveryDistanceFromTheEnd() throws {
        var generator = SeededGenerator(seed: 7)
        var texts = ["0", "-0", "7", "-0.0", "0.000123", "1e5", "1E+5", "-2.5e-3", "18446744073709551615", "-9223372036854775808",
                     "1234567890123456789", "12345678.12345678", "9007199254740993", "0.1e-400", "1e-400", "123456789012345678901.5"]
        for _ in 0..<400 {
            let integerDigits = Int.random(in: 1...12, using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            text += String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &generator)) }
            if Bool.random(using: &generator) {
                text += "."
                for _ in 0..<Int.random(in: 1...12, using: &generator) { text += String(Int.random(in: 0...9, using: &generator)) }
            }
            if Int.random(in: 0..<3, using: &generator) == 0 { text += "e\(Int.random(in: -30...30, using: &generator))" }
            texts.append(text)
        }
        for text in texts {
            let alone = try JSON(parsing: text)
            for padding in 0...9 {
                let inArray = try JSON(parsing: "[" + text + String(repeating: " ", count: padding) + "]")
                #expect(inArray == [alone], "\(text) with \(padding) spaces")
                if case .number(let number) = alone, let expected = Double(text) {
                    #expect(number.double == expected, "\(text)")
                }
            }
        }
        let malformed: [(text: String, offset: Int)] = [
            ("01", 0), ("-01234567890", 0), ("1.", 2), ("1.e5", 2), ("12345678.", 9), ("1e", 2), ("1e+", 3), ("-", 1), ("--1", 1), ("1234567890123e-x", 15),
        ]
        for (text, offset) in malformed {
            for padding in 0...9 {
                let error = #expect(throws: JSON.ParseError.self) {
                    try JSON(parsing: "[" + text + String(repeating: " ", count: padding) + "]")
                }
                #expect(error?.kind == .invalidNumber, "\(text) with \(padding) spaces")
                #expect(error?.offset == offset + 1, "\(text) with \(padding) spaces")
            }
        }
    }

    /// The digits are read eight at a time and at most 19 go into one word:
    /// integer parts, fractions and both together with 7 to 21 digits (the
    /// counts around 8, 16, 19 and 20), at the end of the input and before
    /// 0 to 9 more bytes, read as `Double(text)` and `Int64(text)` do.
    @Test func digitCountsAroundWordBoundaries() throws {
        var generator = SeededGenerator(seed: 20)
        for count in 7...21 {
            for _ in 0..<6 {
                var digits = String(Int.random(in: 1...9, using: &generator))
                for _ in 1..<count { digits += String(Int.random(in: 0...9, using: &generator)) }
                let split = Int.random(in: 1..<count, using: &generator)
                let shapes = [digits, "-" + digits, "0." + digits, String(digits.prefix(split)) + "." + String(digits.dropFirst(split)), digits + "e-7"]
                for text in shapes {
                    let isInteger = !text.contains(".") && !text.contains("e")
                    if isInteger, Int64(text) == nil, UInt64(text) == nil {
                        let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: text) }
                        #expect(error?.kind == .numberOutOfRange, "\(text)")
                        continue
                    }
                    for padding in 0...9 {
                        let parsed = try JSON(parsing: text + String(repeating: " ", count: padding))
                        guard case .number(let number) = parsed else {
                            Issue.record("\(text) is not a number")
                            continue
                        }
                        if let integer = Int64(text) {
                            #expect(number.int64 == integer, "\(text)")
                        } else if let expected = Double(text) {
                            #expect(number.double.bitPattern == expected.bitPattern, "\(text) with \(padding) spaces")
                        }
                    }
                }
            }
        }
    }

    /// The first word of a number holds its whole integer part when that
    /// has 1 to 7 digits, which then ends at `.`, `e`, `E`, `,`, `]`,
    /// whitespace or the end: every length from 1 to 20 before each of
    /// them (and leading zeros, `-0`, overflow) reads as `Double(text)` and
    /// `Int64(text)` do, or fails where it did.
    @Test func integerPartsOfEveryLengthBeforeEveryTerminator() throws {
        var generator = SeededGenerator(seed: 63)
        for count in 1...20 {
            var digits = String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<count { digits += String(Int.random(in: 0...9, using: &generator)) }
            for sign in ["", "-"] {
                for tail in ["", ".5", ".0123456789012", "e3", "E-2", "e+17", ".25e-300"] {
                    let text = sign + digits + tail
                    for after in ["", ",1", "]", " ", "\n\t"] {
                        let element = after == "]" ? text : text + after
                        guard let parsed = try? JSON(parsing: "[" + element + "]") else {
                            #expect(tail.isEmpty && Int64(text) == nil && UInt64(text) == nil, "\(text)")
                            continue
                        }
                        guard case .array(let elements) = parsed, case .number(let number)? = elements.first else {
                            Issue.record("\(text) is not a number")
                            continue
                        }
                        if tail.isEmpty, let integer = Int64(text) {
                            #expect(number.isInteger && number.int64 == integer, "\(text)")
                        } else if tail.isEmpty, let integer = UInt64(text) {
                            #expect(number.uint64 == integer, "\(text)")
                        } else if let expected = Double(text) {
                            #expect(number.double.bitPattern == expected.bitPattern, "\(text) before \(after)")
                        }
                    }
                }
            }
        }
        for text in ["0", "-0", "0.5", "-0.5", "0e5", "-0E-5", "0.000000000000000000001"] {
            guard case .number(let number) = try JSON(parsing: text) else { Issue.record("\(text)"); continue }
            #expect(number.double.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
        let malformed: [(text: String, kind: JSON.ParseError.Kind, offset: Int)] = [
            ("00", .invalidNumber, 0), ("-00", .invalidNumber, 0), ("012345678", .invalidNumber, 0), ("-0123.5", .invalidNumber, 0),
            ("-.5", .invalidNumber, 1), ("-x", .invalidNumber, 1), ("1234567.", .invalidNumber, 8), ("1234567e", .invalidNumber, 8),
            ("1e400", .numberOutOfRange, 0), ("-123456.7e305", .numberOutOfRange, 0), ("1234567890123456789012e300", .numberOutOfRange, 0),
        ]
        for (text, kind, offset) in malformed {
            for padding in ["", " ", "        "] {
                let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: "[" + text + padding + "]") }
                #expect(error?.kind == kind, "\(text)")
                #expect(error?.offset == offset + 1, "\(text)")
            }
        }
    }

    @Test func integersKeepTheirKind() throws {
        let value = try JSON(parsing: "[0, -1, 9223372036854775807, -9223372036854775808, 9223372036854775808, 18446744073709551615]")
        guard case .array(let numbers) = value else { Issue.record("not an array"); return }
        let parsed = numbers.compactMap { if case .number(let n) = $0 { n } else { nil } }
        #expect(parsed.map(\.isInteger) == Array(repeating: true, count: 6))
        #expect(parsed[2].int64 == Int64.max)
        #expect(parsed[3].int64 == Int64.min)
        #expect(parsed[4].int64 == nil)
        #expect(parsed[4].uint64 == 9_223_372_036_854_775_808)
        #expect(parsed[5].uint64 == UInt64.max)
    }

    @Test(arguments: ["18446744073709551616", "-9223372036854775809", "123456789012345678901234567890"])
    func integersBeyondUInt64AreOutOfRange(text: String) {
        let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: "[\(text)]") }
        #expect(error?.kind == .numberOutOfRange)
        #expect(error?.offset == 1)
    }

    @Test func negativeZeroIsADouble() throws {
        let value = try JSON(parsing: "-0")
        guard case .number(let number) = value else { Issue.record("not a number"); return }
        #expect(!number.isInteger)
        #expect(number.double == 0 && number.double.sign == .minus)
        #expect(try value.serializedString() == "-0.0")
        #expect(try JSON(parsing: "0") == 0)
    }

    @Test func floatsAreNeverIntegers() throws {
        #expect(try JSON(parsing: "1.0") != JSON(parsing: "1"))
        #expect(try JSON(parsing: "1e2") == .number(.init(100.0)))
    }

    @Test(arguments: [
        ("1.0", "1.0"), ("-0.0", "-0.0"), ("0.1", "0.1"), ("1e100", "1e+100"), ("123.456", "123.456"),
        ("5e-324", "5e-324"), ("1.7976931348623157e308", "1.7976931348623157e+308"),
        ("0.30000000000000004", "0.30000000000000004"), ("100", "100"), ("-42", "-42"),
        ("2.5E-3", "0.0025"), ("12345678901234567890", "12345678901234567890"),
    ])
    func writesShortestRoundTrippingText(input: String, output: String) throws {
        let value = try JSON(parsing: input)
        let written = try value.serializedString()
        #expect(written == output)
        #expect(try JSON(parsing: written) == value)
    }

    @Test func shortestTextRoundTripsRandomDoubles() throws {
        var generator = SeededGenerator(seed: 43)
        for _ in 0..<20_000 {
            let double = Double(bitPattern: generator.next())
            guard double.isFinite else { continue }
            let text = try JSON.number(.init(double)).serializedString()
            guard case .number(let back) = try JSON(parsing: text) else {
                Issue.record("\(text) did not parse to a number")
                continue
            }
            #expect(back.double.bitPattern == double.bitPattern, "\(text)")
            #expect(!back.isInteger, "\(text)")
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteDoublesCannotBeWritten(value: Double) {
        let error = #expect(throws: JSON.SerializationError.self) { try JSON.array([.number(.init(value))]).serialized() }
        #expect(error?.kind == .nonFiniteNumber)
    }

    @Test func hugeExponentsSaturate() throws {
        #expect(try JSON(parsing: "1e-99999999999999999999") == .number(.init(0.0)))
        #expect(try JSON(parsing: "0e99999999999999999999") == .number(.init(0.0)))
        let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: "1e99999999999999999999") }
        #expect(error?.kind == .numberOutOfRange)
        #expect(error?.offset == 0)
    }
}
