// A port of swift-foundation's JSONEncoder/JSONDecoder test suite,
// Tests/FoundationEssentialsTests/JSONEncoderTests.swift
// (https://github.com/swiftlang/swift-foundation, commit 767ff1c2e3a55385f44ccf28a83f21f3571cf3ea),
// Copyright (c) 2014 - 2017 Apple Inc. and the Swift project authors, licensed under Apache
// License v2.0 with Runtime Library Exception (https://swift.org/LICENSE.txt).
//
// One @Test per Foundation test, with its name, inputs and expectations, run through
// `JSON.Encoder` and `JSON.Decoder` with the corresponding settings. Where the toolchain's
// Foundation has the behaviour, the same input also goes through its `JSONEncoder` and
// `JSONDecoder` and the results are compared (the helpers below do it for every round trip,
// decode and failure). Bad input checks our error's kind and position, not only that
// something threw. The six deliberate differences (see "Deliberate differences" in
// MigratingFromFoundation.md: jsonPermitsTrailingCommas, json5Spec,
// invalidJSONNumbersFailAsExpected, encodingOutputFormattingPrettyPrintedSortedKeys,
// encodingConflictedTypeNestedContainersWithTheSameTopLevelKey,
// preconditionFailuresForContainerReplacement) assert our documented behaviour, and say
// what Foundation does and why we differ. Split by area: FoundationSuite+Strategies,
// +Containers, +Parsing, +Numbers, +Files; the test types are in FoundationSuite+Models.

import Foundation
import Peregrine
import Testing

@Suite struct FoundationSuiteTests {
    // MARK: - Encoding Top-Level Empty Types
    @Test func encodingTopLevelEmptyStruct() {
        let empty = EmptyStruct()
        _testRoundTrip(of: empty, expectedJSON: _jsonEmptyDictionary)
    }

    @Test func encodingTopLevelEmptyClass() {
        let empty = EmptyClass()
        _testRoundTrip(of: empty, expectedJSON: _jsonEmptyDictionary)
    }

    // MARK: - Encoding Top-Level Single-Value Types
    @Test func encodingTopLevelSingleValueEnum() {
        _testRoundTrip(of: Switch.off)
        _testRoundTrip(of: Switch.on)
    }

    @Test func encodingTopLevelSingleValueStruct() {
        _testRoundTrip(of: Timestamp(3141592653))
    }

    @Test func encodingTopLevelSingleValueClass() {
        _testRoundTrip(of: Counter())
    }

    // MARK: - Encoding Top-Level Structured Types
    @Test func encodingTopLevelStructuredStruct() {
        // Address is a struct type with multiple fields.
        _testRoundTrip(of: Address.testValue)
    }

    @Test func encodingTopLevelStructuredSingleStruct() {
        // Numbers is a struct which encodes as an array through a single value container.
        _testRoundTrip(of: Numbers.testValue)
    }

    @Test func encodingTopLevelStructuredSingleClass() {
        // Mapping is a class which encodes as a dictionary through a single value container.
        _testRoundTrip(of: Mapping.testValue)
    }

    @Test func encodingTopLevelDeepStructuredType() {
        // Company is a type with fields which are Codable themselves.
        _testRoundTrip(of: Company.testValue)
    }

    @Test func encodingClassWhichSharesEncoderWithSuper() {
        // Employee is a type which shares its encoder & decoder with its superclass, Person.
        _testRoundTrip(of: Employee.testValue)
    }

    @Test func encodingTopLevelNullableType() {
        // EnhancedBool is a type which encodes either as a Bool or as nil.
        _testRoundTrip(of: EnhancedBool.true, expectedJSON: Data("true".utf8))
        _testRoundTrip(of: EnhancedBool.false, expectedJSON: Data("false".utf8))
        _testRoundTrip(of: EnhancedBool.fileNotFound, expectedJSON: Data("null".utf8))
    }

    @Test func encodingTopLevelArrayOfInt() throws {
        #expect(Self.text(try JSON.Encoder().encode([1, 2, 3]) as Data) == "[1,2,3]")
        #expect(Self.text(try JSON.Encoder().encode([Int]()) as Data) == "[]")
        #expect(try JSON.Encoder().encode([1, 2, 3]) as Data == JSONEncoder().encode([1, 2, 3]))
        #expect(try JSON.Encoder().encode([Int]()) as Data == JSONEncoder().encode([Int]()))
    }

    @Test func encodingTopLevelWithConfiguration() throws {
        // CodableTypeWithConfiguration is a struct that conforms to CodableWithConfiguration
        let value = CodableTypeWithConfiguration.testValue
        let encoder = JSON.Encoder()
        let decoder = JSON.Decoder()

        let configured = try encoder.encode(value, configuration: .init(1)) as Data
        #expect(configured == (try JSONEncoder().encode(value, configuration: .init(1))))
        var decoded = try decoder.decode(CodableTypeWithConfiguration.self, from: configured, configuration: .init(1))
        #expect(decoded == value)
        let provided = try encoder.encode(value, configuration: CodableTypeWithConfiguration.ConfigProviding.self)
        #expect(provided == (try JSONEncoder().encode(value, configuration: CodableTypeWithConfiguration.ConfigProviding.self)))
        decoded = try decoder.decode(CodableTypeWithConfiguration.self, from: provided, configuration: CodableTypeWithConfiguration.ConfigProviding.self)
        #expect(decoded == value)
    }

    @Test func decodingConcreteTypeParameter() throws {
        let json = try JSON.Encoder().encode(Employee.testValue) as Data
        let decoded = try JSON.Decoder().decode(Employee.self as Person.Type, from: json)
        #expect(type(of: decoded) == Employee.self, "Expected decoded value to be of type Employee; got \(type(of: decoded)) instead.")
        #expect(type(of: try JSONDecoder().decode(Employee.self as Person.Type, from: json)) == Employee.self)
    }

    @Test func typeEncodesNothing() throws {
        struct EncodesNothing: Encodable {
            func encode(to encoder: Encoder) throws {
                // Intentionally nothing.
            }
        }
        let error = _testEncodeFailure(of: EncodesNothing())
        #expect(error?.pathStrings == [])

        // Unknown if the following behavior is strictly correct, but it's what the prior implementation does, so this test exists to make sure we maintain compatibility.
        let enc = JSON.Encoder()
        let arrayData = try enc.encode([EncodesNothing()]) as Data
        #expect("[{}]" == Self.text(arrayData))
        #expect(arrayData == (try JSONEncoder().encode([EncodesNothing()])))

        let objectData = try enc.encode(["test": EncodesNothing()]) as Data
        #expect("{\"test\":{}}" == Self.text(objectData))
        #expect(objectData == (try JSONEncoder().encode(["test": EncodesNothing()])))
    }

    @Test func SR17581_codingEmptyDictionaryWithNonstringKeyDoesRoundtrip() throws {
        struct Something: Codable {
            struct Key: Codable, Hashable {
                var x: String
            }

            var dict: [Key: String]

            enum CodingKeys: String, CodingKey {
                case dict
            }

            init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                self.dict = try container.decode([Key: String].self, forKey: .dict)
            }

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(dict, forKey: .dict)
            }

            init(dict: [Key: String]) {
                self.dict = dict
            }
        }

        let toEncode = Something(dict: [:])
        let data = try JSON.Encoder().encode(toEncode) as Data
        #expect(data == (try JSONEncoder().encode(toEncode)))
        let result = try JSON.Decoder().decode(Something.self, from: data)
        #expect(result.dict.count == 0)
    }

    @Test func decodeIfPresent() throws {
        func check<Written: DecodeIfPresentAllTypesConfig, Read: DecodeIfPresentAllTypesConfig>(
            _ value: DecodeIfPresentAllTypes<Written>, as read: Read.Type, expected: DecodeIfPresentAllTypes<Read>,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let json = try JSON.Encoder().encode(value) as Data
            #expect(Self.sameJSON(json, try JSONEncoder().encode(value)), sourceLocation: sourceLocation)
            #expect(try JSON.Decoder().decode(DecodeIfPresentAllTypes<Read>.self, from: json) == expected, sourceLocation: sourceLocation)
        }
        try check(DecodeIfPresentAllTypes<KeyedEncodeWithoutNulls>.allNils, as: UseKeyed.self, expected: .allNils)
        try check(DecodeIfPresentAllTypes<KeyedEncodeWithNulls>.allNils, as: UseKeyed.self, expected: .allNils)
        try check(DecodeIfPresentAllTypes<UseKeyed>.allOnes, as: UseKeyed.self, expected: .allOnes)
        try check(DecodeIfPresentAllTypes<UnkeyedEncodeWithoutNulls>.allNils, as: UseUnkeyed.self, expected: .allNils)
        try check(DecodeIfPresentAllTypes<UnkeyedEncodeWithNulls>.allNils, as: UseUnkeyed.self, expected: .allNils)
        try check(DecodeIfPresentAllTypes<UseUnkeyed>.allOnes, as: UseUnkeyed.self, expected: .allOnes)
    }

    // MARK: - Helper Functions
    var _jsonEmptyDictionary: Data { Data("{}".utf8) }

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    /// Whether two JSON texts hold the same value, members in any order
    /// (Foundation's Linux encoder writes them in its dictionary's order),
    /// numbers beyond 64 bits compared by their text.
    static func sameJSON(_ ours: Data, _ foundation: Data) -> Bool {
        let options = JSON.ParseOptions(numbers: .lossless)
        guard let ours = try? JSON(parsing: [UInt8](ours), options: options), let foundation = try? JSON(parsing: [UInt8](foundation), options: options)
        else { return false }
        return ours == foundation
    }

    /// Encoding `value` fails with our encoder and with Foundation's; our error.
    @discardableResult
    func _testEncodeFailure<T: Encodable>(of value: T, sourceLocation: SourceLocation = #_sourceLocation) -> EncodingError? {
        #expect(throws: (any Error).self, "Foundation's encode of top-level \(T.self) was expected to fail.", sourceLocation: sourceLocation) {
            try JSONEncoder().encode(value)
        }
        do {
            _ = try JSON.Encoder().encode(value) as Data
            Issue.record("Encode of top-level \(T.self) was expected to fail.", sourceLocation: sourceLocation)
        } catch let error as EncodingError {
            return error
        } catch {
            Issue.record("Unexpected error: \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    /// Decoding `data` as `T` fails with our decoder and with Foundation's; our error.
    @discardableResult
    func _testDecodeFailure<T: Decodable>(
        of value: T.Type, data: Data, decoder: JSON.Decoder = JSON.Decoder(), foundation: JSONDecoder = JSONDecoder(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (any Error)? {
        #expect(throws: (any Error).self, "Foundation's decode of top-level \(value) was expected to fail.", sourceLocation: sourceLocation) {
            try foundation.decode(value, from: data)
        }
        do {
            let decoded = try decoder.decode(value, from: data)
            Issue.record("Decode of top-level \(value) was expected to fail, got \(decoded).", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// Our error is a `DecodingError` of case `kind` at `path`.
    static func expectDecodingError(
        _ error: (any Error)?, _ kind: String, path: [String], _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let decodingError = error as? DecodingError else {
            Issue.record("expected a DecodingError, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(decodingError.kindName == kind, comment, sourceLocation: sourceLocation)
        #expect(decodingError.pathStrings == path, comment, sourceLocation: sourceLocation)
    }

    /// Encodes `value` with our encoder and Foundation's, set alike from the
    /// arguments (Foundation's types): our text is `expectedJSON` when given,
    /// and Foundation's value (byte for byte under `.sortedKeys`, in
    /// Foundation's layout when pretty); both decoders read our text back
    /// to `value`.
    func _testRoundTrip<T>(
        of value: T,
        expectedJSON json: Data? = nil,
        outputFormatting: JSONEncoder.OutputFormatting = [],
        dateEncodingStrategy: JSONEncoder.DateEncodingStrategy = .deferredToDate,
        dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .deferredToDate,
        dataEncodingStrategy: JSONEncoder.DataEncodingStrategy = .base64,
        dataDecodingStrategy: JSONDecoder.DataDecodingStrategy = .base64,
        keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys,
        keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys,
        nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .throw,
        nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy = .throw,
        sourceLocation: SourceLocation = #_sourceLocation
    ) where T: Codable, T: Equatable {
        let foundationEncoder = JSONEncoder()
        foundationEncoder.outputFormatting = outputFormatting
        foundationEncoder.dateEncodingStrategy = dateEncodingStrategy
        foundationEncoder.dataEncodingStrategy = dataEncodingStrategy
        foundationEncoder.nonConformingFloatEncodingStrategy = nonConformingFloatEncodingStrategy
        foundationEncoder.keyEncodingStrategy = keyEncodingStrategy
        let encoder = JSON.Encoder(like: foundationEncoder)

        let payload: Data
        do {
            payload = try encoder.encode(value)
        } catch {
            Issue.record("Failed to encode \(T.self) to JSON: \(error)", sourceLocation: sourceLocation)
            return
        }

        if let json {
            #expect(Self.text(json) == Self.text(payload), "Produced JSON not identical to expected JSON.", sourceLocation: sourceLocation)
        }

        do {
            let foundationPayload = try foundationEncoder.encode(value)
            #expect(Self.sameJSON(payload, foundationPayload), "\(Self.text(payload)) is not Foundation's \(Self.text(foundationPayload))", sourceLocation: sourceLocation)
            if outputFormatting.contains(.sortedKeys) {
                encoder.outputFormatting.insert(.foundationLayout)
                let layout = try encoder.encode(value) as Data
                #expect(Self.text(layout) == Self.text(foundationPayload), sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("Foundation failed to encode \(T.self): \(error)", sourceLocation: sourceLocation)
        }

        let foundationDecoder = JSONDecoder()
        foundationDecoder.dateDecodingStrategy = dateDecodingStrategy
        foundationDecoder.dataDecodingStrategy = dataDecodingStrategy
        foundationDecoder.nonConformingFloatDecodingStrategy = nonConformingFloatDecodingStrategy
        foundationDecoder.keyDecodingStrategy = keyDecodingStrategy
        do {
            let decoded = try JSON.Decoder(like: foundationDecoder).decode(T.self, from: payload)
            #expect(decoded == value, "\(T.self) did not round-trip to an equal value.", sourceLocation: sourceLocation)
        } catch {
            Issue.record("Failed to decode \(T.self) from JSON: \(error)", sourceLocation: sourceLocation)
        }
        do {
            #expect(try foundationDecoder.decode(T.self, from: payload) == value, "Foundation read our text differently", sourceLocation: sourceLocation)
        } catch {
            Issue.record("Foundation failed to decode our \(Self.text(payload)): \(error)", sourceLocation: sourceLocation)
        }
    }

    /// Encoding `value` and decoding it as `type` fails with both coders;
    /// ours with a type mismatch at the first element.
    func _testRoundTripTypeCoercionFailure<T, U>(of value: T, as type: U.Type, sourceLocation: SourceLocation = #_sourceLocation) where T: Codable, U: Codable {
        #expect(throws: (any Error).self, "Foundation's coercion from \(T.self) to \(U.self) was expected to fail.", sourceLocation: sourceLocation) {
            let data = try JSONEncoder().encode(value)
            let _ = try JSONDecoder().decode(U.self, from: data)
        }
        do {
            let data = try JSON.Encoder().encode(value) as Data
            let error = _testDecodeFailure(of: U.self, data: data, sourceLocation: sourceLocation)
            Self.expectDecodingError(error, "typeMismatch", path: ["Index 0"], sourceLocation: sourceLocation)
        } catch {
            Issue.record("Failed to encode \(T.self): \(error)", sourceLocation: sourceLocation)
        }
    }

    /// `JSONString` in UTF-8, UTF-16 and UTF-32 (both byte orders) decodes
    /// to `object` with our decoder and with Foundation's.
    func _test<T: Equatable & Decodable>(JSONString: String, to object: T, decoder: JSON.Decoder = JSON.Decoder(), sourceLocation: SourceLocation = #_sourceLocation) {
        let encs: [String.Encoding] = [.utf8, .utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian]
        for enc in encs {
            guard let data = JSONString.data(using: enc) else {
                Issue.record("\(JSONString) has no \(enc) form", sourceLocation: sourceLocation)
                continue
            }
            do {
                #expect(object == (try decoder.decode(T.self, from: data)), sourceLocation: sourceLocation)
            } catch {
                Issue.record("Failed to decode \(JSONString) with encoding \(enc): Error: \(error)", sourceLocation: sourceLocation)
            }
            #expect(object == (try? JSONDecoder().decode(T.self, from: data)), "Foundation, \(enc)", sourceLocation: sourceLocation)
        }
    }
}

extension JSON.Encoder {
    /// An encoder set as Foundation's `encoder` is (the test's differential twin). On
    /// Linux, Foundation's `.formatted(formatter)` is a `.custom` strategy calling the
    /// formatter, which is what it becomes here.
    convenience init(like encoder: JSONEncoder) {
        self.init()
        var formatting: OutputFormatting = []
        if encoder.outputFormatting.contains(.prettyPrinted) { formatting.insert(.prettyPrinted) }
        if encoder.outputFormatting.contains(.sortedKeys) { formatting.insert(.sortedKeys) }
        if encoder.outputFormatting.contains(.withoutEscapingSlashes) { formatting.insert(.withoutEscapingSlashes) }
        outputFormatting = formatting
        switch encoder.keyEncodingStrategy {
        case .useDefaultKeys: keyEncodingStrategy = .useDefaultKeys
        case .convertToSnakeCase: keyEncodingStrategy = .convertToSnakeCase
        case .custom(let convert): keyEncodingStrategy = .custom(convert)
        @unknown default: Issue.record("a key strategy the port does not know")
        }
        switch encoder.dateEncodingStrategy {
        case .deferredToDate: dateEncodingStrategy = .deferredToDate
        case .secondsSince1970: dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970: dateEncodingStrategy = .millisecondsSince1970
        case .iso8601: dateEncodingStrategy = .iso8601
        case .custom(let write): dateEncodingStrategy = .custom(write)
        @unknown default: Issue.record("a date strategy the port does not know")
        }
        switch encoder.dataEncodingStrategy {
        case .deferredToData: dataEncodingStrategy = .deferredToData
        case .base64: dataEncodingStrategy = .base64
        case .custom(let write): dataEncodingStrategy = .custom(write)
        @unknown default: Issue.record("a data strategy the port does not know")
        }
        switch encoder.nonConformingFloatEncodingStrategy {
        case .throw: nonConformingFloatEncodingStrategy = .throw
        case .convertToString(let positiveInfinity, let negativeInfinity, let nan):
            nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: positiveInfinity, negativeInfinity: negativeInfinity, nan: nan)
        @unknown default: Issue.record("a float strategy the port does not know")
        }
    }
}

extension JSON.Decoder {
    /// A decoder set as Foundation's `decoder` is (the test's differential twin); its
    /// `.formatted(formatter)` is a `.custom` strategy on Linux, as for the encoder.
    convenience init(like decoder: JSONDecoder) {
        self.init()
        allowsJSON5 = decoder.allowsJSON5
        assumesTopLevelDictionary = decoder.assumesTopLevelDictionary
        switch decoder.keyDecodingStrategy {
        case .useDefaultKeys: keyDecodingStrategy = .useDefaultKeys
        case .convertFromSnakeCase: keyDecodingStrategy = .convertFromSnakeCase
        case .custom(let convert): keyDecodingStrategy = .custom(convert)
        @unknown default: Issue.record("a key strategy the port does not know")
        }
        switch decoder.dateDecodingStrategy {
        case .deferredToDate: dateDecodingStrategy = .deferredToDate
        case .secondsSince1970: dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: dateDecodingStrategy = .millisecondsSince1970
        case .iso8601: dateDecodingStrategy = .iso8601
        case .custom(let read): dateDecodingStrategy = .custom(read)
        @unknown default: Issue.record("a date strategy the port does not know")
        }
        switch decoder.dataDecodingStrategy {
        case .deferredToData: dataDecodingStrategy = .deferredToData
        case .base64: dataDecodingStrategy = .base64
        case .custom(let read): dataDecodingStrategy = .custom(read)
        @unknown default: Issue.record("a data strategy the port does not know")
        }
        switch decoder.nonConformingFloatDecodingStrategy {
        case .throw: nonConformingFloatDecodingStrategy = .throw
        case .convertFromString(let positiveInfinity, let negativeInfinity, let nan):
            nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: positiveInfinity, negativeInfinity: negativeInfinity, nan: nan)
        @unknown default: Issue.record("a float strategy the port does not know")
        }
    }
}
