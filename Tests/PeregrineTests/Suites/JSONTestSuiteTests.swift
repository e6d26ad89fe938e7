import Foundation
import Peregrine
import Testing
import TestSupport

/// JSONTestSuite (`../shared/conformance/JSONTestSuite`): every `y_` file
/// accepted, every `n_` file rejected, every `i_` file as docs/Conformance.md decides.
@Suite(TestData.needs("conformance/JSONTestSuite"))
struct JSONTestSuiteTests {
    static let parsing = TestData.files(in: "conformance/JSONTestSuite/test_parsing")

    static func cases(_ prefix: String) -> [URL] {
        parsing.filter { $0.lastPathComponent.hasPrefix(prefix) }
    }

    /// The decision for each `i_` file: `nil` = accepted, otherwise the error kind.
    static let implementationDefined: [String: JSON.ParseError.Kind?] = [
        "i_number_double_huge_neg_exp.json": nil,
        "i_number_huge_exp.json": .numberOutOfRange,
        "i_number_neg_int_huge_exp.json": .numberOutOfRange,
        "i_number_pos_double_huge_exp.json": .numberOutOfRange,
        "i_number_real_neg_overflow.json": .numberOutOfRange,
        "i_number_real_pos_overflow.json": .numberOutOfRange,
        "i_number_real_underflow.json": nil,
        "i_number_too_big_neg_int.json": .numberOutOfRange,
        "i_number_too_big_pos_int.json": .numberOutOfRange,
        "i_number_very_big_negative_int.json": .numberOutOfRange,
        "i_object_key_lone_2nd_surrogate.json": .unpairedSurrogate,
        "i_string_1st_surrogate_but_2nd_missing.json": .unpairedSurrogate,
        "i_string_1st_valid_surrogate_2nd_invalid.json": .unpairedSurrogate,
        "i_string_UTF-16LE_with_BOM.json": .unsupportedEncoding,
        "i_string_UTF-8_invalid_sequence.json": .invalidUTF8,
        "i_string_UTF8_surrogate_U+D800.json": .invalidUTF8,
        "i_string_incomplete_surrogate_and_escape_valid.json": .unpairedSurrogate,
        "i_string_incomplete_surrogate_pair.json": .unpairedSurrogate,
        "i_string_incomplete_surrogates_escape_valid.json": .unpairedSurrogate,
        "i_string_invalid_lonely_surrogate.json": .unpairedSurrogate,
        "i_string_invalid_surrogate.json": .unpairedSurrogate,
        "i_string_invalid_utf-8.json": .invalidUTF8,
        "i_string_inverted_surrogates_U+1D11E.json": .unpairedSurrogate,
        "i_string_iso_latin_1.json": .invalidUTF8,
        "i_string_lone_second_surrogate.json": .unpairedSurrogate,
        "i_string_lone_utf8_continuation_byte.json": .invalidUTF8,
        "i_string_not_in_unicode_range.json": .invalidUTF8,
        "i_string_overlong_sequence_2_bytes.json": .invalidUTF8,
        "i_string_overlong_sequence_6_bytes.json": .invalidUTF8,
        "i_string_overlong_sequence_6_bytes_null.json": .invalidUTF8,
        "i_string_truncated-utf-8.json": .invalidUTF8,
        "i_string_utf16BE_no_BOM.json": .unsupportedEncoding,
        "i_string_utf16LE_no_BOM.json": .unsupportedEncoding,
        "i_structure_500_nested_arrays.json": nil,
        "i_structure_UTF-8_BOM_empty_object.json": nil,
    ]

    @Test func suiteIsComplete() {
        #expect(Self.cases("y_").count == 95)
        #expect(Self.cases("n_").count == 188)
        #expect(Self.cases("i_").count == 35)
        #expect(Set(Self.cases("i_").map(\.lastPathComponent)) == Set(Self.implementationDefined.keys))
    }

    @Test func acceptsEveryY() {
        for file in Self.cases("y_") {
            let bytes = TestData.bytes(file)
            #expect(throws: Never.self, "\(file.lastPathComponent)") { try JSON(parsing: bytes) }
            #expect(throws: Never.self, "\(file.lastPathComponent)") { try JSON.Document(parsing: bytes) }
        }
    }

    @Test func rejectsEveryN() {
        for file in Self.cases("n_") {
            let bytes = TestData.bytes(file)
            #expect(throws: JSON.ParseError.self, "\(file.lastPathComponent)") { try JSON(parsing: bytes) }
            #expect(throws: JSON.ParseError.self, "\(file.lastPathComponent)") { try JSON.Document(parsing: bytes) }
        }
    }

    @Test func decidesEveryI() {
        for file in Self.cases("i_") {
            let name = file.lastPathComponent
            let bytes = TestData.bytes(file)
            switch Self.implementationDefined[name] {
            case .some(.none):
                #expect(throws: Never.self, "\(name)") { try JSON(parsing: bytes) }
            case .some(.some(let kind)):
                let error = #expect(throws: JSON.ParseError.self, "\(name)") { try JSON(parsing: bytes) }
                #expect(error?.kind == kind, "\(name)")
            case .none:
                Issue.record("no decision for \(name)")
            }
        }
    }

    /// What the `test_transform` files turn into (see docs/Conformance.md).
    @Test func transformResults() throws {
        let expected: [String: String] = [
            "number_-9223372036854775808.json": "[-9223372036854775808]",
            "number_-9223372036854775809.json": "error: numberOutOfRange",
            "number_1.0.json": "[1.0]",
            "number_1.000000000000000005.json": "[1.0]",
            "number_1000000000000000.json": "[1000000000000000]",
            "number_10000000000000000999.json": "[10000000000000000999]",
            "number_1e-999.json": "[0.0]",
            "number_1e6.json": "[1000000.0]",
            "number_9223372036854775807.json": "[9223372036854775807]",
            "number_9223372036854775808.json": "[9223372036854775808]",
            "object_key_nfc_nfd.json": #"{"é":"NFC","é":"NFD"}"#,
            "object_key_nfd_nfc.json": #"{"é":"NFD","é":"NFC"}"#,
            "object_same_key_different_values.json": #"{"a":2}"#,
            "object_same_key_same_value.json": #"{"a":1}"#,
            "object_same_key_unclear_values.json": #"{"a":-0.0}"#,
            "string_1_escaped_invalid_codepoint.json": "error: unpairedSurrogate",
            "string_1_invalid_codepoint.json": "error: invalidUTF8",
            "string_2_escaped_invalid_codepoints.json": "error: unpairedSurrogate",
            "string_2_invalid_codepoints.json": "error: invalidUTF8",
            "string_3_escaped_invalid_codepoints.json": "error: unpairedSurrogate",
            "string_3_invalid_codepoints.json": "error: invalidUTF8",
            "string_with_escaped_NULL.json": "[\"A\\u0000B\"]",
        ]
        let files = TestData.files(in: "conformance/JSONTestSuite/test_transform")
        #expect(Set(files.map(\.lastPathComponent)) == Set(expected.keys))
        for file in files {
            let result: String
            do {
                result = try JSON(parsing: TestData.bytes(file)).serializedString()
            } catch let error as JSON.ParseError {
                result = "error: \(error.kind)"
            }
            #expect(result == expected[file.lastPathComponent], "\(file.lastPathComponent)")
        }
    }
}
