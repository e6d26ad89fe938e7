// Foundation's JSONEncoderTests (see FoundationSuiteTests.swift for the source and its license):
// the pass and fail files, and the JSON5 spec suite. Foundation's JSON/ and JSON5/pass/
// files are in FoundationSuiteData/ (see its SOURCES.md); its JSON5/spec/ folder is the
// json5-tests suite in ../shared/conformance/json5-tests.

import Foundation
import Peregrine
import Testing
import TestSupport

extension FoundationSuiteTests {
    static let dataDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FoundationSuiteData")

    /// A file of Foundation's test resources: `JSON5/spec/…` from the shared
    /// json5-tests folder, the others from FoundationSuiteData.
    func testData(forResource name: String, withExtension ext: String, subdirectory: String) throws -> Data {
        let url =
            subdirectory.hasPrefix("/JSON5/spec/")
            ? TestData.url("conformance/json5-tests").appendingPathComponent(String(subdirectory.dropFirst("/JSON5/spec/".count)))
            : Self.dataDirectory.appendingPathComponent(subdirectory)
        return try Data(contentsOf: url.appendingPathComponent("\(name).\(ext)"))
    }

    private func _run_passTest<T: Codable & Equatable>(
        name: String, json5: Bool = false, type: T.Type, readByFoundationAs foundationValue: ((T) -> T)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let jsonData = try testData(forResource: name, withExtension: json5 ? "json5" : "json", subdirectory: json5 ? "JSON5/pass" : "JSON/pass")

        let plistData = try? testData(forResource: name, withExtension: "plist", subdirectory: "JSON/pass")
        let decoder = json5Decoder

        let decoded: T
        do {
            decoded = try decoder.decode(T.self, from: jsonData)
        } catch {
            Issue.record("Pass test \"\(name)\" failed with error: \(error)", sourceLocation: sourceLocation)
            return
        }
        let foundationDecoded = try? foundationJSON5Decoder.decode(T.self, from: jsonData)
        #expect((foundationValue ?? { $0 })(decoded) == foundationDecoded, "Foundation read \(name) differently", sourceLocation: sourceLocation)

        let prettyPrintEncoder = JSON.Encoder()
        prettyPrintEncoder.outputFormatting = .prettyPrinted

        for encoder in [JSON.Encoder(), prettyPrintEncoder] {
            #expect(throws: Never.self, sourceLocation: sourceLocation) {
                let reencodedData = try encoder.encode(decoded) as Data
                let redecodedObjects = try decoder.decode(T.self, from: reencodedData)
                #expect(decoded == redecodedObjects, sourceLocation: sourceLocation)
            }

            if let plistData {
                #expect(throws: Never.self, sourceLocation: sourceLocation) {
                    let decodedPlistObjects = try PropertyListDecoder().decode(T.self, from: plistData)
                    #expect(decoded == decodedPlistObjects, sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test func jsonPassTests() throws {
        try _run_passTest(name: "pass1-utf8", type: JSONPass.Test1.self)
        try _run_passTest(name: "pass1-utf16be", type: JSONPass.Test1.self)
        try _run_passTest(name: "pass1-utf16le", type: JSONPass.Test1.self)
        try _run_passTest(name: "pass1-utf32be", type: JSONPass.Test1.self)
        try _run_passTest(name: "pass1-utf32le", type: JSONPass.Test1.self)
        try _run_passTest(name: "pass2", type: JSONPass.Test2.self)
        try _run_passTest(name: "pass3", type: JSONPass.Test3.self)
        try _run_passTest(name: "pass4", type: JSONPass.Test4.self)
        try _run_passTest(name: "pass5", type: JSONPass.Test5.self)
        try _run_passTest(name: "pass6", type: JSONPass.Test6.self)
        try _run_passTest(name: "pass7", type: JSONPass.Test7.self)
        try _run_passTest(name: "pass8", type: JSONPass.Test8.self)
        try _run_passTest(name: "pass9", type: JSONPass.Test9.self)
        try _run_passTest(name: "pass10", type: JSONPass.Test10.self)
        try _run_passTest(name: "pass11", type: JSONPass.Test11.self)
        try _run_passTest(name: "pass12", type: JSONPass.Test12.self)
        try _run_passTest(name: "pass13", type: JSONPass.Test13.self)
        try _run_passTest(name: "pass14", type: JSONPass.Test14.self)
        try _run_passTest(name: "pass15", type: JSONPass.Test15.self)
    }

    @Test func json5PassJSONFiles() throws {
        // A JSON5 line continuation (a backslash before a line break, in `lineBreaks`) is
        // nothing, as the JSON5 spec (§5.1, ECMAScript 5.1 §7.8.4) has it; Foundation keeps
        // the line break. The port's one difference found beyond Foundation's expectations.
        try _run_passTest(name: "example", json5: true, type: JSON5Pass.Example.self) { ours in
            #expect(ours.lineBreaks == "Look, Mom! No \\n's!")
            return JSON5Pass.Example(
                unquoted: ours.unquoted, singleQuotes: ours.singleQuotes, lineBreaks: "Look, Mom! \nNo \\n's!", hexadecimal: ours.hexadecimal,
                leadingDecimalPoint: ours.leadingDecimalPoint, andTrailing: ours.andTrailing, positiveSign: ours.positiveSign,
                trailingComma: ours.trailingComma, andIn: ours.andIn, backwardsCompatible: ours.backwardsCompatible)
        }
        try _run_passTest(name: "hex", json5: true, type: JSON5Pass.Hex.self)
        try _run_passTest(name: "numbers", json5: true, type: JSON5Pass.Numbers.self)
        try _run_passTest(name: "strings", json5: true, type: JSON5Pass.Strings.self)
        try _run_passTest(name: "whitespace", json5: true, type: JSON5Pass.Whitespace.self)
    }

    /// Where our decoder finds each fail file wrong (read with `assumesTopLevelDictionary`,
    /// as Foundation's test reads them, so a text not starting with `{` is the first key of
    /// an object without braces).
    static let failFileErrors: [String: (JSON.ParseError.Kind, Int)] = [
        "fail1": (.unexpectedEndOfInput, 60),
        "fail2": (.unexpectedCharacter, 0),
        "fail3": (.unexpectedCharacter, 1),
        "fail4": (.unexpectedCharacter, 0),
        "fail5": (.unexpectedCharacter, 0),
        "fail6": (.unexpectedCharacter, 0),
        "fail7": (.unexpectedCharacter, 0),
        "fail8": (.unexpectedCharacter, 0),
        "fail9": (.unexpectedCharacter, 0),
        "fail10": (.trailingContent, 34),
        "fail11": (.unexpectedCharacter, 25),
        "fail12": (.unexpectedCharacter, 23),
        "fail13": (.invalidNumber, 39),
        "fail14": (.unexpectedCharacter, 27),
        "fail15": (.unexpectedCharacter, 0),
        "fail16": (.unexpectedCharacter, 0),
        "fail17": (.unexpectedCharacter, 0),
        "fail18": (.unexpectedCharacter, 0),
        "fail19": (.unexpectedCharacter, 17),
        "fail21": (.unexpectedCharacter, 25),
        "fail22": (.unexpectedCharacter, 0),
        "fail23": (.unexpectedCharacter, 0),
        "fail24": (.unexpectedCharacter, 0),
        "fail25": (.unexpectedCharacter, 0),
        "fail26": (.unexpectedCharacter, 0),
        "fail27": (.unexpectedCharacter, 0),
        "fail28": (.unexpectedCharacter, 0),
        "fail29": (.unexpectedCharacter, 0),
        "fail30": (.unexpectedCharacter, 0),
        "fail31": (.unexpectedCharacter, 0),
        "fail32": (.unexpectedEndOfInput, 40),
        "fail33": (.unexpectedCharacter, 0),
        "fail34": (.unexpectedCharacter, 0),
        "fail35": (.unterminatedString, 19),
        "fail36": (.invalidNumber, 25),
        "fail37": (.unexpectedCharacter, 24),
        "fail38": (.invalidNumber, 22),
        "fail39": (.invalidUnicodeEscape, 24),
        "fail40": (.invalidUnicodeEscape, 33),
        "fail41": (.unterminatedString, 7),
    ]

    private func _run_failTest<T: Decodable>(name: String, type: T.Type, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let jsonData = try testData(forResource: name, withExtension: "json", subdirectory: "JSON/fail")

        let decoder = JSON.Decoder()
        decoder.assumesTopLevelDictionary = true
        let foundation = JSONDecoder()
        foundation.assumesTopLevelDictionary = true
        let error = _testDecodeFailure(of: T.self, data: jsonData, decoder: decoder, foundation: foundation, sourceLocation: sourceLocation)
        let (kind, offset) = try #require(Self.failFileErrors[name], sourceLocation: sourceLocation)
        expectParseError(error, kind, at: offset, "\(name)", sourceLocation: sourceLocation)
    }

    @Test func jsonFailTests() throws {
        try _run_failTest(name: "fail1", type: JSONFail.Test1.self)
        try _run_failTest(name: "fail2", type: JSONFail.Test2.self)
        try _run_failTest(name: "fail3", type: JSONFail.Test3.self)
        try _run_failTest(name: "fail4", type: JSONFail.Test4.self)
        try _run_failTest(name: "fail5", type: JSONFail.Test5.self)
        try _run_failTest(name: "fail6", type: JSONFail.Test6.self)
        try _run_failTest(name: "fail7", type: JSONFail.Test7.self)
        try _run_failTest(name: "fail8", type: JSONFail.Test8.self)
        try _run_failTest(name: "fail9", type: JSONFail.Test9.self)
        try _run_failTest(name: "fail10", type: JSONFail.Test10.self)
        try _run_failTest(name: "fail11", type: JSONFail.Test11.self)
        try _run_failTest(name: "fail12", type: JSONFail.Test12.self)
        try _run_failTest(name: "fail13", type: JSONFail.Test13.self)
        try _run_failTest(name: "fail14", type: JSONFail.Test14.self)
        try _run_failTest(name: "fail15", type: JSONFail.Test15.self)
        try _run_failTest(name: "fail16", type: JSONFail.Test16.self)
        try _run_failTest(name: "fail17", type: JSONFail.Test17.self)
        try _run_failTest(name: "fail18", type: JSONFail.Test18.self)
        try _run_failTest(name: "fail19", type: JSONFail.Test19.self)
        try _run_failTest(name: "fail21", type: JSONFail.Test21.self)
        try _run_failTest(name: "fail22", type: JSONFail.Test22.self)
        try _run_failTest(name: "fail23", type: JSONFail.Test23.self)
        try _run_failTest(name: "fail24", type: JSONFail.Test24.self)
        try _run_failTest(name: "fail25", type: JSONFail.Test25.self)
        try _run_failTest(name: "fail26", type: JSONFail.Test26.self)
        try _run_failTest(name: "fail27", type: JSONFail.Test27.self)
        try _run_failTest(name: "fail28", type: JSONFail.Test28.self)
        try _run_failTest(name: "fail29", type: JSONFail.Test29.self)
        try _run_failTest(name: "fail30", type: JSONFail.Test30.self)
        try _run_failTest(name: "fail31", type: JSONFail.Test31.self)
        try _run_failTest(name: "fail32", type: JSONFail.Test32.self)
        try _run_failTest(name: "fail33", type: JSONFail.Test33.self)
        try _run_failTest(name: "fail34", type: JSONFail.Test34.self)
        try _run_failTest(name: "fail35", type: JSONFail.Test35.self)
        try _run_failTest(name: "fail36", type: JSONFail.Test36.self)
        try _run_failTest(name: "fail37", type: JSONFail.Test37.self)
        try _run_failTest(name: "fail38", type: JSONFail.Test38.self)
        try _run_failTest(name: "fail39", type: JSONFail.Test39.self)
        try _run_failTest(name: "fail40", type: JSONFail.Test40.self)
        try _run_failTest(name: "fail41", type: JSONFail.Test41.self)
    }

    enum JSON5SpecTestType {
        case json
        case json5
        case json5_foundationPermissiveJSON
        case js
        case malformed

        var fileExtension: String {
            switch self {
            case .json5: return "json5"
            case .json5_foundationPermissiveJSON: return "json5"
            case .json: return "json"
            case .js: return "js"
            case .malformed: return "txt"
            }
        }
    }

    /// Where our JSON5 decoder finds each `.js` and `.txt` file of the spec suite wrong.
    static let json5SpecErrors: [String: (JSON.ParseError.Kind, Int)] = [
        "leading-comma-array": (.unexpectedCharacter, 6),
        "lone-trailing-comma-array": (.unexpectedCharacter, 6),
        "no-comma-array": (.unexpectedCharacter, 15),
        "top-level-block-comment": (.unexpectedEndOfInput, 76),
        "top-level-inline-comment": (.unexpectedEndOfInput, 65),
        "unterminated-block-comment": (.unterminatedComment, 5),
        "empty": (.unexpectedEndOfInput, 0),
        "hexadecimal-empty": (.invalidNumber, 2),
        "integer-with-float-exponent": (.trailingContent, 3),
        "integer-with-hexadecimal-exponent": (.trailingContent, 3),
        "integer-with-negative-float-exponent": (.trailingContent, 4),
        "integer-with-negative-hexadecimal-exponent": (.trailingContent, 4),
        "integer-with-positive-float-exponent": (.trailingContent, 4),
        "integer-with-positive-hexadecimal-exponent": (.trailingContent, 4),
        "lone-decimal-point": (.invalidNumber, 1),
        "negative-noctal": (.invalidNumber, 0),
        "negative-octal": (.invalidNumber, 0),
        "noctal-with-leading-octal-digit": (.invalidNumber, 0),
        "noctal": (.invalidNumber, 0),
        "octal": (.invalidNumber, 0),
        "positive-noctal": (.invalidNumber, 0),
        "positive-octal": (.invalidNumber, 0),
        "positive-zero-octal": (.invalidNumber, 0),
        "zero-octal": (.invalidNumber, 0),
        "illegal-unquoted-key-number": (.unexpectedCharacter, 6),
        "illegal-unquoted-key-symbol": (.unexpectedCharacter, 11),
        "leading-comma-object": (.unexpectedCharacter, 6),
        "lone-trailing-comma-object": (.unexpectedCharacter, 6),
        "no-comma-object": (.unexpectedCharacter, 23),
        "unescaped-multi-line-string": (.controlCharacterInString, 4),
    ]

    func _run_json5SpecTest<T: Decodable>(
        _ category: String, _ name: String, testType: JSON5SpecTestType, type: T.Type, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let subdirectory = "/JSON5/spec/\(category)"
        let ext = testType.fileExtension
        let jsonData = try testData(forResource: name, withExtension: ext, subdirectory: subdirectory)

        let json5 = json5Decoder
        let json = JSON.Decoder()

        switch testType {
        case .json:
            // Valid JSON should remain valid JSON5
            #expect(throws: Never.self, sourceLocation: sourceLocation) {
                _ = try json5.decode(type, from: jsonData)
            }
            #expect(throws: Never.self, "Foundation", sourceLocation: sourceLocation) {
                _ = try foundationJSON5Decoder.decode(type, from: jsonData)
            }

            // Repeat with non-JSON5-compliant decoder.
            #expect(throws: Never.self, sourceLocation: sourceLocation) {
                _ = try json.decode(type, from: jsonData)
            }
            #expect(throws: Never.self, "Foundation", sourceLocation: sourceLocation) {
                _ = try JSONDecoder().decode(type, from: jsonData)
            }
        case .json5_foundationPermissiveJSON:
            // A deliberate difference: valid JSON5 with a trailing comma, which Foundation's
            // plain decoder accepts too. Ours keeps to RFC 8259 (see jsonPermitsTrailingCommas):
            // a trailing comma is an error naming its position, unless asked for.
            #expect(throws: Never.self, sourceLocation: sourceLocation) {
                _ = try json5.decode(type, from: jsonData)
            }
            #expect(throws: Never.self, "Foundation", sourceLocation: sourceLocation) {
                _ = try foundationJSON5Decoder.decode(type, from: jsonData)
                _ = try JSONDecoder().decode(type, from: jsonData)
            }
            do {
                let val = try json.decode(type, from: jsonData)
                Issue.record("Expected a trailing comma error (original JSON) for test \(name).\(ext), but got: \(val)", sourceLocation: sourceLocation)
            } catch {
                let comma = try #require(jsonData.lastIndex(of: UInt8(ascii: ",")), sourceLocation: sourceLocation)
                expectParseError(error, .trailingComma, at: comma - jsonData.startIndex, "\(name)", sourceLocation: sourceLocation)
            }
            let trailingCommas = JSON.Decoder()
            trailingCommas.parseOptions.allowTrailingCommas = true
            #expect(throws: Never.self, sourceLocation: sourceLocation) {
                _ = try trailingCommas.decode(type, from: jsonData)
            }
        case .json5:
            #expect(throws: Never.self, sourceLocation: sourceLocation) {
                _ = try json5.decode(type, from: jsonData)
            }
            #expect(throws: Never.self, "Foundation", sourceLocation: sourceLocation) {
                _ = try foundationJSON5Decoder.decode(type, from: jsonData)
            }

            // Regular JSON decoder should throw.
            let error = _testDecodeFailure(of: type, data: jsonData, decoder: json, sourceLocation: sourceLocation)
            #expect((error as? DecodingError)?.parseError != nil, "\(name): \(String(describing: error))", sourceLocation: sourceLocation)
        case .js, .malformed:
            // Valid ES5 that's explicitly disallowed by JSON5 is also invalid JSON.
            // Invalid ES5 should remain invalid JSON5
            let error = _testDecodeFailure(of: type, data: jsonData, decoder: json5, foundation: foundationJSON5Decoder, sourceLocation: sourceLocation)
            let (kind, offset) = try #require(Self.json5SpecErrors[name], sourceLocation: sourceLocation)
            expectParseError(error, kind, at: offset, "\(name)", sourceLocation: sourceLocation)

            // Regular JSON decoder should also throw.
            let plain = _testDecodeFailure(of: type, data: jsonData, decoder: json, sourceLocation: sourceLocation)
            #expect((plain as? DecodingError)?.parseError != nil, "\(name): \(String(describing: plain))", sourceLocation: sourceLocation)
        }
    }

    // Also tests non-JSON5 decoder against the non-JSON5 tests in this test suite.
    @Test(TestData.needs("conformance/json5-tests")) func json5Spec() throws {
        // Expected successes:
        try _run_json5SpecTest("arrays", "empty-array", testType: .json, type: [Bool].self)
        try _run_json5SpecTest("arrays", "regular-array", testType: .json, type: [Bool?].self)
        try _run_json5SpecTest("arrays", "trailing-comma-array", testType: .json5_foundationPermissiveJSON, type: [NullReader].self)

        try _run_json5SpecTest("comments", "block-comment-following-array-element", testType: .json5, type: [Bool].self)
        try _run_json5SpecTest("comments", "block-comment-following-top-level-value", testType: .json5, type: NullReader.self)
        try _run_json5SpecTest("comments", "block-comment-in-string", testType: .json, type: String.self)
        try _run_json5SpecTest("comments", "block-comment-preceding-top-level-value", testType: .json5, type: NullReader.self)
        try _run_json5SpecTest("comments", "block-comment-with-asterisks", testType: .json5, type: Bool.self)
        try _run_json5SpecTest("comments", "inline-comment-following-array-element", testType: .json5, type: [Bool].self)
        try _run_json5SpecTest("comments", "inline-comment-following-top-level-value", testType: .json5, type: NullReader.self)
        try _run_json5SpecTest("comments", "inline-comment-in-string", testType: .json, type: String.self)
        try _run_json5SpecTest("comments", "inline-comment-preceding-top-level-value", testType: .json5, type: NullReader.self)

        try _run_json5SpecTest("misc", "npm-package", testType: .json, type: JSON5Spec.NPMPackage.self)
        try _run_json5SpecTest("misc", "npm-package", testType: .json5, type: JSON5Spec.NPMPackage.self)
        try _run_json5SpecTest("misc", "readme-example", testType: .json5, type: JSON5Spec.ReadmeExample.self)
        try _run_json5SpecTest("misc", "valid-whitespace", testType: .json5, type: [String: Bool].self)

        try _run_json5SpecTest("new-lines", "comment-cr", testType: .json5, type: [String: String].self)
        try _run_json5SpecTest("new-lines", "comment-crlf", testType: .json5, type: [String: String].self)
        try _run_json5SpecTest("new-lines", "comment-lf", testType: .json5, type: [String: String].self)
        try _run_json5SpecTest("new-lines", "escaped-cr", testType: .json5, type: [String: String].self)
        try _run_json5SpecTest("new-lines", "escaped-crlf", testType: .json5, type: [String: String].self)
        try _run_json5SpecTest("new-lines", "escaped-lf", testType: .json5, type: [String: String].self)

        try _run_json5SpecTest("numbers", "float-leading-decimal-point", testType: .json5, type: Double.self)
        try _run_json5SpecTest("numbers", "float-leading-zero", testType: .json, type: Double.self)
        try _run_json5SpecTest("numbers", "float-trailing-decimal-point-with-integer-exponent", testType: .json5, type: Double.self)
        try _run_json5SpecTest("numbers", "float-trailing-decimal-point", testType: .json5, type: Double.self)
        try _run_json5SpecTest("numbers", "float-with-integer-exponent", testType: .json, type: Double.self)
        try _run_json5SpecTest("numbers", "float", testType: .json, type: Double.self)
        try _run_json5SpecTest("numbers", "hexadecimal-lowercase-letter", testType: .json5, type: UInt.self)
        try _run_json5SpecTest("numbers", "hexadecimal-uppercase-x", testType: .json5, type: UInt.self)
        try _run_json5SpecTest("numbers", "hexadecimal-with-integer-exponent", testType: .json5, type: UInt.self)
        try _run_json5SpecTest("numbers", "hexadecimal", testType: .json5, type: UInt.self)
        try _run_json5SpecTest("numbers", "infinity", testType: .json5, type: Double.self)
        try _run_json5SpecTest("numbers", "integer-with-integer-exponent", testType: .json, type: Double.self)
        try _run_json5SpecTest("numbers", "integer-with-negative-integer-exponent", testType: .json, type: Double.self)
        try _run_json5SpecTest("numbers", "integer-with-negative-zero-integer-exponent", testType: .json, type: Int.self)
        try _run_json5SpecTest("numbers", "integer-with-positive-integer-exponent", testType: .json, type: Int.self)
        try _run_json5SpecTest("numbers", "integer-with-positive-zero-integer-exponent", testType: .json, type: Int.self)
        try _run_json5SpecTest("numbers", "integer-with-zero-integer-exponent", testType: .json, type: Int.self)
        try _run_json5SpecTest("numbers", "integer", testType: .json, type: Int.self)
        try _run_json5SpecTest("numbers", "nan", testType: .json5, type: Double.self)
        try _run_json5SpecTest("numbers", "negative-float-leading-decimal-point", testType: .json5, type: Double.self)
        try _run_json5SpecTest("numbers", "negative-float-leading-zero", testType: .json, type: Double.self)
        try _run_json5SpecTest("numbers", "negative-float-trailing-decimal-point", testType: .json5, type: Double.self)
        try _run_json5SpecTest("numbers", "negative-float", testType: .json, type: Double.self)
        try _run_json5SpecTest("numbers", "negative-hexadecimal", testType: .json5, type: Int.self)
        try _run_json5SpecTest("numbers", "negative-infinity", testType: .json5, type: Double.self)
        try _run_json5SpecTest("numbers", "negative-integer", testType: .json, type: Int.self)
        try _run_json5SpecTest("numbers", "negative-zero-float-leading-decimal-point", testType: .json5, type: Double.self)
        try _run_json5SpecTest("numbers", "negative-zero-float-trailing-decimal-point", testType: .json5, type: Double.self)
        try _run_json5SpecTest("numbers", "negative-zero-hexadecimal", testType: .json5, type: Int.self)
        try _run_json5SpecTest("numbers", "negative-zero-integer", testType: .json, type: Int.self)
        try _run_json5SpecTest("numbers", "positive-integer", testType: .json5, type: Int.self)
        try _run_json5SpecTest("numbers", "positive-zero-float-leading-decimal-point", testType: .json5, type: Double.self)
        try _run_json5SpecTest("numbers", "positive-zero-float-trailing-decimal-point", testType: .json5, type: Double.self)
        try _run_json5SpecTest("numbers", "positive-zero-float", testType: .json5, type: Double.self)
        try _run_json5SpecTest("numbers", "positive-zero-hexadecimal", testType: .json5, type: Int.self)
        try _run_json5SpecTest("numbers", "positive-zero-integer", testType: .json5, type: Int.self)
        try _run_json5SpecTest("numbers", "zero-float-leading-decimal-point", testType: .json5, type: Double.self)
        try _run_json5SpecTest("numbers", "zero-float-trailing-decimal-point", testType: .json5, type: Double.self)
        try _run_json5SpecTest("numbers", "zero-float", testType: .json, type: Double.self)
        try _run_json5SpecTest("numbers", "zero-hexadecimal", testType: .json5, type: Int.self)
        try _run_json5SpecTest("numbers", "zero-integer-with-integer-exponent", testType: .json, type: Int.self)
        try _run_json5SpecTest("numbers", "zero-integer", testType: .json, type: Int.self)

        try _run_json5SpecTest("objects", "duplicate-keys", testType: .json, type: [String: Bool].self)
        try _run_json5SpecTest("objects", "empty-object", testType: .json, type: [String: Bool].self)
        try _run_json5SpecTest("objects", "reserved-unquoted-key", testType: .json5, type: [String: Bool].self)
        try _run_json5SpecTest("objects", "single-quoted-key", testType: .json5, type: [String: String].self)
        try _run_json5SpecTest("objects", "trailing-comma-object", testType: .json5_foundationPermissiveJSON, type: [String: String].self)
        try _run_json5SpecTest("objects", "unquoted-keys", testType: .json5, type: [String: String].self)

        try _run_json5SpecTest("strings", "escaped-single-quoted-string", testType: .json5, type: String.self)
        try _run_json5SpecTest("strings", "multi-line-string", testType: .json5, type: String.self)
        try _run_json5SpecTest("strings", "single-quoted-string", testType: .json5, type: String.self)

        try _run_json5SpecTest("todo", "unicode-escaped-unquoted-key", testType: .json5, type: [String: String].self)
        try _run_json5SpecTest("todo", "unicode-unquoted-key", testType: .json5, type: [String: String].self)

        // Expected failures:
        try _run_json5SpecTest("arrays", "leading-comma-array", testType: .js, type: [Bool].self)
        try _run_json5SpecTest("arrays", "lone-trailing-comma-array", testType: .js, type: [Bool].self)
        try _run_json5SpecTest("arrays", "no-comma-array", testType: .malformed, type: [Bool].self)

        try _run_json5SpecTest("comments", "top-level-block-comment", testType: .malformed, type: Bool.self)
        try _run_json5SpecTest("comments", "top-level-inline-comment", testType: .malformed, type: Bool.self)
        try _run_json5SpecTest("comments", "unterminated-block-comment", testType: .malformed, type: Bool.self)

        try _run_json5SpecTest("misc", "empty", testType: .malformed, type: Bool.self)

        try _run_json5SpecTest("numbers", "hexadecimal-empty", testType: .malformed, type: UInt.self)
        try _run_json5SpecTest("numbers", "integer-with-float-exponent", testType: .malformed, type: Double.self)
        try _run_json5SpecTest("numbers", "integer-with-hexadecimal-exponent", testType: .malformed, type: Double.self)
        try _run_json5SpecTest("numbers", "integer-with-negative-float-exponent", testType: .malformed, type: Double.self)
        try _run_json5SpecTest("numbers", "integer-with-negative-hexadecimal-exponent", testType: .malformed, type: Double.self)
        try _run_json5SpecTest("numbers", "integer-with-positive-float-exponent", testType: .malformed, type: Double.self)
        try _run_json5SpecTest("numbers", "integer-with-positive-hexadecimal-exponent", testType: .malformed, type: Double.self)
        try _run_json5SpecTest("numbers", "lone-decimal-point", testType: .malformed, type: Double.self)
        try _run_json5SpecTest("numbers", "negative-noctal", testType: .js, type: Int.self)
        try _run_json5SpecTest("numbers", "negative-octal", testType: .malformed, type: Int.self)
        try _run_json5SpecTest("numbers", "noctal-with-leading-octal-digit", testType: .js, type: Int.self)
        try _run_json5SpecTest("numbers", "noctal", testType: .js, type: Int.self)
        try _run_json5SpecTest("numbers", "octal", testType: .malformed, type: Int.self)
        try _run_json5SpecTest("numbers", "positive-noctal", testType: .js, type: Int.self)
        try _run_json5SpecTest("numbers", "positive-octal", testType: .malformed, type: Int.self)
        try _run_json5SpecTest("numbers", "positive-zero-octal", testType: .malformed, type: Int.self)
        try _run_json5SpecTest("numbers", "zero-octal", testType: .malformed, type: Int.self)

        try _run_json5SpecTest("objects", "illegal-unquoted-key-number", testType: .malformed, type: [String: String].self)

        // The spec test disallows this case, but historically NSJSONSerialization has allowed it. Our new implementation is more up-to-spec.
        try _run_json5SpecTest("objects", "illegal-unquoted-key-symbol", testType: .malformed, type: [String: String].self)

        try _run_json5SpecTest("objects", "leading-comma-object", testType: .malformed, type: [String: String].self)
        try _run_json5SpecTest("objects", "lone-trailing-comma-object", testType: .malformed, type: [String: String].self)
        try _run_json5SpecTest("objects", "no-comma-object", testType: .malformed, type: [String: String].self)

        try _run_json5SpecTest("strings", "unescaped-multi-line-string", testType: .malformed, type: String.self)
    }
}
