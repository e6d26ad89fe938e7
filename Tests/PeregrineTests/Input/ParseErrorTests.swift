import Peregrine
import Testing
import TestSupport

@Suite struct ParseErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let input: [UInt8]
        let kind: JSON.ParseError.Kind
        let line: Int
        let column: Int

        init(_ text: String, _ kind: JSON.ParseError.Kind, _ line: Int, _ column: Int) {
            self.init(Array(text.utf8), kind, line, column)
        }

        init(_ input: [UInt8], _ kind: JSON.ParseError.Kind, _ line: Int, _ column: Int) {
            self.input = input
            self.kind = kind
            self.line = line
            self.column = column
        }

        var testDescription: String { String(decoding: input, as: UTF8.self).debugDescription }
    }

    static let cases: [Case] = [
        Case(#"{"a": 1 x}"#, .unexpectedCharacter, 1, 9),
        Case("[1, 2,]", .trailingComma, 1, 6),
        Case(#"{"a": 1,}"#, .trailingComma, 1, 8),
        Case("[tru]", .invalidLiteral, 1, 2),
        Case("[nul", .invalidLiteral, 1, 2),
        Case("[01]", .invalidNumber, 1, 2),
        Case("[1.]", .invalidNumber, 1, 4),
        Case("[1e]", .invalidNumber, 1, 4),
        Case("[-]", .invalidNumber, 1, 3),
        Case("[+1]", .unexpectedCharacter, 1, 2),
        Case("[1e400]", .numberOutOfRange, 1, 2),
        Case("[18446744073709551616]", .numberOutOfRange, 1, 2),
        Case(#"["a\qb"]"#, .invalidEscape, 1, 4),
        Case(#"["\u12G4"]"#, .invalidUnicodeEscape, 1, 3),
        Case(#"["\uD800"]"#, .unpairedSurrogate, 1, 3),
        Case(#"["\uDC00\uD800"]"#, .unpairedSurrogate, 1, 3),
        Case(#"["\uD800\u0041"]"#, .unpairedSurrogate, 1, 3),
        Case("[\"a\tb\"]", .controlCharacterInString, 1, 4),
        Case(#"["abc"#, .unterminatedString, 1, 2),
        Case("[1 2]", .unexpectedCharacter, 1, 4),
        Case(#"{"a" 1}"#, .unexpectedCharacter, 1, 6),
        Case("{1: 2}", .unexpectedCharacter, 1, 2),
        Case("[1] x", .trailingContent, 1, 5),
        Case("", .unexpectedEndOfInput, 1, 1),
        Case("  \n ", .unexpectedEndOfInput, 2, 2),
        Case("[1,", .unexpectedEndOfInput, 1, 4),
        Case(#"{"a":"#, .unexpectedEndOfInput, 1, 6),
        Case(#"{"a": "#, .unexpectedEndOfInput, 1, 7),  // ": " is read as one pair of bytes
        Case(#"{"a": }"#, .unexpectedCharacter, 1, 7),
        Case(#"{"a":  x}"#, .unexpectedCharacter, 1, 8),
        Case(#"{"a" : ,}"#, .unexpectedCharacter, 1, 8),
        Case("[NaN]", .unexpectedCharacter, 1, 2),
        Case([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], .invalidUTF8, 1, 3),  // overlong '/'
        Case([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], .invalidUTF8, 1, 3),  // encoded surrogate
        Case([0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], .invalidUTF8, 1, 3),  // above U+10FFFF
        Case([0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D], .invalidUTF8, 1, 3),  // truncated
        Case([0x5B, 0x22, 0x61, 0x80, 0x22, 0x5D], .invalidUTF8, 1, 4),  // lone continuation byte
        Case([0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D], .unsupportedEncoding, 1, 1),
        Case([0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], .unsupportedEncoding, 1, 1),  // known by its byte order mark alone
        Case([0xEF, 0xBB], .unexpectedCharacter, 1, 1),  // a byte order mark cut short
        Case("[\"é\", x]", .unexpectedCharacter, 1, 7),  // columns count scalars, not bytes
        Case("[1,\r\n2,\r\nx]", .unexpectedCharacter, 3, 1),
        Case("{\n  \"a\": 1,\n  \"bcdefghijk\": 12 x\n}", .unexpectedCharacter, 3, 20),
        Case(String(repeating: "[", count: 513), .tooDeep, 1, 513),
    ]

    @Test(arguments: cases)
    func reportsKindAndPosition(_ example: Case) {
        let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: example.input) }
        #expect(error?.kind == example.kind)
        #expect(error?.line == example.line)
        #expect(error?.column == example.column)
        // The document parser reports the same error.
        let documentError = #expect(throws: JSON.ParseError.self) { try JSON.Document(parsing: example.input) }
        #expect(documentError == error)
    }

    @Test func descriptionHasPositionMessageAndCaret() {
        let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: #"{"a": 1 x}"#) }
        #expect(error?.offset == 8)
        #expect(error?.message == "expected ',' or '}' after an object member, found 'x'")
        #expect(
            error?.description == """
                1:9: expected ',' or '}' after an object member, found 'x'
                  {"a": 1 x}
                          ^
                """)
    }

    @Test func excerptOfALongLineIsAWindowAroundTheColumn() {
        let input = "[" + String(repeating: "1,", count: 100) + "x]"
        let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: input) }
        #expect(error?.column == 202)
        let lines = error?.excerpt.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        #expect(lines.count == 2)
        #expect(lines.first?.count ?? 0 <= 62)
        // The caret sits under the 'x'.
        if let text = lines.first, let caret = lines.last {
            let caretColumn = caret.count - 1
            #expect(Array(text)[caretColumn] == "x")
        }
    }

    @Test func unterminatedStringPointsAtTheOpeningQuote() {
        let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: "{\"key\": \"value") }
        #expect(error?.kind == .unterminatedString)
        #expect(error?.offset == 8)
        #expect(error?.message == "the string starting here is not closed by '\"'")
    }

    @Test func messagesNameWhatWasFound() {
        let control = #expect(throws: JSON.ParseError.self) { try JSON(parsing: "[\u{1}]") }
        #expect(control?.message == "expected a value, found U+0001")
        #expect(control?.kind == .unexpectedCharacter && control?.offset == 1)
        let nonASCII = #expect(throws: JSON.ParseError.self) { try JSON(parsing: "[é]") }
        #expect(nonASCII?.message == "expected a value, found 'é'")
        #expect(nonASCII?.kind == .unexpectedCharacter && nonASCII?.offset == 1 && nonASCII?.column == 2)
        let end = #expect(throws: JSON.ParseError.self) { try JSON(parsing: "[") }
        #expect(end?.message == "expected a value, found end of input")
        #expect(end?.kind == .unexpectedEndOfInput && end?.offset == 1)
    }

    /// Whitespace is skipped eight bytes at a time while eight remain: runs
    /// of every length and mix read the same, and a byte that is not JSON
    /// whitespace inside a run stops it at its exact offset.
    @Test func whitespaceRunsOfEveryLengthAndMix() throws {
        var generator = SeededGenerator(seed: 11)
        let blanks: [Character] = [" ", " ", " ", "\n", "\t", "\r"]
        for length in 0...24 {
            for _ in 0..<4 {
                let run = String((0..<length).map { _ in blanks.randomElement(using: &generator) ?? " " })
                let text = run + "{" + run + "\"a\"" + run + ":" + run + "[1" + run + "," + run + "2]" + run + "}" + run
                #expect(try JSON(parsing: text) == ["a": [1, 2]], "run of \(length)")
                for stray: UInt8 in [0x0B, 0x0C, 0x1F, 0x00, 0xA0] {
                    var bytes = Array(("[" + run).utf8)
                    let offset = bytes.count
                    bytes += [stray] + Array((run + "1]").utf8)
                    let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: bytes) }
                    #expect(error?.offset == offset, "stray \(stray) after a run of \(length)")
                }
            }
        }
    }
}
