import Testing

import Peregrine
import TestSupport

/// String content validation (the scanner's 16-byte skip of plain ASCII,
/// its shortcut for common sequences and its full check of one sequence)
/// against a plain reference validator written from Unicode Table 3-7, on
/// seeded random strings that mix ASCII, escapes, every kind of sequence
/// and every kind of damage, at every alignment against 16-byte blocks.
struct UTF8ValidationTests {
    /// The first error in the string content `bytes`, as the scanner must
    /// report it: its kind and byte offset (within `bytes`).
    static func firstError(_ bytes: [UInt8]) -> (JSON.ParseError.Kind, Int)? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index += 2  // only `\n` is generated
                continue
            }
            if byte < 0x20 { return (.controlCharacterInString, index) }
            if byte < 0x80 {
                index += 1
                continue
            }
            let length: Int
            let second: ClosedRange<UInt8>
            switch byte {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return (.invalidUTF8, index)
            }
            guard index + length <= bytes.count, second.contains(bytes[index + 1]),
                (2..<length).allSatisfy({ bytes[index + $0] & 0xC0 == 0x80 })
            else { return (.invalidUTF8, index) }
            index += length
        }
        return nil
    }

    static func scalar(_ value: UInt32) -> [UInt8] {
        Array(String(Unicode.Scalar(value)!).utf8)
    }

    /// A random piece of content: mostly well-formed text of every length
    /// and lead byte, sometimes an escape (`\n`) or a control character,
    /// sometimes damaged.
    static func piece(_ generator: inout SeededGenerator, escapes: Bool) -> [UInt8] {
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<30:
            let byte = UInt8.random(in: 0x20...0x7E, using: &generator)
            return [byte == 0x22 || byte == 0x5C ? 0x41 : byte]
        case 30..<40: return scalar(UInt32.random(in: 0x80...0x7FF, using: &generator))
        case 40..<60: return scalar(UInt32.random(in: 0x3040...0x30FF, using: &generator))  // kana, led by E3
        case 60..<66: return scalar(UInt32.random(in: 0xFF01...0xFF5E, using: &generator))  // full-width forms, led by EF
        case 66..<70: return scalar(UInt32.random(in: 0x800...0xFFF, using: &generator))  // led by E0
        case 70..<73: return scalar(UInt32.random(in: 0xD000...0xD7FF, using: &generator))  // led by ED
        case 73..<77: return scalar(UInt32.random(in: 0x10000...0x10FFFF, using: &generator))
        case 77..<80: return escapes ? Array(#"\n"#.utf8) : [0x41]
        case 80..<84:  // a sequence cut short
            let value = UInt32.random(in: 0x80...0x10FFFF, using: &generator)
            return Array(scalar((0xD800...0xDFFF).contains(value) ? 0xE000 : value).dropLast())
        case 84..<88: return [UInt8.random(in: 0x80...0xFF, using: &generator)]
        case 88..<91:  // a surrogate, an overlong form or a value above U+10FFFF
            let forms: [[UInt8]] = [
                [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF],
                [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            ]
            return forms[Int.random(in: 0..<forms.count, using: &generator)]
        case 91..<93:  // a continuation byte too many after a sequence
            return scalar(UInt32.random(in: 0x3040...0x30FF, using: &generator)) + [UInt8.random(in: 0x80...0xBF, using: &generator)]
        case 93..<94: return escapes ? [UInt8.random(in: 0...0x1F, using: &generator)] : [0x42]
        default: return Array(repeating: UInt8(ascii: "a"), count: Int.random(in: 1...20, using: &generator))
        }
    }

    /// Random string content of up to 40 pieces.
    static func content(_ generator: inout SeededGenerator, escapes: Bool) -> [UInt8] {
        (0..<Int.random(in: 0...40, using: &generator)).flatMap { _ in piece(&generator, escapes: escapes) }
    }

    @Test func matchesReferenceValidator() throws {
        var generator = SeededGenerator(seed: 0x5554_4638)
        var (accepted, rejected) = (0, 0)
        for _ in 0..<20_000 {
            let content = Self.content(&generator, escapes: true)
            // The content at every alignment against the 16-byte blocks.
            let padding = Int.random(in: 0..<16, using: &generator)
            let input = Array(repeating: UInt8(ascii: " "), count: padding) + [0x22] + content + [0x22]
            let start = padding + 1
            if let (kind, offset) = Self.firstError(content) {
                rejected += 1
                let error = #expect(throws: JSON.ParseError.self) { try JSON.Document(parsing: input) }
                #expect(error?.kind == kind, "\(content)")
                #expect(error?.offset == start + offset, "\(content)")
            } else {
                accepted += 1
                let document = try JSON.Document(parsing: input)
                let expected = String(decoding: content, as: UTF8.self).replacingEscapedNewlines()
                #expect(document.root.string == expected, "\(content)")
            }
        }
        // Both outcomes are common enough for the comparison to mean something.
        #expect(accepted > 2_000 && rejected > 2_000)
    }

    @Test func looseUnicodeMatchesStandardLibraryRepair() throws {
        var generator = SeededGenerator(seed: 0x4C4F_4F53)
        let options = JSON.ParseOptions(looseUnicode: true)
        for _ in 0..<5_000 {
            let content = Self.content(&generator, escapes: false)
            let input = [0x22] + content + [0x22]
            // Ill-formed bytes become U+FFFD by the maximal-subpart rule, as the standard library repairs them.
            let value = try JSON(parsing: input, options: options)
            #expect(value == .string(String(decoding: content, as: UTF8.self)), "\(content)")
        }
    }

    /// Strings the scanner validated, with escapes or without, are built
    /// without a second check, as keys and as values, small and large,
    /// through the value, the document and the decoder (from bytes and
    /// from a flattened value), and marked ASCII exactly when they are;
    /// ill-formed bytes that loose Unicode let through, before an escape or
    /// after it, still reach `String` to be repaired.
    /// The ASCII mark at every length up to 40 bytes, ASCII throughout or
    /// with one two-byte character at each position: past 15 bytes the mark
    /// is ours alone, from words of eight bytes whose last overlaps the one
    /// before (shorter text is built where the standard library checks it).
    @Test func stringsAreMarkedASCIIExactlyWhenTheyAreAtEveryLength() throws {
        #if compiler(>=6.2)
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
        for length in 0...40 {
            var texts = [String(repeating: "a", count: length)]
            if length >= 2 {
                texts += (0...(length - 2)).map { String(repeating: "a", count: $0) + "é" + String(repeating: "a", count: length - 2 - $0) }
            }
            for text in texts {
                let string = try #require(try JSON(parsing: "[\(JSON.serializedString(escaping: text))]")[0].string)
                #expect(string == text && string.utf8.count == length)
                #expect(string.utf8Span.isKnownASCII == text.utf8.allSatisfy { $0 < 0x80 }, "\(text)")
            }
        }
        #endif
    }

    @Test func stringsReadFromTheTapeMatchTheirText() throws {
        var generator = SeededGenerator(seed: 0x5350_414E)
        let loose = JSON.ParseOptions(looseUnicode: true)
        let looseDecoder = JSON.Decoder()
        looseDecoder.parseOptions = loose
        var (wellFormed, repaired) = (0, 0)
        for _ in 0..<3_000 {
            let content = Self.content(&generator, escapes: true)
            guard !content.contains(where: { $0 < 0x20 }) else { continue }  // an error under both options
            let error = Self.firstError(content)
            let input = Array(#"{""#.utf8) + content + Array(#"":[""#.utf8) + content + Array(#""]}"#.utf8)
            let text = String(decoding: content, as: UTF8.self).replacingEscapedNewlines()
            var decoders = [looseDecoder]
            var options = [loose]
            if error == nil {
                wellFormed += 1
                decoders.append(JSON.Decoder())
                options.append(.strict)
            } else {
                repaired += 1
            }
            var decoded = try decoders.map { try $0.decode([String: [String]].self, from: input) }
            for options in options {
                let value = try JSON(parsing: input, options: options)
                decoded.append(try JSON.Decoder().decode([String: [String]].self, from: value))  // through a flattened value
                #expect(value.object?.keys == [text] && value[text][0].string == text, "\(content)")
                let document = try JSON.Document(parsing: input, options: options)
                #expect(document.root[text][0].string == text, "\(content)")
            }
            for decoded in decoded {
                #expect(decoded == [text: [text]], "\(content)")
                #if compiler(>=6.2)
                if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), let string = decoded.first?.value.first {
                    // Marked ASCII exactly when it is, as validation would: hashing and comparing take their fast paths.
                    #expect(string.utf8Span.isKnownASCII == string.utf8.allSatisfy { $0 < 0x80 }, "\(content)")
                }
                #endif
            }
        }
        #expect(wellFormed > 500 && repaired > 500)
    }

    /// JSON5 identifier keys are marked ASCII exactly when they are, as
    /// the scanner's strings are.
    @Test func identifierKeysAreMarkedASCIIWhenTheyAre() throws {
        #if compiler(>=6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let decoder = JSON.Decoder()
            decoder.parseOptions = .json5
            for (input, ascii) in [("{plainIdentifierKey: 1}", true), ("{ключ_для_проверки: 1}", false), ("{ascii\\u00E9more: 1}", false)] {
                let key = try #require(try decoder.decode([String: Int].self, from: input).keys.first)
                #expect(key.utf8Span.isKnownASCII == ascii, "\(input)")
                #expect(key.utf8.allSatisfy { $0 < 0x80 } == ascii, "\(input)")
            }
        }
        #endif
    }

    /// A run of fifteen two-byte sequences (leads C2–DF) and one of ten
    /// three-byte sequences led by E2–EC, the kinds checked eight and five
    /// at a time in a 16-byte vector, the rest one at a time, with every
    /// byte value at every one of their 30 positions, at three alignments:
    /// each is accepted or rejected as the reference validator says, with
    /// its kind and offset. A lead the vector does not take that is still
    /// well-formed (E0 A0, ED 80, EE, EF) must pass the full check, and the
    /// overlong leads C0 and C1 must not.
    @Test(arguments: ["©абвгдёжαβשߊзий", "\u{2014}あ日\u{C000}本語中文字漢"])
    func everyByteAtEveryPositionOfARunOfSequences(_ text: String) throws {
        let run = Array(text.utf8)
        #expect(run.count == 30)
        var (accepted, rejected) = (0, 0)
        for padding in [0, 1, 7] {
            for position in run.indices {
                for byte in UInt8.min...UInt8.max where byte != 0x22 && byte != 0x5C {
                    var content = run
                    content[position] = byte
                    let input = Array(repeating: UInt8(ascii: " "), count: padding) + [0x22] + content + [0x22]
                    if let (kind, offset) = Self.firstError(content) {
                        rejected += 1
                        let error = #expect(throws: JSON.ParseError.self) { try JSON.Document(parsing: input) }
                        #expect(error?.kind == kind && error?.offset == padding + 1 + offset, "byte \(byte) at \(position)")
                    } else {
                        accepted += 1
                        let document = try JSON.Document(parsing: input)
                        #expect(document.root.string == String(decoding: content, as: UTF8.self), "byte \(byte) at \(position)")
                    }
                }
            }
        }
        // About 15 to 30 of a lead's 254 values keep the run well-formed, and 64 of a continuation byte's.
        #expect(accepted > 3 * 30 * 30 && rejected > 3 * 30 * 100)
    }

    @Test func noncharactersRejectedAfterLongText() {
        let options = JSON.ParseOptions(rejectNoncharacters: true)
        let kana = Array(String(repeating: "あいう", count: 7).utf8)  // 63 bytes
        for (noncharacter, prefix) in [([0xEF, 0xBF, 0xBE], 0), ([0xEF, 0xB7, 0x90], 5), ([0xF4, 0x8F, 0xBF, 0xBF], 17)] as [([UInt8], Int)] {
            let content = Array(kana.prefix(prefix * 3)) + noncharacter + kana
            let input = [0x22] + content + [0x22]
            let error = #expect(throws: JSON.ParseError.self) { try JSON.Document(parsing: input, options: options) }
            #expect(error?.kind == .noncharacter)
            #expect(error?.offset == 1 + prefix * 3)
            // Without the option, the same text is well-formed.
            #expect((try? JSON.Document(parsing: input)) != nil)
        }
    }
}

extension String {
    fileprivate func replacingEscapedNewlines() -> String {
        var result = ""
        var scalars = unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\\" {
                _ = scalars.next()  // only `\n` is generated
                result.unicodeScalars.append("\n")
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
