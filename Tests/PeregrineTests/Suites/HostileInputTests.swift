import Foundation
@testable import PeregrineCore
@testable import PeregrineQuery
import Testing
import TestSupport

/// Inputs built to hurt: each ends in a value or a precise error, quickly and
/// without memory running away (SECURITY.md states the bounds).
struct HostileInputTests {
    @Test func aMillionLevelsOfNesting() throws {
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000) + [UInt8](repeating: UInt8(ascii: "]"), count: 1_000_000)
        let error = parseError(deep)
        #expect(error?.kind == .tooDeep && error?.offset == 512)
        // A document is flat, so any depth is safe for it when asked for.
        let document = try JSON.Document(parsing: deep, options: .init(maxDepth: .max))
        #expect(document.root.count == 1)
        let unclosed = [UInt8](repeating: UInt8(ascii: "{"), count: 1_000_000)
        #expect(parseError(unclosed)?.kind != nil)
    }

    @Test func numbersOfAMillionDigits() throws {
        let digits = String(repeating: "7", count: 1_000_000)
        for text in [digits, "0." + digits, "1e" + digits, "-" + digits + ".5e-" + digits] {
            let error = parseError(Array(text.utf8))
            #expect(error?.kind == .numberOutOfRange || error == nil, "\(text.prefix(12))…")
            let exact = try JSON(parsing: text, options: .init(numbers: .lossless))
            #expect(exact.number?.decimalText?.utf8.count == text.utf8.count || exact.number != nil)
        }
    }

    @Test func aFiftyMegabyteString() throws {
        let text = "\"" + String(repeating: "peregrine ", count: 5_000_000) + "\""
        let value = try JSON(parsing: text)
        #expect(value.string?.utf8.count == 50_000_000)
        #expect(parseError(Array(text.utf8), options: .secure)?.kind == .inputTooLarge)
    }

    @Test func aMillionKeysAndTwoHundredThousandDuplicates() throws {
        var distinct = "{"
        distinct.reserveCapacity(20_000_000)
        for index in 0..<1_000_000 { distinct += (index == 0 ? "" : ",") + "\"k\(index)\":\(index)" }
        distinct += "}"
        let value = try JSON(parsing: distinct)
        #expect(value.object?.count == 1_000_000 && value["k999999"].int == 999_999)
        #expect(parseError(Array(distinct.utf8), options: .secure)?.kind == .inputTooLarge)

        // A quadratic policy would take 4 × 10^10 steps on these; each parse of them is seconds in a debug build.
        let duplicates = "{" + Array(repeating: "\"a\":1", count: 200_000).joined(separator: ",") + ",\"a\":2}"
        #expect(try JSON(parsing: duplicates)["a"].int == 2)
        #expect(try JSON(parsing: duplicates, options: .init(duplicateKeys: .firstWins))["a"].int == 1)
        let error = parseError(Array(duplicates.utf8), options: .init(duplicateKeys: .reject))
        #expect(error?.kind == .duplicateKey && error?.offset == 7)
    }

    @Test func repeatedAndRenamedKeysDecodeInLinearTime() throws {
        // Each lookup once scanned every member: 100,000 repeats took 10^10 steps.
        let duplicates = Array(("{" + (0..<100_000).map { "\"a\":\($0)" }.joined(separator: ",") + "}").utf8)
        #expect(try JSON.Decoder().decode([String: Int].self, from: duplicates) == ["a": 99_999])
        let firstWins = JSON.Decoder()
        firstWins.parseOptions.duplicateKeys = .firstWins
        #expect(try firstWins.decode([String: Int].self, from: duplicates) == ["a": 0])

        // Renamed keys of a keyed container (a dictionary's keys are never renamed).
        struct Renamed: Decodable {
            var last: Int?
            var count = 0
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                count = container.allKeys.count
                last = try container.decodeIfPresent(Int.self, forKey: AnyKey(stringValue: "key99999"))
            }
        }
        let snake = JSON.Decoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let renamed = Array(("{" + (0..<100_000).map { "\"key_\($0)\":\($0)" }.joined(separator: ",") + "}").utf8)
        let decoded = try snake.decode(Renamed.self, from: renamed)
        #expect(decoded.count == 100_000 && decoded.last == 99_999)
    }

    @Test func aHundredMegabytesOfWhitespace() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: 100 << 20) + [UInt8(ascii: "1")]
        #expect(try JSON(parsing: bytes) == 1)
        let error = parseError([UInt8](repeating: UInt8(ascii: "\n"), count: 100 << 20))
        #expect(error?.kind == .unexpectedEndOfInput && error?.line == (100 << 20) + 1)
    }

    @Test func nulInsideAndOutsideStrings() throws {
        #expect(parseError([UInt8(ascii: "\""), 0, UInt8(ascii: "\"")])?.kind == .controlCharacterInString)
        #expect(parseError([UInt8(ascii: "["), 0, UInt8(ascii: "]")])?.kind == .unexpectedCharacter)
        #expect(try JSON(parsing: #""a\u0000b""#).string == "a\u{0}b")
        #expect(parseError(Array(#""a\u0000b""#.utf8), options: .secure)?.kind == .nulCharacter)
    }

    @Test func illFormedUTF8EverywhereIsRejected() throws {
        let cases: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
        ]
        for bytes in cases {
            let error = parseError([UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")])
            #expect(error?.kind == .invalidUTF8 && error?.offset == 1, "\(bytes)")
            #expect(parseError(bytes)?.kind != nil)
        }
    }

    @Test func truncationAtEveryByteAndRandomFlipsOfARealDocument() throws {
        let sample = [UInt8](try Data(contentsOf: CLITests.sample)).prefix { $0 != UInt8(ascii: "\n") }.map { $0 }
        for end in 0..<sample.count {
            #expect(parseError(Array(sample[..<end])) != nil, "cut at \(end)")
            _ = try? JSON.Document(parsing: Array(sample[..<end]))
        }
        var generator = SeededGenerator(seed: 37)
        for _ in 0..<5_000 {
            var broken = sample
            broken[Int.random(in: 0..<broken.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            if let value = try? JSON(parsing: broken) {
                #expect(try JSON(parsing: value.serialized()) == value)
            }
        }
    }

    @Test func gzipUnderSecureInflatesNoFurtherThanMaxInputBytes() throws {
        // 20 MiB of text in 20 KiB: the inflater itself stops at 16 MiB.
        let packed = Gzip.deflate(Array(("[" + String(repeating: " ", count: 20 << 20) + "]").utf8))
        let error = try #require(throws: JSON.ParseError.self) { try JSON.Document(parsing: packed, options: .secure) }
        #expect(error.kind == .inputTooLarge && error.line == 0)
        #expect(error.message == "the gzip data inflates to more than 16777216 bytes (maxInputBytes)")
        // The larger limit names itself when it is the smaller one.
        let options = JSON.ParseOptions(maxInputBytes: 64 << 20, maxDecompressedBytes: 1 << 20)
        let bomb = try #require(throws: JSON.ParseError.self) { try JSON.Document(parsing: packed, options: options) }
        #expect(bomb.kind == .decompressedTooLarge && bomb.message.hasSuffix("(maxDecompressedBytes)"))
    }

    @Test func brokenGzipGivesTheSameErrorInMemoryAndStreamed() throws {
        var packed = Gzip.deflate(Array(String(repeating: #"{"a": 1}"#, count: 1_000).utf8))
        packed.replaceSubrange(20..<20, with: Array("\u{1B}[31m\u{9B}\u{7F}".utf8))
        let error = try #require(throws: JSON.ParseError.self) { try JSON(parsing: packed) }
        #expect(error.kind == .invalidCompressedData && error.offset >= 20 && error.message.contains("compressed byte \(error.offset)"))
        #expect(error.line == 0 && error.excerpt.isEmpty)
        var lines = JSON.LineReader(bytes: packed).makeIterator()
        guard case .failure(let failure)? = lines.next()?.result, let streamed = failure.error as? JSON.ParseError else {
            Issue.record("the line reader read broken gzip")
            return
        }
        #expect(streamed.message == error.message && streamed.offset == error.offset)
    }

    @Test func excerptsCarryNoControlCharacters() throws {
        func hasControls(_ excerpt: String) -> Bool {
            excerpt.unicodeScalars.contains { $0.value == 0x1B || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E || $0.value == 0x2066 }
        }
        // Valid inside a string, and shown escaped in the excerpt of a later error, the caret under the error.
        for (control, escaped) in [("\u{7F}", "\\u007F"), ("\u{9B}", "\\u009B"), ("\u{202E}", "\\u202E"), ("\u{2066}", "\\u2066")] {
            let error = try #require(throws: JSON.ParseError.self) { try JSON(parsing: "[\"a\(control)[31m\", tru]") }
            #expect(error.kind == .invalidLiteral && error.column == 12, "\(error)")
            #expect(!hasControls(error.excerpt) && error.excerpt == "  [\"a\(escaped)[31m\", tru]\n  " + String(repeating: " ", count: 16) + "^", "\(error.excerpt)")
        }
        // An escape character in a string is the error itself.
        let escape = try #require(throws: JSON.ParseError.self) { try JSON(parsing: "[\"a\u{1B}[31m\"]") }
        #expect(escape.column == 4 && !hasControls(escape.excerpt), "\(escape)")
    }
}
