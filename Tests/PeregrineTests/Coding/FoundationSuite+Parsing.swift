// Foundation's JSONEncoderTests (see FoundationSuiteTests.swift for the source and its license):
// strings, escapes, whitespace, encodings, byte order marks, nesting, top-level
// dictionaries without braces and JSON5.

import Foundation
import Peregrine
import Testing
import TestSupport

extension FoundationSuiteTests {
    @Test func jsonEscapedSlashes() {
        _test(JSONString: "\"\\/test\\/path\"", to: "/test/path")
        _test(JSONString: "\"\\\\/test\\\\/path\"", to: "\\/test\\/path")
    }

    @Test func jsonEscapedForwardSlashes() {
        _testRoundTrip(of: ["/": 1], expectedJSON: Data(#"{"\/":1}"#.utf8))
    }

    @Test func jsonUnicodeCharacters() {
        // UTF8:
        // E9 96 86 E5 B4 AC EB B0 BA EB 80 AB E9 A2 92
        // 閆崬밺뀫颒
        _test(JSONString: "[\"閆崬밺뀫颒\"]", to: ["閆崬밺뀫颒"])
        _test(JSONString: "[\"本日\"]", to: ["本日"])
    }

    @Test func jsonUnicodeEscapes() throws {
        let testCases = [
            // e-acute and greater-than-or-equal-to
            "\"\\u00e9\\u2265\"": "é≥",

            // e-acute and greater-than-or-equal-to, surrounded by 42
            "\"42\\u00e942\\u226542\"": "42é42≥42",

            // e-acute with upper-case hex
            "\"\\u00E9\"": "é",

            // G-clef (UTF16 surrogate pair) 0x1D11E
            "\"\\uD834\\uDD1E\"": "𝄞",
        ]
        for (input, expectedOutput) in testCases {
            _test(JSONString: input, to: expectedOutput)
        }
    }

    @Test func encodingJSONHexUnicodeEscapes() throws {
        let testCases = [
            "\u{0001}\u{0002}\u{0003}": "\"\\u0001\\u0002\\u0003\"",
            "\u{0010}\u{0018}\u{001f}": "\"\\u0010\\u0018\\u001f\"",
        ]
        for (string, json) in testCases {
            _testRoundTrip(of: string, expectedJSON: Data(json.utf8))
        }
    }

    /// Where our decoder finds each input of `jsonBadUnicodeEscapes` wrong. The inputs have
    /// no quotes (as in Foundation's test), so none is a string: each fails at its first byte.
    static let badUnicodeEscapeErrors: [String: (JSON.ParseError.Kind, Int)] = [
        "\\uD834": (.unexpectedCharacter, 0),
        "\\uD834hello": (.unexpectedCharacter, 0),
        "hello\\uD834": (.unexpectedCharacter, 0),
        "\\uD834\\u1221": (.unexpectedCharacter, 0),
        "\\uD8": (.unexpectedCharacter, 0),
        "\\uD834x\\uDD1E": (.unexpectedCharacter, 0),
    ]

    @Test(arguments: [
        "\\uD834", "\\uD834hello", "hello\\uD834", "\\uD834\\u1221", "\\uD8", "\\uD834x\\uDD1E",
    ])
    func jsonBadUnicodeEscapes(str: String) throws {
        let data = Data(str.utf8)
        let error = _testDecodeFailure(of: String.self, data: data)
        let (kind, offset) = try #require(Self.badUnicodeEscapeErrors[str])
        expectParseError(error, kind, at: offset, "\(str)")
        // The same escapes in a string: an unpaired surrogate, or a \u with too few digits.
        let quoted = _testDecodeFailure(of: String.self, data: Data("\"\(str)\"".utf8))
        #expect((quoted as? DecodingError)?.parseError.map { [.unpairedSurrogate, .invalidUnicodeEscape].contains($0.kind) } == true, "\(str)")
    }

    @Test func nullByte() throws {
        let string = "abc\u{0000}def"
        let encoder = JSON.Encoder()
        let decoder = JSON.Decoder()

        let data = try encoder.encode([string]) as Data
        #expect(data == (try JSONEncoder().encode([string])))
        #expect([string] == (try decoder.decode([String].self, from: data)))

        let data2 = try encoder.encode([string: string]) as Data
        #expect(data2 == (try JSONEncoder().encode([string: string])))
        #expect([string: string] == (try decoder.decode([String: String].self, from: data2)))

        struct Container: Codable {
            let s: String
        }
        let data3 = try encoder.encode(Container(s: string)) as Data
        #expect(data3 == (try JSONEncoder().encode(Container(s: string))))
        #expect(try decoder.decode(Container.self, from: data3).s == string)
    }

    @Test func superfluouslyEscapedCharacters() {
        let json = "[\"\\h\\e\\l\\l\\o\"]"
        let error = _testDecodeFailure(of: [String].self, data: Data(json.utf8))
        expectParseError(error, .invalidEscape, at: 2)
    }

    @Test func equivalentUTF8Sequences() throws {
        let json = Data(
            """
            {
              "caf\\u00e9" : true,
              "cafe\\u0301" : false
            }
            """.utf8)

        let dict = try JSON.Decoder().decode([String: Bool].self, from: json)
        #expect(dict.count == 1)
        // The two names are two members (JSON names compare by code point, RFC 8259 §8.3)
        // that Swift's `String` takes for one key: the dictionary keeps the last, as for a
        // key written twice under our default duplicate-key policy; Foundation keeps the
        // first (see "Duplicate keys" in docs/FoundationDifferences.md).
        #expect(dict == ["café": false])
        #expect(try JSONDecoder().decode([String: Bool].self, from: json) == ["café": true])
    }

    @Test func jsonControlCharacters() {
        let array = [
            "\\u0000", "\\u0001", "\\u0002", "\\u0003", "\\u0004",
            "\\u0005", "\\u0006", "\\u0007", "\\b", "\\t",
            "\\n", "\\u000b", "\\f", "\\r", "\\u000e",
            "\\u000f", "\\u0010", "\\u0011", "\\u0012", "\\u0013",
            "\\u0014", "\\u0015", "\\u0016", "\\u0017", "\\u0018",
            "\\u0019", "\\u001a", "\\u001b", "\\u001c", "\\u001d",
            "\\u001e", "\\u001f", " ",
        ]
        for (ascii, json) in zip(0...0x20, array) {
            let quotedJSON = "\"\(json)\""
            let expectedResult = String(Character(UnicodeScalar(ascii)!))
            _test(JSONString: quotedJSON, to: expectedResult)
        }
    }

    @Test func topLevelFragmentsWithGarbage() {
        // Foundation's test reads each text with its plain decoder, then (never reached: the
        // first throws) with its JSON5 one; here both run, and each gives the same error.
        for json5 in [false, true] {
            let decoder = JSON.Decoder()
            decoder.allowsJSON5 = json5
            let foundation = JSONDecoder()
            foundation.allowsJSON5 = json5
            let tru = _testDecodeFailure(of: Bool.self, data: Data("tru_".utf8), decoder: decoder, foundation: foundation)
            expectParseError(tru, .invalidLiteral, at: 0, "JSON5: \(json5)")
            let fals = _testDecodeFailure(of: Bool.self, data: Data("fals_".utf8), decoder: decoder, foundation: foundation)
            expectParseError(fals, .invalidLiteral, at: 0, "JSON5: \(json5)")
            let nul = _testDecodeFailure(of: Bool?.self, data: Data("nul_".utf8), decoder: decoder, foundation: foundation)
            expectParseError(nul, .invalidLiteral, at: 0, "JSON5: \(json5)")
        }
    }

    @Test
    @MainActor  // Deeply recursive tests which requires running on the main thread which has a higher stack size limit
    func depthTraversal() {
        struct SuperNestedArray: Decodable {
            init(from decoder: Decoder) throws {
                var container = try decoder.unkeyedContainer()
                while container.count! > 0 {
                    container = try container.nestedUnkeyedContainer()
                }
            }
        }

        let MAX_DEPTH = 512
        let jsonGood = String(repeating: "[", count: MAX_DEPTH / 2) + String(repeating: "]", count: MAX_DEPTH / 2)
        let jsonBad = String(repeating: "[", count: MAX_DEPTH + 1) + String(repeating: "]", count: MAX_DEPTH + 1)

        #expect(throws: Never.self) {
            try JSON.Decoder().decode(SuperNestedArray.self, from: Data(jsonGood.utf8))
        }
        #expect(throws: Never.self) {
            try JSONDecoder().decode(SuperNestedArray.self, from: Data(jsonGood.utf8))
        }
        let error = _testDecodeFailure(of: SuperNestedArray.self, data: Data(jsonBad.utf8))
        expectParseError(error, .tooDeep, at: MAX_DEPTH)
    }

    // A deliberate difference: Foundation's decoder accepts trailing commas in JSON, not
    // only in JSON5. RFC 8259 has none, and we accept nothing outside it unless asked
    // (`parseOptions`, or `allowsJSON5` as in Foundation), so that what one service
    // accepts, another can read. Asked, we read the text as Foundation does.
    @Test func jsonPermitsTrailingCommas() throws {
        // Trailing commas aren't valid JSON and should never be emitted, but are syntactically unambiguous and are allowed by
        // most parsers for ease of use.
        let json = "{\"key\" : [ true, ],}"
        let data = Data(json.utf8)
        let expected = ["key": [true]]

        #expect(try JSONDecoder().decode([String: [Bool]].self, from: data) == expected)
        let strict = JSON.Decoder()
        do {
            _ = try strict.decode([String: [Bool]].self, from: data)
            Issue.record("accepted a trailing comma")
        } catch {
            expectParseError(error, .trailingComma, at: 15)
        }

        let trailingCommas = JSON.Decoder()
        trailingCommas.parseOptions.allowTrailingCommas = true
        #expect(try trailingCommas.decode([String: [Bool]].self, from: data) == expected)
        let json5 = JSON.Decoder()
        json5.allowsJSON5 = true
        #expect(try json5.decode([String: [Bool]].self, from: data) == expected)
    }

    @Test func whitespaceOnlyData() {
        let error = _testDecodeFailure(of: Int.self, data: Data(" ".utf8))
        expectParseError(error, .unexpectedEndOfInput, at: 1)
    }

    @Test func whitespace() throws {
        let tests: [(json: String, expected: [String: Bool])] = [
            ("{\"v\"\n : true}", ["v": true]),
            ("{\"v\"\r\n : true}", ["v": true]),
            ("{\"v\"\r : true}", ["v": true]),
        ]
        for test in tests {
            let data = Data(test.json.utf8)
            #expect(test.expected == (try JSON.Decoder().decode([String: Bool].self, from: data)))
            #expect(test.expected == (try JSONDecoder().decode([String: Bool].self, from: data)))
        }
    }

    @Test func assumesTopLevelDictionary() throws {
        let decoder = JSON.Decoder()
        decoder.assumesTopLevelDictionary = true
        let foundation = JSONDecoder()
        foundation.assumesTopLevelDictionary = true

        let json = "\"x\" : 42"
        var result = try decoder.decode([String: Int].self, from: Data(json.utf8))
        #expect(result == ["x": 42])
        #expect(result == (try foundation.decode([String: Int].self, from: Data(json.utf8))))

        let jsonWithBraces = "{\"x\" : 42}"
        result = try decoder.decode([String: Int].self, from: Data(jsonWithBraces.utf8))
        #expect(result == ["x": 42])

        result = try decoder.decode([String: Int].self, from: Data())
        #expect(result == [:])
        #expect(result == (try foundation.decode([String: Int].self, from: Data())))

        let jsonWithEndBraceOnly = "\"x\" : 42}"
        let endBrace = _testDecodeFailure(of: [String: Int].self, data: Data(jsonWithEndBraceOnly.utf8), decoder: decoder, foundation: foundation)
        expectParseError(endBrace, .unexpectedCharacter, at: 8)

        let jsonWithStartBraceOnly = "{\"x\" : 42"
        let startBrace = _testDecodeFailure(of: [String: Int].self, data: Data(jsonWithStartBraceOnly.utf8), decoder: decoder, foundation: foundation)
        expectParseError(startBrace, .unexpectedEndOfInput, at: 9)
    }

    @Test func assumesTopLevelDictionaryTrailingNumber() throws {
        // A brace-less top-level dictionary whose final value is a number ends at the last byte of the input. The number parser (`strtod`) peeks one byte past the last consumed digit, so the input buffer must be copied to guarantee a trailing NUL byte. Verifies rdar://183390354.
        let decoder = JSON.Decoder()
        decoder.assumesTopLevelDictionary = true
        let foundation = JSONDecoder()
        foundation.assumesTopLevelDictionary = true

        let intResult = try decoder.decode([String: Int].self, from: Data("\"x\" : 42".utf8))
        #expect(intResult == ["x": 42])
        #expect(intResult == (try foundation.decode([String: Int].self, from: Data("\"x\" : 42".utf8))))

        let doubleResult = try decoder.decode([String: Double].self, from: Data("\"x\" : 1.5".utf8))
        #expect(doubleResult == ["x": 1.5])
        #expect(doubleResult == (try foundation.decode([String: Double].self, from: Data("\"x\" : 1.5".utf8))))

        // JSON5 numbers can also end with a non-digit ('1.' is a valid JSON5 number). Any scanned number reaching EOF must trigger the buffer copy.
        let json5Decoder = JSON.Decoder()
        json5Decoder.assumesTopLevelDictionary = true
        json5Decoder.allowsJSON5 = true
        let json5Result = try json5Decoder.decode([String: Double].self, from: Data("\"x\" : 1.".utf8))
        #expect(json5Result == ["x": 1.0])
    }

    @Test func bomPrefixes() throws {
        let json = "\"👍🏻\""
        let decoder = JSON.Decoder()
        let foundation = JSONDecoder()

        // UTF-8 BOM
        let utf8_BOM = Data([0xEF, 0xBB, 0xBF])
        // UTF-16 BE
        let utf16_BE_BOM = Data([0xFE, 0xFF])
        // UTF-16 LE
        let utf16_LE_BOM = Data([0xFF, 0xFE])
        // UTF-32 BE
        let utf32_BE_BOM = Data([0x0, 0x0, 0xFE, 0xFF])
        // UTF-32 LE
        let utf32_LE_BOM = Data([0xFE, 0xFF, 0, 0])

        for data in [
            utf8_BOM + Data(json.utf8),
            utf16_BE_BOM + json.data(using: .utf16BigEndian)!,
            utf16_LE_BOM + json.data(using: .utf16LittleEndian)!,
            utf32_BE_BOM + json.data(using: .utf32BigEndian)!,
            utf32_LE_BOM + json.data(using: .utf32LittleEndian)!,
        ] {
            #expect(try "👍🏻" == decoder.decode(String.self, from: data), "\(Array(data))")
            #expect(try "👍🏻" == foundation.decode(String.self, from: data), "Foundation, \(Array(data))")
        }

        // Try some mismatched BOMs. UTF-32BE read as UTF-32LE has no
        // scalar at its first unit, after the 4-byte mark; the other two
        // transcode to text that does not parse.
        let notUTF32 = _testDecodeFailure(of: String.self, data: utf32_LE_BOM + json.data(using: .utf32BigEndian)!)
        guard case .dataCorrupted(let context)? = notUTF32 as? DecodingError else {
            Issue.record("\(String(describing: notUTF32))")
            return
        }
        #expect(context.debugDescription.hasSuffix("not valid UTF-32LE: no Unicode scalar at byte offset 4"), "\(context.debugDescription)")
        for data in [
            utf16_BE_BOM + json.data(using: .utf32LittleEndian)!,
            utf8_BOM + json.data(using: .utf16BigEndian)!,
        ] {
            let error = _testDecodeFailure(of: String.self, data: data)
            #expect((error as? DecodingError)?.parseError != nil, "\(Array(data))")
        }
    }

    @Test func invalidKeyUTF8() {
        // {"key[255]":"value"}
        // The invalid UTF-8 byte sequence in the key should trigger a thrown error, not a crash.
        let data = Data([123, 34, 107, 101, 121, 255, 34, 58, 34, 118, 97, 108, 117, 101, 34, 125])
        struct Example: Decodable {
            let key: String
        }
        let error = _testDecodeFailure(of: Example.self, data: data)
        expectParseError(error, .invalidUTF8, at: 5)
    }

    @Test func twoByteUTF16Inputs() throws {
        let json = "7"
        let decoder = JSON.Decoder()

        #expect(try 7 == decoder.decode(Int.self, from: json.data(using: .utf16BigEndian)!))
        #expect(try 7 == decoder.decode(Int.self, from: json.data(using: .utf16LittleEndian)!))
        #expect(try 7 == JSONDecoder().decode(Int.self, from: json.data(using: .utf16BigEndian)!))
        #expect(try 7 == JSONDecoder().decode(Int.self, from: json.data(using: .utf16LittleEndian)!))
    }

    // MARK: - JSON5
    var json5Decoder: JSON.Decoder {
        let decoder = JSON.Decoder()
        decoder.allowsJSON5 = true
        return decoder
    }

    var foundationJSON5Decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        return decoder
    }

    @Test func json5Null() {
        let validJSON = "null"
        let invalidJSON: [(String, JSON.ParseError.Kind, Int)] = [
            ("Null", .invalidLiteral, 0),
            ("nul", .invalidLiteral, 0),
            ("nu", .invalidLiteral, 0),
            ("n", .invalidLiteral, 0),
            ("n    ", .invalidLiteral, 0),
            ("nu   ", .invalidLiteral, 0),
        ]

        #expect(throws: Never.self) {
            try json5Decoder.decode(NullReader.self, from: Data(validJSON.utf8))
        }
        #expect(throws: Never.self) {
            try foundationJSON5Decoder.decode(NullReader.self, from: Data(validJSON.utf8))
        }

        for (json, kind, offset) in invalidJSON {
            let error = _testDecodeFailure(of: NullReader.self, data: Data(json.utf8), decoder: json5Decoder, foundation: foundationJSON5Decoder)
            expectParseError(error, kind, at: offset, "Expected failure while decoding input \"\(json)\"")
        }
    }

    @Test func json5EsotericErrors() {
        // All of the following should fail
        let arrayStrings: [(String, JSON.ParseError.Kind, Int)] = [
            ("[", .unexpectedEndOfInput, 1),
            ("[ ", .unexpectedEndOfInput, 2),
            ("[\n\n", .unexpectedEndOfInput, 3),
            ("['hi',", .unexpectedEndOfInput, 6),
            ("['hi', ", .unexpectedEndOfInput, 7),
            ("['hi',\n", .unexpectedEndOfInput, 7),
        ]
        let objectStrings: [(String, JSON.ParseError.Kind, Int)] = [
            ("{", .unexpectedEndOfInput, 1),
            ("{ ", .unexpectedEndOfInput, 2),
            ("{k ", .unexpectedEndOfInput, 3),
            ("{k :", .unexpectedEndOfInput, 4),
            ("{k : ", .unexpectedEndOfInput, 5),
            ("{k : true", .unexpectedEndOfInput, 9),
            ("{k : true ", .unexpectedEndOfInput, 10),
            ("{k : true\n\n", .unexpectedEndOfInput, 11),
            ("{k : true  ", .unexpectedEndOfInput, 11),
            ("{k : true   ", .unexpectedEndOfInput, 12),
        ]
        let objectCharacterArrays: [([UInt8], JSON.ParseError.Kind, Int)] = [
            ([.init(ascii: "{"), 0x80], .unexpectedCharacter, 1),  // Invalid UTF-8: Unexpected continuation byte
            ([.init(ascii: "{"), 0xc0], .unexpectedCharacter, 1),  // Invalid UTF-8: Initial byte of 2-byte sequence without continuation
            ([.init(ascii: "{"), 0xe0, 0x80], .unexpectedCharacter, 1),  // Invalid UTF-8: Initial byte of 3-byte sequence with only one continuation
            ([.init(ascii: "{"), 0xf0, 0x80, 0x80], .unexpectedCharacter, 1),  // Invalid UTF-8: Initial byte of 3-byte sequence with only one continuation
        ]
        for (json, kind, offset) in arrayStrings {
            let error = _testDecodeFailure(of: [String].self, data: Data(json.utf8), decoder: json5Decoder, foundation: foundationJSON5Decoder)
            expectParseError(error, kind, at: offset, "Expected error for input \"\(json)\"")
        }
        for (json, kind, offset) in objectStrings {
            let error = _testDecodeFailure(of: [String: Bool].self, data: Data(json.utf8), decoder: json5Decoder, foundation: foundationJSON5Decoder)
            expectParseError(error, kind, at: offset, "Expected error for input \(json)")
        }
        for (json, kind, offset) in objectCharacterArrays {
            let error = _testDecodeFailure(of: [String: Bool].self, data: Data(json), decoder: json5Decoder, foundation: foundationJSON5Decoder)
            expectParseError(error, kind, at: offset, "Expected error for input \(json)")
        }
    }

    // JSON5 `\0` before a digit, `\x00` and `\u0000`: fixed on another branch, which
    // also settles the kinds and positions of those three errors (here `nulCharacter`).
    @Test func json5Strings() {
        let stringsToTrues = [
            "{v\n : true}",
            "{v \n : true}",
            "{ v \n : true,\nv\n:true,}",
            "{v\r : true}",
            "{v \r : true}",
            "{ v \r : true,\rv\r:true,}",
            "{v\r\n : true}",
            "{v \r\n : true}",
            "{ v \r\n : true,\r\nv\r\n:true,}",
            "{v// comment \n : true}",
            "{v // comment \n : true}",
            "{v/* comment*/ \n : true}",
            "{v/* comment */\n: true}",
            "{v/* comment */:/*comment*/\ntrue}",
            "{v// comment \r : true}",
            "{v // comment \r : true}",
            "{v/* comment*/ \r : true}",
            "{v/* comment */\r: true}",
            "{v/* comment */:/*comment*/\rtrue}",
            "{v// comment \r\n : true}",
            "{v // comment \r\n : true}",
            "{v/* comment*/ \r\n : true}",
            "{v/* comment */\r\n: true}",
            "{v/* comment */:/*comment*/\r\ntrue}",
            "// start with a comment\r\n{v:true}",
        ]

        // The inputs that fail: Foundation's expectation `nil`, with our error.
        let stringsToStrings: [(String, String?, (JSON.ParseError.Kind, Int)?)] = [
            ("{v : \"hi\\x20there\"}", "hi there", nil),
            ("{v : \"hi\\xthere\"}", nil, (.invalidEscape, 8)),
            ("{v : \"hi\\x2there\"}", nil, (.invalidEscape, 8)),
            ("{v : \"hi\\0there\"}", nil, (.nulCharacter, 8)),
            ("{v : \"hi\\x00there\"}", nil, (.nulCharacter, 8)),
            ("{v : \"hi\\u0000there\"}", nil, (.nulCharacter, 8)),  // disallowed in JSON5 mode only
            ("{v:\"hello\\uA\"}", nil, (.invalidUnicodeEscape, 9)),
            ("{v:\"hello\\uA   \"}", nil, (.invalidUnicodeEscape, 9)),
        ]

        for json in stringsToTrues {
            #expect(throws: Never.self, "Failed to parse \"\(json)\"") {
                try json5Decoder.decode([String: Bool].self, from: Data(json.utf8))
            }
            #expect(throws: Never.self, "Foundation failed to parse \"\(json)\"") {
                try foundationJSON5Decoder.decode([String: Bool].self, from: Data(json.utf8))
            }
        }
        for (json, expected, error) in stringsToStrings {
            if let expected {
                #expect(expected == (try? json5Decoder.decode([String: String].self, from: Data(json.utf8)))?["v"], "\(json)")
                #expect(expected == (try? foundationJSON5Decoder.decode([String: String].self, from: Data(json.utf8)))?["v"], "Foundation, \(json)")
            } else if let (kind, offset) = error {
                let thrown = _testDecodeFailure(
                    of: [String: String].self, data: Data(json.utf8), decoder: json5Decoder, foundation: foundationJSON5Decoder)
                expectParseError(thrown, kind, at: offset, "\(json)")
            }
        }
    }

    @Test func json5AssumedDictionary() {
        let decoder = json5Decoder
        decoder.assumesTopLevelDictionary = true
        let foundation = foundationJSON5Decoder
        foundation.assumesTopLevelDictionary = true

        let stringsToString: [(String, [String: String]?, (JSON.ParseError.Kind, Int)?)] = [
            ("hello: \"world\"", ["hello": "world"], nil),
            ("{hello: \"world\"}", ["hello": "world"], nil),  // Still has markers
            ("hello: \"world\", goodbye: \"42\"", ["hello": "world", "goodbye": "42"], nil),  // more than one value
            ("hello: \"world\",", ["hello": "world"], nil),  // Trailing comma
            ("hello: \"world\"   ", ["hello": "world"], nil),  // Trailing whitespace
            ("hello: \"world\",  ", ["hello": "world"], nil),  // Trailing whitespace and comma
            ("hello: \"world\"  ,  ", ["hello": "world"], nil),  // Trailing whitespace and comma
            ("   hello   : \"world\"   ", ["hello": "world"], nil),  // Before and after whitespace
            ("{hello: \"world\"", nil, (.unexpectedEndOfInput, 15)),  // Partial dictionary 1
            ("hello: \"world\"}", nil, (.unexpectedCharacter, 14)),  // Partial dictionary 2
            ("hello: \"world\" x ", nil, (.unexpectedCharacter, 15)),  // Junk at end
            ("hello: \"world\" x", nil, (.unexpectedCharacter, 15)),  // Junk at end
            ("hello: \"world\"x", nil, (.unexpectedCharacter, 14)),  // Junk at end
            ("", [:], nil),  // empty but valid
            (" ", [:], nil),  // empty but valid
            ("{ }", [:], nil),  // empty but valid
            ("{}", [:], nil),  // empty but valid
            (",", nil, (.unexpectedCharacter, 0)),  // Invalid
            (" , ", nil, (.unexpectedCharacter, 1)),  // Invalid
            (", ", nil, (.unexpectedCharacter, 0)),  // Invalid
            ("   ,", nil, (.unexpectedCharacter, 3)),  // Invalid
        ]
        for (json, expected, error) in stringsToString {
            if let expected {
                #expect(expected == (try? decoder.decode([String: String].self, from: Data(json.utf8))), "\(json)")
                #expect(expected == (try? foundation.decode([String: String].self, from: Data(json.utf8))), "Foundation, \(json)")
            } else if let (kind, offset) = error {
                let thrown = _testDecodeFailure(of: [String: String].self, data: Data(json.utf8), decoder: decoder, foundation: foundation)
                expectParseError(thrown, kind, at: offset, "\(json)")
            }
        }

        struct HelloGoodbye: Decodable, Equatable {
            let hello: String
            let goodbye: [String: String]
        }
        let helloGoodbyeExpectedValue = HelloGoodbye(hello: "world", goodbye: ["hi": "there"])
        let stringsToNestedDictionary = [
            "hello: \"world\", goodbye: {\"hi\":\"there\"}",  // more than one value, nested dictionary
            "hello: \"world\", goodbye: {\"hi\":\"there\"},",  // more than one value, nested dictionary, trailing comma 1
            "hello: \"world\", goodbye: {\"hi\":\"there\",},",  // more than one value, nested dictionary, trailing comma 2
        ]
        for json in stringsToNestedDictionary {
            #expect(throws: Never.self, "Unexpected error for input \"\(json)\"") {
                let decoded = try decoder.decode(HelloGoodbye.self, from: Data(json.utf8))
                #expect(helloGoodbyeExpectedValue == decoded)
                let foundationDecoded = try foundation.decode(HelloGoodbye.self, from: Data(json.utf8))
                #expect(helloGoodbyeExpectedValue == foundationDecoded)
            }
        }

        let incompleteNumberValue = Data("hello: 0x".utf8)  // Incomplete hex number
        expectParseError(
            _testDecodeFailure(of: [String: Int].self, data: incompleteNumberValue, decoder: decoder, foundation: foundation), .invalidNumber, at: 9)

        let arrayJSON = Data("[1,2,3]".utf8)  // Assumed dictionary can't be an array
        expectParseError(_testDecodeFailure(of: [Int].self, data: arrayJSON, decoder: decoder, foundation: foundation), .unexpectedCharacter, at: 0)

        let strFragmentJSON = Data("fragment".utf8)  // Assumed dictionary can't be a fragment
        expectParseError(
            _testDecodeFailure(of: String.self, data: strFragmentJSON, decoder: decoder, foundation: foundation), .unexpectedEndOfInput, at: 8)

        let numFragmentJSON = Data("42".utf8)  // Assumed dictionary can't be a fragment
        expectParseError(_testDecodeFailure(of: Int.self, data: numFragmentJSON, decoder: decoder, foundation: foundation), .unexpectedCharacter, at: 0)
    }
}
