import Foundation
import Peregrine
import PeregrineMacros
import Testing
import TestSupport

/// A member of every integer type the generated decoders read.
@JSONCodable
struct EveryInteger: Equatable {
    var i8: Int8
    var i16: Int16
    var i32: Int32
    var i64: Int64
    var int: Int
    var u8: UInt8
    var u16: UInt16
    var u32: UInt32
    var u64: UInt64
    var uint: UInt
}

/// The generated decoders read integers exactly, as the `Codable` path
/// does: whole numbers from their text in any spelling, never through a
/// `Double`; fractions and values out of range are the same errors.
@Suite struct GeneratedExactIntegerTests {
    static let names = ["i8", "i16", "i32", "i64", "int", "u8", "u16", "u32", "u64", "uint"]

    /// `{"i8": text, "i16": text, …}`.
    static func payload(_ text: String) -> String {
        "{" + names.map { #""\#($0)": \#(text)"# }.joined(separator: ", ") + "}"
    }

    @Test func everySpellingOfAWholeNumber() throws {
        for text in ["15", "15.0", "1.5e1", "1.5E+1", "150e-1", "15.000", "0.015e3"] {
            let model = try JSON.Decoder().decode(EveryInteger.self, from: Self.payload(text))
            #expect(model == EveryInteger(i8: 15, i16: 15, i32: 15, i64: 15, int: 15, u8: 15, u16: 15, u32: 15, u64: 15, uint: 15), "\(text)")
            #expect(expectSameDecoding(EveryInteger.self, Self.payload(text)) == nil)
        }
    }

    /// The reported values: exact where the type holds them, else the
    /// same error as the `Codable` path, at the first member.
    @Test func theReportedCases() throws {
        let decoder = JSON.Decoder()
        let big = try decoder.decode(EveryInteger.self, from: #"{"i8": 0, "i16": 0, "i32": 0, "i64": 9007199254740993.0, "int": -9223372036854775808.0, "u8": 0, "u16": 0, "u32": 0, "u64": 18446744073709551615.0, "uint": 1e19}"#)
        #expect(big.i64 == 9_007_199_254_740_993 && big.int == .min && big.u64 == .max && big.uint == 10_000_000_000_000_000_000)
        let fraction = try #require(throws: DecodingError.self) { try decoder.decode(EveryInteger.self, from: Self.payload("-9223372036854775808.5")) }
        #expect(summary(of: fraction) == #"typeMismatch(Int8) [i8#-] $.i8 (line 1, column 8, offset 7): expected Int8 (a whole number), found number -9223372036854775808.5 underlying: none"#)
        let range = try #require(throws: DecodingError.self) { try decoder.decode(EveryInteger.self, from: Self.payload("1e30")) }
        #expect(summary(of: range) == "dataCorrupted [i8#-] $.i8 (line 1, column 8, offset 7): number 1e30 does not fit in Int8 underlying: none")
        for text in ["9007199254740993.0", "-9223372036854775808.5", "18446744073709551615.0", "1e30", "12345678901234567890123.5", "1.5", "1e2", "-1.0"] {
            expectSameDecoding(EveryInteger.self, Self.payload(text))
        }
    }

    /// Through `Binary.Decoder`: number text exactly, a lone double by the 2^53 rule.
    @Test func binaryNumbersAreExactOrErrors() throws {
        let exact = try JSON(parsing: Self.payload("9007199254740993.0"), options: .init(numbers: .lossless)).binaryEncoded()
        let model = try Binary.Decoder().decode(EveryInteger.self, from: try JSON(parsing: Self.payload("1.5e1"), options: .init(numbers: .lossless)).binaryEncoded())
        #expect(model.u64 == 15 && model.i8 == 15)
        let fromText = try #require(throws: DecodingError.self) { try Binary.Decoder().decode(EveryInteger.self, from: exact) }
        #expect(summary(of: fromText).contains("$.i8: number 9007199254740993.0 does not fit in Int8"))
        #expect(expectSameBinaryDecoding(EveryInteger.self, exact) != nil)
        func members(i64: JSON, u64: JSON) -> JSON {
            ["i8": 1, "i16": 1, "i32": 1, "i64": i64, "int": 1, "u8": 1, "u16": 1, "u32": 1, "u64": u64, "uint": 1]
        }
        let lossless = try JSON(parsing: "9007199254740993.0", options: .init(numbers: .lossless))
        let bytes = try members(i64: lossless, u64: .number(JSON.Number(9_007_199_254_740_992.0))).binaryEncoded()
        let double = try #require(throws: DecodingError.self) { try Binary.Decoder().decode(EveryInteger.self, from: bytes) }
        #expect(summary(of: double).hasPrefix("dataCorrupted [u64#-]"))
        #expect(summary(of: double).contains("$.u64: number 9007199254740992.0 is a Double of magnitude 2^53 or more"))
        #expect(expectSameBinaryDecoding(EveryInteger.self, bytes) != nil)
        let fine = try Binary.Decoder().decode(EveryInteger.self, from: try members(i64: lossless, u64: .number(JSON.Number(9_007_199_254_740_991.0))).binaryEncoded())
        #expect(fine.i64 == 9_007_199_254_740_993 && fine.u64 == 9_007_199_254_740_991)
    }

    /// Random integers in random spellings: the generated decoder gives the
    /// value computed by moving the point in the digits' text, as the
    /// standard library reads the plain digits (or the same error).
    @Test func randomSpellingsOfRandomIntegers() throws {
        var random = SeededGenerator(seed: 4646)
        for _ in 0..<300 {
            let bits = Int.random(in: 1...66, using: &random)
            let digits = String((UInt128(UInt64.random(in: 0...UInt64.max, using: &random)) << 2) >> (66 - bits))
            let negative = Bool.random(using: &random) && digits != "0"
            let shift = digits == "0" ? 0 : Int.random(in: -2...digits.count + 1, using: &random)
            var spelled: String
            if shift <= 0 {
                spelled = digits + String(repeating: "0", count: -shift) + ["", ".0", ".00"].randomElement(using: &random)! + (shift == 0 ? "" : "e-\(-shift)")
            } else if shift >= digits.count {
                spelled = "0." + String(repeating: "0", count: shift - digits.count) + digits + "e+\(shift)"
            } else {
                let point = digits.index(digits.endIndex, offsetBy: -shift)
                spelled = digits[..<point] + "." + digits[point...] + "E\(shift)"
            }
            let text = (negative ? "-" : "") + spelled
            let whole = (negative ? "-" : "") + digits
            let decoded = Result { try JSON.Decoder().decode(EveryInteger.self, from: Self.payload(text)) }
            let expected = EveryInteger(
                i8: Int8(whole) ?? 0, i16: Int16(whole) ?? 0, i32: Int32(whole) ?? 0, i64: Int64(whole) ?? 0, int: Int(whole) ?? 0,
                u8: UInt8(whole) ?? 0, u16: UInt16(whole) ?? 0, u32: UInt32(whole) ?? 0, u64: UInt64(whole) ?? 0, uint: UInt(whole) ?? 0)
            // Each member alone, so that a value out of one type's range fails only that member.
            for (index, name) in Self.names.enumerated() {
                let single = "{" + Self.names.map { #""\#($0)": \#($0 == name ? text : "0")"# }.joined(separator: ", ") + "}"
                let result = Result { try JSON.Decoder().decode(EveryInteger.self, from: single) }
                let fits = [Int8(whole) != nil, Int16(whole) != nil, Int32(whole) != nil, Int64(whole) != nil, Int(whole) != nil,
                            UInt8(whole) != nil, UInt16(whole) != nil, UInt32(whole) != nil, UInt64(whole) != nil, UInt(whole) != nil][index]
                switch result {
                case .success(let model):
                    #expect(fits, "\(text) as \(name)")
                    let members = [Int128(model.i8), Int128(model.i16), Int128(model.i32), Int128(model.i64), Int128(model.int),
                                   Int128(model.u8), Int128(model.u16), Int128(model.u32), Int128(model.u64), Int128(model.uint)]
                    #expect(members[index] == Int128(whole), "\(text) as \(name)")
                case .failure(let error):
                    #expect(!fits, "\(text) as \(name): \(error)")
                    #expect(summary(of: error).hasPrefix("dataCorrupted [\(name)#-]"), "\(text) as \(name)")
                }
            }
            if case .success(let model) = decoded { #expect(model == expected, "\(text)") }
        }
    }
}
