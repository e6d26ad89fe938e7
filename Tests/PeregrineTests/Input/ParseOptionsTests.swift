import Peregrine
import Testing

/// Each parse option: what it accepts, what it still rejects (kind, line,
/// column), and that the strict default rejects it all.
@Suite struct ParseOptionsTests {
    typealias Options = JSON.ParseOptions

    func accepts(_ input: [UInt8], _ options: Options, _ expected: JSON, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            #expect(try JSON(parsing: input, options: options) == expected, sourceLocation: sourceLocation)
            #expect(try JSON.Document(parsing: input, options: options).root.value == expected, sourceLocation: sourceLocation)
        } catch {
            Issue.record("rejected: \(error)", sourceLocation: sourceLocation)
        }
    }

    func accepts(_ text: String, _ options: Options, _ expected: JSON, sourceLocation: SourceLocation = #_sourceLocation) {
        accepts(Array(text.utf8), options, expected, sourceLocation: sourceLocation)
    }

    func rejects(
        _ input: [UInt8], _ options: Options, _ kind: JSON.ParseError.Kind, _ line: Int, _ column: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = #expect(throws: JSON.ParseError.self, sourceLocation: sourceLocation) { try JSON(parsing: input, options: options) }
        #expect(error?.kind == kind, sourceLocation: sourceLocation)
        #expect(error?.line == line, sourceLocation: sourceLocation)
        #expect(error?.column == column, sourceLocation: sourceLocation)
    }

    func rejects(
        _ text: String, _ options: Options, _ kind: JSON.ParseError.Kind, _ line: Int, _ column: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        rejects(Array(text.utf8), options, kind, line, column, sourceLocation: sourceLocation)
    }

    @Test func comments() {
        let options = Options(allowComments: true)
        accepts("{\"a\": 1 /* one */, // two\n \"b\": 2}", options, ["a": 1, "b": 2])
        accepts("/* lead */ [1, /**/ 2] // tail", options, [1, 2])
        rejects("[1 /* open", options, .unterminatedComment, 1, 4)
        rejects("[1 / 2]", options, .unexpectedCharacter, 1, 4)
        rejects("// only a comment", options, .unexpectedEndOfInput, 1, 18)
        rejects("[1, /**/ 2]", .strict, .unexpectedCharacter, 1, 5)
        // Other options never bring in JSON5's grammar.
        rejects("+1", options, .unexpectedCharacter, 1, 1)
        rejects(".5", options, .unexpectedCharacter, 1, 1)
        rejects("Infinity", options, .unexpectedCharacter, 1, 1)
        rejects("NaN", options, .unexpectedCharacter, 1, 1)
        rejects("{a: 1}", options, .unexpectedCharacter, 1, 2)
        rejects("'x'", options, .unexpectedCharacter, 1, 1)
        rejects("[1,]", options, .trailingComma, 1, 3)
    }

    @Test func trailingCommas() {
        let options = Options(allowTrailingCommas: true)
        accepts("[1, 2,]", options, [1, 2])
        accepts("{\"a\": [1,], \"b\": {},}", options, ["a": [1], "b": [:]])
        rejects("[1,,]", options, .unexpectedCharacter, 1, 4)
        rejects("[,]", options, .unexpectedCharacter, 1, 2)
        rejects("{,}", options, .unexpectedCharacter, 1, 2)
        rejects("[1, 2,]", .strict, .trailingComma, 1, 6)
    }

    @Test func unicodeNewlines() {
        let options = Options(allowUnicodeNewlines: true)
        accepts("[1,\u{2028}2\u{0B},\u{0C}3\u{85},\u{2029}4]", options, [1, 2, 3, 4])
        rejects("[1,\u{A0}2]", options, .unexpectedCharacter, 1, 4)
        rejects("[1,\u{2028}2]", .strict, .unexpectedCharacter, 1, 4)
    }

    @Test func looseUnicode() {
        let options = Options(looseUnicode: true)
        accepts([0x22, 0x61, 0xFF, 0x62, 0x22], options, "a\u{FFFD}b")
        accepts([0x22, 0xC0, 0xAF, 0x22], options, "\u{FFFD}\u{FFFD}")  // overlong: two maximal subparts
        accepts([0x22, 0xE2, 0x82, 0x78, 0x22], options, "\u{FFFD}x")  // truncated: one
        accepts([0x22, 0xF0, 0x80, 0x80, 0x22], options, "\u{FFFD}\u{FFFD}\u{FFFD}")
        accepts(#"["\uD800x", "\uDC00", "\uDC00\uD83D\uDE00", "a\\\uD800"]"#, options, ["\u{FFFD}x", "\u{FFFD}", "\u{FFFD}😀", "a\\\u{FFFD}"])
        accepts([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], options, ["\u{FFFD}": 1])
        rejects("[\"a\tb\"]", options, .controlCharacterInString, 1, 4)
        rejects([0x22, 0x61, 0xFF, 0x22], .strict, .invalidUTF8, 1, 3)
        rejects(#""\uD800""#, .strict, .unpairedSurrogate, 1, 2)
    }

    @Test func trailingContent() throws {
        let options = Options(allowTrailingContent: true)
        accepts("1 2", options, 1)
        let document = try JSON.Document(parsing: #"{"a":1}xyz"#, options: options)
        #expect(document.endOffset == 7)
        #expect(document.root["a"].int == 1)
        var parser = JSON.Parser()
        let stream = Array(#"{"a":1} {"a":2}[3]  "four""#.utf8)
        var values: [JSON] = []
        var offset = 0
        while offset < stream.count {
            let (value, end) = try parser.parsePrefix(of: stream, from: offset)
            values.append(value)
            offset = end
            while offset < stream.count, stream[offset] == UInt8(ascii: " ") { offset += 1 }
        }
        #expect(values == [["a": 1], ["a": 2], [3], "four"])
        let error = #expect(throws: JSON.ParseError.self) { try parser.parsePrefix(of: stream, from: 4) }
        #expect(error?.kind == .unexpectedCharacter)
        #expect(error?.column == 5)
        rejects("1 2", .strict, .trailingContent, 1, 3)
    }

    @Test func jsonp() {
        let options = Options(jsonp: true)
        accepts(#"callback({"a": 1});"#, options, ["a": 1])
        accepts("jQuery_1.x ( [1] )\n", options, [1])
        accepts(")]}'\n[1]", options, [1])
        accepts("while(1);[1]", options, [1])
        accepts("true", options, true)
        rejects("cb([1]", options, .unexpectedEndOfInput, 1, 7)
        rejects("cb([1]);x", options, .trailingContent, 1, 9)
        rejects("cb[1]", options, .unexpectedCharacter, 1, 1)
        rejects("cb([1])", .strict, .unexpectedCharacter, 1, 1)
    }

    @Test func singleQuotes() {
        let options = Options(allowSingleQuotes: true)
        accepts(#"{'a': 'it"s', "b": 'it\'s'}"#, options, ["a": "it\"s", "b": "it's"])
        rejects("['abc]", options, .unterminatedString, 1, 2)
        rejects("['abc']", .strict, .unexpectedCharacter, 1, 2)
    }

    @Test func sets() throws {
        let options = Options(allowSets: true)
        accepts(#"<1, 2, 1, [1], [1], {"a":1}, {"a":1.0}, 1.0>"#, options, [1, 2, [1], ["a": 1], ["a": 1.0], 1.0])
        accepts("[<1, 1, [2, 2]>, <[1], [1]>, 3]", options, [[1, [2, 2]], [[1]], 3])
        let document = try JSON.Document(parsing: "[<1, 1, [2, 2]>, <[1], [1]>, 3]", options: options)
        #expect(document.root[0].count == 2)
        #expect(document.root[0][1][1].int == 2)
        #expect(document.root[1].count == 1)
        #expect(document.root[2].int == 3)
        rejects("<1, 2]", options, .unexpectedCharacter, 1, 6)
        rejects("<1>", .strict, .unexpectedCharacter, 1, 1)
    }

    @Test func json5StillRejects() {
        rejects("0x", .json5, .invalidNumber, 1, 3)
        rejects("08", .json5, .invalidNumber, 1, 1)
        rejects(".", .json5, .invalidNumber, 1, 2)
        rejects("{a-b: 1}", .json5, .unexpectedCharacter, 1, 3)
        rejects("'\\1'", .json5, .invalidEscape, 1, 2)
        rejects("[1,,]", .json5, .unexpectedCharacter, 1, 4)
        rejects("+Infinit", .json5, .invalidLiteral, 1, 1)
        rejects("{a: 1}", .strict, .unexpectedCharacter, 1, 2)
    }

    @Test func duplicateKeys() throws {
        let text = #"{"a": 1, "b": {"x": 0, "x": 1}, "a": 2}"#
        accepts(text, .strict, ["a": 2, "b": ["x": 1]])
        accepts(text, Options(duplicateKeys: .firstWins), ["a": 1, "b": ["x": 0]])
        let first = try JSON.Document(parsing: text, options: Options(duplicateKeys: .firstWins))
        #expect(first.root["a"].int == 1)
        #expect(try JSON.Document(parsing: text).root["a"].int == 2)
        let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: text, options: Options(duplicateKeys: .reject)) }
        #expect(error?.kind == .duplicateKey)
        #expect(error?.column == 24)
        #expect(error?.message == #"duplicate key "x", first at 1:16"#)
        let big = "{" + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"k7\": \"again\"}"
        accepts(big, Options(duplicateKeys: .firstWins), .object(JSON.Object((0..<40).map { ("k\($0)", JSON.number(.init($0))) })))
        rejects(big, Options(duplicateKeys: .reject), .duplicateKey, 1, big.utf8.count - 13)
    }

    @Test func duplicateKeyMessagesQuoteTheNameAsJSON() throws {
        let text = #"{"q\"\n\u0001": 1, "q\"\n\u0001": 2}"#
        let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: text, options: Options(duplicateKeys: .reject)) }
        #expect(error?.kind == .duplicateKey)
        #expect(error?.column == 20)
        #expect(error?.message == #"duplicate key "q\"\n\u0001", first at 1:2"#)
    }

    @Test func limits() {
        rejects("[1, 2, 3]", Options(maxInputBytes: 8), .inputTooLarge, 1, 9)
        accepts("[1, 2, 3]", Options(maxInputBytes: 9), [1, 2, 3])
        rejects(#"["abc", "abcd"]"#, Options(maxStringBytes: 3), .stringTooLong, 1, 9)
        rejects(#"{"abcd": 1}"#, Options(maxStringBytes: 3), .stringTooLong, 1, 2)
        rejects(#"{"a":1,"b":2,"c":3}"#, Options(maxObjectMembers: 2), .tooManyMembers, 1, 14)
        accepts(#"{"a":1,"b":2}"#, Options(maxObjectMembers: 2), ["a": 1, "b": 2])
        rejects("[[[1]]]", Options(maxDepth: 2), .tooDeep, 1, 3)
        rejects(#"[{}, {"a": 1}]"#, Options(maxObjectMembers: 0), .tooManyMembers, 1, 7)
        // The limit holds for a first key after `{` and for a key after `,`, in nested objects too.
        rejects(#"{"a": {"b": 1, "c": 2}}"#, Options(maxObjectMembers: 1), .tooManyMembers, 1, 16)
        rejects(#"[1, {"a": {"b": 1}}]"#, Options(maxObjectMembers: 0), .tooManyMembers, 1, 6)
        rejects("{abcd: 1}", Options(maxStringBytes: 3, json5: true), .stringTooLong, 1, 2)
    }

    @Test func nul() {
        let options = Options(rejectNUL: true)
        rejects(#"["a\u0000"]"#, options, .nulCharacter, 1, 4)
        rejects(#"['\0', 1]"#, Options(json5: true, rejectNUL: true), .nulCharacter, 1, 3)
        rejects(#"['\x00']"#, Options(json5: true, rejectNUL: true), .nulCharacter, 1, 3)
        accepts(#"["a\u0001"]"#, options, ["a\u{1}"])
        accepts(#"["a\u0000"]"#, .strict, ["a\u{0}"])
    }

    @Test func noncharacters() {
        let options = Options(rejectNoncharacters: true)
        rejects(#""\uFFFF""#, options, .noncharacter, 1, 2)
        rejects(#""x\uFDD0""#, options, .noncharacter, 1, 3)
        rejects(#""\uD83F\uDFFE""#, options, .noncharacter, 1, 2)
        rejects([0x22, 0xEF, 0xBF, 0xBE, 0x22], options, .noncharacter, 1, 2)
        rejects([0x22, 0x61, 0xF0, 0x9F, 0xBF, 0xBF, 0x22], options, .noncharacter, 1, 3)
        accepts(#""\uFFFD\uFDEF\uFDF0""#, .strict, .string(String(String.UnicodeScalarView([0xFFFD, 0xFDEF, 0xFDF0].compactMap(Unicode.Scalar.init)))))
        accepts(#""\uFFFD\uFDCF\uFDF0""#, options, "\u{FFFD}\u{FDCF}\u{FDF0}")
    }

    @Test func losslessNumbers() throws {
        let options = Options(numbers: .lossless)
        let text = "[123456789012345678901234567890,0.1000000000000000055511151231257827,1e400,-1.50e-400,1.5,2,1.0E2]"
        let value = try JSON(parsing: text, options: options)
        #expect(try value.serializedString() == text.replacingOccurrences(of: "1.0E2", with: "100.0"))
        guard case .array(let numbers) = value else { Issue.record("not an array"); return }
        let parsed = numbers.compactMap { if case .number(let number) = $0 { number } else { nil } }
        #expect(parsed.map(\.decimalText) == ["123456789012345678901234567890", "0.1000000000000000055511151231257827", "1e400", "-1.50e-400", nil, nil, nil])
        #expect(parsed[0].isInteger && !parsed[1].isInteger)
        #expect(parsed[0].int64 == nil)
        #expect(parsed[0].decimal?.description == "123456789012345678901234567890")
        #expect(parsed[1].decimal?.description == "0.1000000000000000055511151231257827")
        #expect(parsed[4] == JSON.Number(1.5) && parsed[5] == 2)
        #expect(try JSON(parsing: "15.0e398", options: options) == JSON(parsing: "1.50e399", options: options))
        #expect(try JSON.Document(parsing: text, options: options).root[2].number?.decimalText == "1e400")
        rejects("123456789012345678901234567890", .strict, .numberOutOfRange, 1, 1)
        rejects("1e400", .strict, .numberOutOfRange, 1, 1)
    }

    @Test func presets() {
        rejects(#"{"a": 1, "a": 2}"#, .secure, .duplicateKey, 1, 10)
        rejects(#""\u0000""#, .secure, .nulCharacter, 1, 2)
        rejects(String(repeating: "[", count: 65), .secure, .tooDeep, 1, 65)
        accepts(String(repeating: "[", count: 64) + String(repeating: "]", count: 64), .secure, JSON.nested(64))
        accepts([0x7B, 0x27, 0x61, 0x27, 0x3A, 0x22, 0xFF, 0x22, 0x2C, 0x2F, 0x2F, 0x78, 0x0A, 0x7D], .lenient, ["a": "\u{FFFD}"])
        accepts("{a: [Infinity,],}", .json5, ["a": [.number(.init(Double.infinity))]])
        #expect(Options.strict == Options())
    }

    @Test func nonConformingFloatsInOutput() throws {
        let value: JSON = [.number(.init(Double.infinity)), .number(.init(-Double.infinity)), .number(.init(Double.nan))]
        #expect(try value.serializedString(options: [.nonConformingFloats(.json5Literals)]) == "[Infinity,-Infinity,NaN]")
        #expect(
            try value.serializedString(options: [.nonConformingFloats(.strings(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan"))])
                == #"["+inf","-inf","nan"]"#)
        let error = #expect(throws: JSON.SerializationError.self) { try value.serialized() }
        #expect(error?.kind == .nonFiniteNumber)
        #expect(try JSON(parsing: value.serialized(options: [.nonConformingFloats(.json5Literals)]), options: .json5) == value)
    }
}

extension JSON {
    /// `depth` nested empty arrays.
    static func nested(_ depth: Int) -> JSON {
        var value: JSON = []
        for _ in 1..<depth { value = [value] }
        return value
    }
}
