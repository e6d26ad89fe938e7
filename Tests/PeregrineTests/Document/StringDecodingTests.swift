import Testing

import Peregrine
import TestSupport

/// Strings with escapes decode to their text wherever the escapes fall:
/// the text between them is copied 16 bytes at a time, so an escape at
/// each offset of a chunk, and text that ends before a chunk would, are
/// the cases that matter.
struct StringDecodingTests {
    /// Escapes, as written in JSON and as decoded.
    static let escapes: [(written: String, decoded: String)] = [
        (#"\n"#, "\n"), (#"\/"#, "/"), (#"\""#, "\""), (#"\\"#, "\\"), (#"\t"#, "\t"),
        (#"\u00e9"#, "é"), (#"\u65e5"#, "日"), (#"\ud83d\ude00"#, "😀"),
    ]

    /// Checks that `written` (a JSON string's contents) decodes to `decoded`
    /// as a value, as a key, and written again from a document.
    func expectDecodes(_ written: String, to decoded: String) throws {
        #expect(try JSON(parsing: "\"\(written)\"") == .string(decoded), "\(written)")
        guard case .object(let object) = try JSON(parsing: "{\"\(written)\":1}") else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == [decoded], "\(written)")
        let rewritten = try JSON.Document(parsing: "[\"\(written)\"]").serialized()
        #expect(try JSON(parsing: rewritten) == .array([.string(decoded)]), "\(written)")
    }

    @Test func anEscapeAtEachOffsetOfTheCopiedChunks() throws {
        let text = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL"
        for escape in Self.escapes {
            for offset in 0...40 {
                let before = String(text.prefix(offset))
                let after = String(text.dropFirst(offset).prefix(40 - offset))
                try expectDecodes(before + escape.written + after, to: before + escape.decoded + after)
            }
        }
    }

    @Test func randomMixesOfTextAndEscapes() throws {
        var generator = SeededGenerator(seed: 20_261_127)
        let plain = ["a", "Z", "0", " ", "é", "日本", "😀", "~"]
        for _ in 0..<400 {
            var written = ""
            var decoded = ""
            for _ in 0..<Int.random(in: 0...30, using: &generator) {
                if Bool.random(using: &generator) {
                    let escape = Self.escapes[Int.random(in: 0..<Self.escapes.count, using: &generator)]
                    written += escape.written
                    decoded += escape.decoded
                } else {
                    let piece = plain[Int.random(in: 0..<plain.count, using: &generator)]
                    let run = String(repeating: piece, count: Int.random(in: 1...20, using: &generator))
                    written += run
                    decoded += run
                }
            }
            try expectDecodes(written, to: decoded)
        }
    }

    /// Every byte value in each of a `\u` escape's four digit places: hex
    /// digits (either case) give their value, as a string value and as a
    /// JSON5 identifier key; anything else is an invalid escape reported at
    /// the backslash. The four digits are checked together, so a byte next
    /// to a digit's range (`/`, `:`, `@`, `G`, `` ` ``, `g`), a control byte
    /// or one above ASCII in any place must fail on its own.
    @Test func eachByteInEachDigitOfAUnicodeEscape() throws {
        let hexDigits = Array("0123456789abcdefABCDEF".utf8)
        for place in 0..<4 {
            for byte in UInt8.min...UInt8.max {
                var escape = Array("0041".utf8)  // U+0041; changing one digit never makes U+0000
                escape[place] = byte
                let input = Array(#"["\u"#.utf8) + escape + Array(#""]"#.utf8)
                let label = "byte \(String(byte, radix: 16)) in place \(place)"
                guard escape.allSatisfy(hexDigits.contains), let unit = UInt32(String(decoding: escape, as: UTF8.self), radix: 16) else {
                    #expect(throws: JSON.ParseError.self, "\(label)") { try JSON(parsing: input) }
                    do { _ = try JSON(parsing: input) } catch {
                        #expect(error.kind == .invalidUnicodeEscape && error.offset == 2, "\(label): \(error)")
                    }
                    continue
                }
                guard let scalar = Unicode.Scalar(unit) else {  // a lone surrogate: D041
                    do { _ = try JSON(parsing: input) } catch {
                        #expect(error.kind == .unpairedSurrogate && error.offset == 2, "\(label): \(error)")
                        continue
                    }
                    Issue.record("\(label): a lone surrogate parsed")
                    continue
                }
                let text = String(Character(scalar))
                #expect(try JSON(parsing: input) == .array([.string(text)]), "\(label)")
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber:  // ES5's UnicodeLetter
                    let key = Array(#"{\u"#.utf8) + escape + Array("x: 1}".utf8)
                    #expect(try JSON(parsing: key, options: .json5)[text + "x"].value == 1, "\(label)")
                default:
                    break
                }
            }
        }
    }

    /// Text escaped as a whole (Python's `json.dumps` by default) is a run
    /// of `\u` escapes, which the scanner checks and the decoder decodes
    /// one after another: runs of random length of BMP scalars and
    /// surrogate pairs in either case of hex digits, between other text.
    @Test func runsOfUnicodeEscapes() throws {
        var generator = SeededGenerator(seed: 20_261_128)
        let scalars: [UInt32] = [0x41, 0x7F, 0xE9, 0x3042, 0x65E5, 0xD7FF, 0xE000, 0xFFFD, 0x1F600, 0x10FFFF, 0x10000]
        for _ in 0..<300 {
            var written = Bool.random(using: &generator) ? "x" : ""
            var decoded = written
            for _ in 0..<Int.random(in: 1...40, using: &generator) {
                let value = scalars[Int.random(in: 0..<scalars.count, using: &generator)]
                let units = value < 0x10000 ? [value] : [0xD800 + (value - 0x10000) >> 10, 0xDC00 + (value - 0x10000) & 0x3FF]
                let lowercase = Bool.random(using: &generator)
                for unit in units {
                    let digits = String(unit, radix: 16, uppercase: !lowercase)
                    written += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                }
                decoded.unicodeScalars.append(Unicode.Scalar(value)!)
            }
            if Bool.random(using: &generator) {
                written += "\\n!"
                decoded += "\n!"
            }
            try expectDecodes(written, to: decoded)
        }
    }

    /// A bad escape anywhere in a run of `\u` escapes is reported as the
    /// kind it is, at its own backslash; one that an option rejects is
    /// decoded without it, and a lone surrogate to U+FFFD under loose
    /// Unicode, with the rest of the run around it.
    @Test(arguments: [
        (#"\u00G1"#, JSON.ParseOptions(), JSON.ParseError.Kind.invalidUnicodeEscape, String?.none),
        (#"\u12"#, JSON.ParseOptions(), .invalidUnicodeEscape, nil),
        (#"\uDC00"#, JSON.ParseOptions(), .unpairedSurrogate, "\u{FFFD}"),
        (#"\uD800\u0041"#, JSON.ParseOptions(), .unpairedSurrogate, "\u{FFFD}A"),
        (#"\u0000"#, JSON.ParseOptions(rejectNUL: true), .nulCharacter, "\u{0}"),
        (#"\uFFFE"#, JSON.ParseOptions(rejectNoncharacters: true), .noncharacter, String(Unicode.Scalar(0xFFFE)!)),
        (#"\uFDD0"#, JSON.ParseOptions(rejectNoncharacters: true), .noncharacter, String(Unicode.Scalar(0xFDD0)!)),
        (#"\uD83F\uDFFE"#, JSON.ParseOptions(rejectNoncharacters: true), .noncharacter, String(Unicode.Scalar(0x1FFFE)!)),
    ])
    func aBadEscapeInARunOfEscapes(bad: String, options: JSON.ParseOptions, kind: JSON.ParseError.Kind, accepted: String?) throws {
        let good = #"\u65e5\ud83d\ude00\u0041"#  // 24 bytes
        for before in 0...3 {
            let text = "[\"" + String(repeating: good, count: before) + bad + good + "\"]"
            do {
                _ = try JSON(parsing: text, options: options)
                Issue.record("\(bad) after \(before) runs: parsed")
            } catch {
                #expect(error.kind == kind && error.offset == 2 + 24 * before, "\(bad) after \(before) runs: \(error)")
            }
        }
        guard let accepted else { return }
        let acceptingOptions = kind == .unpairedSurrogate ? JSON.ParseOptions(looseUnicode: true) : JSON.ParseOptions()
        let value = try JSON(parsing: "[\"" + good + bad + good + "\"]", options: acceptingOptions)
        #expect(value == .array([.string("日😀A" + accepted + "日😀A")]), "\(bad)")
    }
}
