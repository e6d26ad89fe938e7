import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery

/// Behaviours of Foundation's `JSONDecoder` that code moving over relies
/// on, checked side by side with the toolchain's Foundation.
@Suite struct FoundationDecodingTests {
    struct Settings: Codable, Equatable {
        var userName: String
        var limits: [String: Int]
        var nested: [String: [String: Bool]]
    }

    static let settingsText = #"{"user_name": "ada", "limits": {"max_items": 3, "minItems": 1}, "nested": {"a_b": {"c_d": true}}}"#

    @Test func keyStrategiesLeaveDictionaryKeysAsWritten() throws {
        let ours = JSON.Decoder()
        ours.keyDecodingStrategy = .convertFromSnakeCase
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let expected = Settings(userName: "ada", limits: ["max_items": 3, "minItems": 1], nested: ["a_b": ["c_d": true]])
        #expect(try ours.decode(Settings.self, from: Self.settingsText) == expected)
        #expect(try foundation.decode(Settings.self, from: Data(Self.settingsText.utf8)) == expected)
        // A custom strategy too.
        ours.keyDecodingStrategy = .custom { path in AnyKey(stringValue: SnakeCase.toCamelCase(path.last?.stringValue ?? "")) }
        #expect(try ours.decode(Settings.self, from: Self.settingsText) == expected)
    }

    @Test func pathsThroughDictionariesKeepTheKeysAsWritten() throws {
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let text = #"{"user_name": "ada", "limits": {"max_items": "three"}, "nested": {}}"#
        do {
            _ = try decoder.decode(Settings.self, from: text)
            Issue.record("decoded a string as Int")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["limits", "max_items"])
            #expect(context.debugDescription.hasPrefix("$.limits.max_items (line 1, column 46, offset 45): expected Int, found string \"three\""))
        }
    }

    class Person: Codable {
        var name: String
        init(name: String) { self.name = name }
        private enum CodingKeys: String, CodingKey { case name }
        required init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
        }
    }

    final class Employee: Person {
        var employer: String
        private enum CodingKeys: String, CodingKey { case employer }
        required init(from decoder: any Decoder) throws {
            employer = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .employer)
            try super.init(from: decoder)
        }
    }

    @Test func theRuntimeTypeIsDecoded() throws {
        let text = #"{"name": "Ada", "employer": "Babbage & Co"}"#
        let type: Person.Type = Employee.self
        let ours = try JSON.Decoder().decode(type, from: text)
        let foundation = try JSONDecoder().decode(type, from: Data(text.utf8))
        #expect((ours as? Employee)?.employer == "Babbage & Co")
        #expect((foundation as? Employee)?.employer == "Babbage & Co")
    }

    @Test func settingsAreSharedAndSafeAcrossThreads() async throws {
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<8 {
                group.addTask {
                    if round % 2 == 0 { decoder.leniency = round % 4 == 0 ? .all : [] }
                    let settings = try decoder.decode(Settings.self, from: Self.settingsText)
                    #expect(settings.userName == "ada")
                }
            }
            try await group.waitForAll()
        }
    }

    struct Account: Codable, Equatable { var id: Int; var balance: Decimal? }

    @Test func numbersBeyondSixtyFourBitsAreConvertedWhenRead() throws {
        // Ignored, or read as Decimal: no error, as with Foundation.
        let text = #"{"id": 1, "balance": 123456789012345678901234567890.5, "extra": [1e400, -99999999999999999999999]}"#
        let ours = try JSON.Decoder().decode(Account.self, from: text)
        let foundation = try JSONDecoder().decode(Account.self, from: Data(text.utf8))
        #expect(ours == foundation)
        #expect(ours.balance == Decimal(string: "123456789012345678901234567890.5"))
        // As Double: the nearest Double, as Foundation reads it.
        let big = "[123456789012345678901234567890]"
        #expect(try JSON.Decoder().decode([Double].self, from: big) == JSONDecoder().decode([Double].self, from: Data(big.utf8)))
        // As Int, or a Double past its range: a precise error.
        do {
            _ = try JSON.Decoder().decode([String: Int].self, from: #"{"id": 123456789012345678901234567890}"#)
            Issue.record("decoded a 30-digit Int")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["id"])
            #expect(context.debugDescription == "$.id (line 1, column 8, offset 7): number 123456789012345678901234567890 does not fit in Int")
        }
        do {
            _ = try JSON.Decoder().decode([Double].self, from: "[1, 1e400]")
            Issue.record("decoded 1e400 as a Double")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "$[1] (line 1, column 5, offset 4): number 1e400 does not fit in Double")
        }
        // The parse options the user gave still hold for documents they parse.
        let outOfRange = try #require(throws: JSON.ParseError.self) { try JSON.Document(parsing: "[1e400]") }
        #expect(outOfRange.kind == .numberOutOfRange)
        #expect(outOfRange.offset == 1)
        #expect(outOfRange.column == 2)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    struct Wide: Codable, Equatable { var low: Int128; var high: UInt128; var small: Int128 }

    @Test func int128AndUInt128() throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let value = Wide(low: .min, high: .max, small: -5)
        let text = try JSONEncoder().encode(value)
        #expect(try JSON.Decoder().decode(Wide.self, from: text) == value)
        #expect(try JSON.Decoder().decode([UInt128].self, from: "[1.0, 0]") == [1, 0])
        do {
            _ = try JSON.Decoder().decode([UInt128].self, from: "[-1]")
            Issue.record("decoded -1 as UInt128")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "$[0] (line 1, column 2, offset 1): number -1 does not fit in UInt128")
        }
    }

    @Test func theGreatestFloatRoundTrips() throws {
        let text = try JSONEncoder().encode([Float.greatestFiniteMagnitude, -Float.greatestFiniteMagnitude])
        #expect(try JSON.Decoder().decode([Float].self, from: text) == [.greatestFiniteMagnitude, -.greatestFiniteMagnitude])
        #expect(try JSONDecoder().decode([Float].self, from: text) == [.greatestFiniteMagnitude, -.greatestFiniteMagnitude])
        do {
            _ = try JSON.Decoder().decode([Float].self, from: "[3.5e38]")
            Issue.record("decoded 3.5e38 as a Float")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "$[0] (line 1, column 2, offset 1): number 3.5e38 does not fit in Float")
        }
    }

    struct Stamp: Codable { var date: Date }

    @Test func iso8601DatesAreReadAsFoundationReadsThem() throws {
        let texts = [
            "2020-01-01T00:00:00Z", "2020-01-01T00:00:00.123Z", "2020-01-01T00:00:00+01:00", "2020-01-01T00:00:00+0100",
            "2020-01-01 00:00:00Z", "2020-01-01T00:00:00", "20200101T000000Z", "2020-01-01t00:00:00z", "2020-01-01T00:00Z",
            "2020-01-01", "2020-01-01T00:00:00.1234567Z", " 2020-01-01T00:00:00Z", "2020-13-01T00:00:00Z",
            "+2020-01-01T00:00:00Z", "2020-01-01T00:00:00-00:00", "",
        ]
        let ours = JSON.Decoder()
        ours.dateDecodingStrategy = .iso8601
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .iso8601
        for text in texts {
            let json = "{\"date\": \"\(text)\"}"
            let expected = try? foundation.decode(Stamp.self, from: Data(json.utf8)).date
            let found = try? ours.decode(Stamp.self, from: json).date
            #expect(found == expected, "\(text)")
        }
    }

    @Test func utf16AndUTF32InputIsReadAsFoundationReadsIt() throws {
        struct Named: Codable, Equatable { var name: String }
        let text = #"{"name": "Ådä 𝄞"}"#
        let encodings: [(String, String.Encoding)] = [
            ("UTF-16BE", .utf16BigEndian), ("UTF-16LE", .utf16LittleEndian), ("UTF-16", .utf16),
            ("UTF-32BE", .utf32BigEndian), ("UTF-32LE", .utf32LittleEndian), ("UTF-32", .utf32), ("UTF-8", .utf8),
        ]
        var forms: [(String, Data)] = encodings.compactMap { name, encoding in text.data(using: encoding).map { (name, $0) } }
        forms.append(("UTF-8 with BOM", Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)))
        forms.append(("UTF-16LE with BOM", Data([0xFF, 0xFE]) + (text.data(using: .utf16LittleEndian) ?? Data())))
        forms.append(("UTF-32BE with BOM", Data([0x00, 0x00, 0xFE, 0xFF]) + (text.data(using: .utf32BigEndian) ?? Data())))
        #expect(forms.count == 10)
        for (name, data) in forms {
            let ours = try JSON.Decoder().decode(Named.self, from: data)
            #expect(ours.name == "Ådä 𝄞", "\(name)")
            // Foundation reads `FF FE 00 00` as a UTF-16LE mark and then fails
            // (docs/FoundationDifferences.md); every other form it reads as we do.
            let foundation = try? JSONDecoder().decode(Named.self, from: data)
            let utf32LittleEndianMark = data.starts(with: [0xFF, 0xFE, 0x00, 0x00])
            #expect(utf32LittleEndianMark ? foundation == nil : foundation == ours, "\(name)")
        }
        // A lone surrogate is no scalar: an error naming where it is.
        let lone: [UInt8] = [0x00, 0x5B, 0x00, 0x22, 0xD8, 0x00, 0x00, 0x22, 0x00, 0x5D]  // ["\u{D800}"] in UTF-16BE
        do {
            _ = try JSON.Decoder().decode([String].self, from: lone)
            Issue.record("decoded a lone surrogate")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "The given data was not valid UTF-16BE: no Unicode scalar at byte offset 4")
        }
        let foundationLone = try #require(throws: DecodingError.self) { try JSONDecoder().decode([String].self, from: Data(lone)) }
        #expect(foundationLone.kindName == "dataCorrupted")
        #expect(foundationLone.pathStrings == [])
    }

    class Base: Decodable {
        var note: String?
        private enum CodingKeys: String, CodingKey { case note }
        required init(from decoder: any Decoder) throws {
            note = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .note)
        }
    }

    final class Derived: Base {
        var id: Int
        private enum CodingKeys: String, CodingKey { case id, base }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            let superDecoder = try container.superDecoder(forKey: .base)
            #expect(superDecoder.codingPath.map(\.stringValue) == ["base"])
            try super.init(from: superDecoder)
        }
    }

    @Test func aMissingSuperKeyGivesADecoderOfNull() throws {
        let text = #"{"id": 7}"#
        // Its keyed container is valueNotFound on null, as with Foundation (checked below); a superclass that reads nil is fine.
        #expect(throws: DecodingError.self) { try JSON.Decoder().decode(Derived.self, from: text) }
        let foundationError = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Derived.self, from: Data(text.utf8)) }
        #expect(foundationError.kindName == "valueNotFound")
        #expect(foundationError.pathStrings == ["base"])
        struct Tolerant: Decodable {
            var isNull: Bool
            enum CodingKeys: String, CodingKey { case base }
            init(from decoder: any Decoder) throws {
                let superDecoder = try decoder.container(keyedBy: CodingKeys.self).superDecoder(forKey: .base)
                isNull = try superDecoder.singleValueContainer().decodeNil()
            }
        }
        #expect(try JSON.Decoder().decode(Tolerant.self, from: text).isNull)
        #expect(try JSONDecoder().decode(Tolerant.self, from: Data(text.utf8)).isNull)
        #expect(try JSON.Decoder().decode(Derived.self, from: #"{"id": 7, "base": {"note": "n"}}"#).note == "n")
        let error = try #require(throws: DecodingError.self) { try JSON.Decoder().decode(Derived.self, from: text) }
        guard case .valueNotFound(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["base"])
        #expect(context.debugDescription == #"expected an object, found null: the key "base" is missing"#)

        // The binary decoder gives the same decoder of null.
        struct Only: Encodable { var id = 7 }
        let packed: [UInt8] = try Binary.Encoder().encode(Only())
        #expect(try Binary.Decoder().decode(Tolerant.self, from: packed).isNull)
        let binary = try #require(throws: DecodingError.self) { try Binary.Decoder().decode(Derived.self, from: packed) }
        guard case .valueNotFound(_, let binaryContext) = binary else { Issue.record("\(binary)"); return }
        #expect(binaryContext.codingPath.map(\.stringValue) == ["base"])
    }

    struct Scaled: DecodableWithConfiguration, Equatable {
        var value: Double
        init(value: Double) { self.value = value }
        init(from decoder: any Decoder, configuration: Double) throws {
            value = try decoder.singleValueContainer().decode(Double.self) * configuration
        }
    }
    enum Percent: DecodingConfigurationProviding { static var decodingConfiguration: Double { 0.01 } }

    @Test func typesDecodeWithAConfiguration() throws {
        let data = Data("250".utf8)
        #expect(try JSON.Decoder().decode(Scaled.self, from: data, configuration: 2) == Scaled(value: 500))
        #expect(try JSONDecoder().decode(Scaled.self, from: data, configuration: 2) == Scaled(value: 500))
        #expect(try JSON.Decoder().decode(Scaled.self, from: data, configuration: Percent.self) == Scaled(value: 2.5))
        #expect(try JSONDecoder().decode(Scaled.self, from: data, configuration: Percent.self) == Scaled(value: 2.5))
    }

    @Test func json5TopLevelObjectsMayLeaveOutTheirBraces() throws {
        let texts = [
            #"{"a":1}"#, "a: 1, b: 2", "a: 1,", #""a": 1"#, "[1]", "", "  ", "a: 1 }", "// c\na: 1", "{a: 1} junk", "a: {b: 2}",
            "a: 1 b: 2", "a", "a:", ",", "/* c */ {a: 1}",
        ]
        let ours = JSON.Decoder()
        ours.allowsJSON5 = true
        ours.assumesTopLevelDictionary = true
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        foundation.assumesTopLevelDictionary = true
        for text in texts {
            let expected = try? foundation.decode([String: JSON].self, from: Data(text.utf8))
            let found = try? ours.decode([String: JSON].self, from: text)
            #expect(found == expected, "\(text)")
        }
        #expect(try ours.decode([String: JSON].self, from: "a: {b: [2]}") == ["a": ["b": [2]]])
        // A closing brace the text never opened: an error at it.
        do {
            _ = try ours.decode([String: Int].self, from: "a: 1 }")
            Issue.record("decoded a stray brace")
        } catch DecodingError.dataCorrupted(let context) {
            let error = try #require(context.underlyingError as? JSON.ParseError)
            #expect(error.kind == .unexpectedCharacter && error.offset == 5 && error.column == 6)
        }
        // Only with JSON5, as Foundation.
        ours.allowsJSON5 = false
        let bare = try #require(throws: DecodingError.self) { try ours.decode([String: Int].self, from: "a: 1") }
        #expect(bare.kindName == "dataCorrupted")
        #expect(bare.pathStrings == [])
        #expect(bare.parseError?.kind == .unexpectedCharacter)
        #expect(bare.parseError?.offset == 0)
    }

    /// Foundation's `json5Strings` test: `\x20` reads, and every escape of
    /// U+0000 (`\0`, `\x00`, `\u0000`) is an error in JSON5, as is `\0`
    /// before a digit; the same answers as the toolchain's `JSONDecoder`.
    @Test func json5StringsAsFoundationReadsThem() throws {
        let stringsToStrings: [(String, String?)] = [
            (#"{v : "hi\x20there"}"#, "hi there"), (#"{v : "hi\xthere"}"#, nil), (#"{v : "hi\x2there"}"#, nil),
            (#"{v : "hi\0there"}"#, nil), (#"{v : "hi\x00there"}"#, nil), (#"{v : "hi\u0000there"}"#, nil),
            (#"{v:"hello\uA"}"#, nil), (#"{v:"hello\uA   "}"#, nil), (#"{v : 'hi\01there'}"#, nil), (#"{v : "a\0"}"#, nil),
        ]
        let ours = JSON.Decoder()
        ours.allowsJSON5 = true
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        for (json, expected) in stringsToStrings {
            #expect((try? ours.decode([String: String].self, from: json))?["v"] == expected, "\(json)")
            #expect((try? foundation.decode([String: String].self, from: Data(json.utf8)))?["v"] == expected, "Foundation: \(json)")
        }
        // Each error with its kind and the offset of the escape.
        for (json, kind, offset) in [
            (#"{v: 'hi\01there'}"#, JSON.ParseError.Kind.invalidEscape, 7), (#"{v: "\09"}"#, .invalidEscape, 5),
            (#"{v: "hi\0there"}"#, .nulCharacter, 7), (#"{v: "hi\x00there"}"#, .nulCharacter, 7),
            (#"{v: "hi\u0000there"}"#, .nulCharacter, 7), (#"{"hi\u0000": 1}"#, .nulCharacter, 4),
        ] {
            let error = try #require(throws: DecodingError.self) { try ours.decode([String: String].self, from: json) }
            #expect(error.kindName == "dataCorrupted", "\(json)")
            #expect(error.parseError?.kind == kind, "\(json)")
            #expect(error.parseError?.offset == offset, "\(json)")
        }
        // Outside JSON5, `\u0000` is a character, as in Foundation and RFC 8259.
        #expect(try JSON.Decoder().decode([String: String].self, from: #"{"v": "a\u0000"}"#) == ["v": "a\u{0}"])
        #expect(try JSONDecoder().decode([String: String].self, from: Data(#"{"v": "a\u0000"}"#.utf8)) == ["v": "a\u{0}"])
    }

    /// Foundation's `bomPrefixes` test, byte for byte: a string after each
    /// byte order mark as that test writes it (its UTF-32LE mark is
    /// `FE FF 00 00`), and the mismatched marks it expects to fail.
    @Test func byteOrderMarksAsFoundationsTestWritesThem() throws {
        let json = "\"👍🏻\""
        let utf8_BOM = Data([0xEF, 0xBB, 0xBF])
        let utf16_BE_BOM = Data([0xFE, 0xFF])
        let utf16_LE_BOM = Data([0xFF, 0xFE])
        let utf32_BE_BOM = Data([0x0, 0x0, 0xFE, 0xFF])
        let utf32_LE_BOM = Data([0xFE, 0xFF, 0, 0])
        let forms: [(String, Data)] = [
            ("UTF-8", utf8_BOM + json.data(using: .utf8)!),
            ("UTF-16BE", utf16_BE_BOM + json.data(using: .utf16BigEndian)!),
            ("UTF-16LE", utf16_LE_BOM + json.data(using: .utf16LittleEndian)!),
            ("UTF-32BE", utf32_BE_BOM + json.data(using: .utf32BigEndian)!),
            ("UTF-32LE", utf32_LE_BOM + json.data(using: .utf32LittleEndian)!),
            // The mark of the Unicode standard for UTF-32LE, which Foundation reads as UTF-16LE and rejects.
            ("UTF-32LE, standard mark", Data([0xFF, 0xFE, 0, 0]) + json.data(using: .utf32LittleEndian)!),
        ]
        for (name, data) in forms {
            #expect(try JSON.Decoder().decode(String.self, from: data) == "👍🏻", "\(name)")
            if !name.hasSuffix("standard mark") { #expect(try JSONDecoder().decode(String.self, from: data) == "👍🏻", "Foundation: \(name)") }
        }
        // Mismatched marks: errors, as in Foundation; each says where.
        let mismatched: [(Data, kind: JSON.ParseError.Kind?, offset: Int?, message: String?)] = [
            (utf32_LE_BOM + json.data(using: .utf32BigEndian)!, nil, nil, "The given data was not valid UTF-32LE: no Unicode scalar at byte offset 4"),
            (utf16_BE_BOM + json.data(using: .utf32LittleEndian)!, .unexpectedCharacter, 0, nil),
            (utf8_BOM + json.data(using: .utf16BigEndian)!, .unexpectedCharacter, 3, nil),
        ]
        for (data, kind, offset, message) in mismatched {
            let error = try #require(throws: DecodingError.self) { try JSON.Decoder().decode(String.self, from: data) }
            #expect(error.kindName == "dataCorrupted")
            #expect(error.parseError?.kind == kind)
            #expect(error.parseError?.offset == offset)
            if let message { #expect(error.context?.debugDescription == message) }
            #expect(throws: (any Error).self) { try JSONDecoder().decode(String.self, from: data) }
        }
        // After transcoding, offsets count the text's UTF-8 from the first character after the mark.
        let late = Data([0xFE, 0xFF]) + "[\"é\", x]".data(using: .utf16BigEndian)!
        let error = try #require(throws: DecodingError.self) { try JSON.Decoder().decode([String].self, from: late) }
        #expect(error.parseError?.kind == .unexpectedCharacter)
        #expect(error.parseError?.offset == 7)
        #expect(error.parseError?.column == 7)
    }
}
