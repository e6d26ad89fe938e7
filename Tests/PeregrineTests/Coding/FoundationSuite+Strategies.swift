// Foundation's JSONEncoderTests (see FoundationSuiteTests.swift for the source and its license):
// date, data, float and key strategies, and output formatting.

import Foundation
import Peregrine
import Testing
import TestSupport

extension FoundationSuiteTests {
    // MARK: - Date Strategy Tests

    @Test func encodingDateSecondsSince1970() {
        // Cannot encode an arbitrary number of seconds since we've lost precision since 1970.
        let seconds = 1000.0
        let expectedJSON = Data("1000".utf8)

        _testRoundTrip(
            of: Date(timeIntervalSince1970: seconds), expectedJSON: expectedJSON,
            dateEncodingStrategy: .secondsSince1970, dateDecodingStrategy: .secondsSince1970)

        // Optional dates should encode the same way.
        _testRoundTrip(
            of: Optional(Date(timeIntervalSince1970: seconds)), expectedJSON: expectedJSON,
            dateEncodingStrategy: .secondsSince1970, dateDecodingStrategy: .secondsSince1970)
    }

    @Test func encodingDateMillisecondsSince1970() {
        // Cannot encode an arbitrary number of seconds since we've lost precision since 1970.
        let seconds = 1000.0
        let expectedJSON = Data("1000000".utf8)

        _testRoundTrip(
            of: Date(timeIntervalSince1970: seconds), expectedJSON: expectedJSON,
            dateEncodingStrategy: .millisecondsSince1970, dateDecodingStrategy: .millisecondsSince1970)

        // Optional dates should encode the same way.
        _testRoundTrip(
            of: Optional(Date(timeIntervalSince1970: seconds)), expectedJSON: expectedJSON,
            dateEncodingStrategy: .millisecondsSince1970, dateDecodingStrategy: .millisecondsSince1970)
    }

    struct TopLevelArrayWrapper<T>: Codable, Equatable where T: Codable, T: Equatable {
        let value: T

        init(_ value: T) {
            self.value = value
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(value)
        }

        init(from decoder: Decoder) throws {
            var container = try decoder.unkeyedContainer()
            value = try container.decode(T.self)
            assert(container.isAtEnd)
        }
    }

    @Test func encodingDateCustom() {
        let timestamp = Date()

        // We'll encode a number instead of a date.
        let encode = { @Sendable (_ data: Date, _ encoder: Encoder) throws -> Void in
            var container = encoder.singleValueContainer()
            try container.encode(42)
        }
        let decode = { @Sendable (_: Decoder) throws -> Date in return timestamp }

        let expectedJSON = Data("42".utf8)
        _testRoundTrip(of: timestamp, expectedJSON: expectedJSON, dateEncodingStrategy: .custom(encode), dateDecodingStrategy: .custom(decode))

        // Optional dates should encode the same way.
        _testRoundTrip(of: Optional(timestamp), expectedJSON: expectedJSON, dateEncodingStrategy: .custom(encode), dateDecodingStrategy: .custom(decode))

        // So should wrapped dates.
        let expectedJSON_array = Data("[42]".utf8)
        _testRoundTrip(
            of: TopLevelArrayWrapper(timestamp), expectedJSON: expectedJSON_array, dateEncodingStrategy: .custom(encode),
            dateDecodingStrategy: .custom(decode))
    }

    @Test func encodingDateCustomEmpty() {
        let timestamp = Date()

        // Encoding nothing should encode an empty keyed container ({}).
        let encode = { @Sendable (_: Date, _: Encoder) throws -> Void in }
        let decode = { @Sendable (_: Decoder) throws -> Date in return timestamp }

        let expectedJSON = Data("{}".utf8)
        _testRoundTrip(of: timestamp, expectedJSON: expectedJSON, dateEncodingStrategy: .custom(encode), dateDecodingStrategy: .custom(decode))

        // Optional dates should encode the same way.
        _testRoundTrip(of: Optional(timestamp), expectedJSON: expectedJSON, dateEncodingStrategy: .custom(encode), dateDecodingStrategy: .custom(decode))
    }

    // MARK: - Data Strategy Tests
    @Test func encodingData() {
        let data = Data([0xDE, 0xAD, 0xBE, 0xEF])

        let expectedJSON = Data("[222,173,190,239]".utf8)
        _testRoundTrip(of: data, expectedJSON: expectedJSON, dataEncodingStrategy: .deferredToData, dataDecodingStrategy: .deferredToData)

        // Optional data should encode the same way.
        _testRoundTrip(of: Optional(data), expectedJSON: expectedJSON, dataEncodingStrategy: .deferredToData, dataDecodingStrategy: .deferredToData)
    }

    @Test func encodingDataCustom() {
        // We'll encode a number instead of data.
        let encode = { @Sendable (_ data: Data, _ encoder: Encoder) throws -> Void in
            var container = encoder.singleValueContainer()
            try container.encode(42)
        }
        let decode = { @Sendable (_: Decoder) throws -> Data in return Data() }

        let expectedJSON = Data("42".utf8)
        _testRoundTrip(of: Data(), expectedJSON: expectedJSON, dataEncodingStrategy: .custom(encode), dataDecodingStrategy: .custom(decode))

        // Optional data should encode the same way.
        _testRoundTrip(of: Optional(Data()), expectedJSON: expectedJSON, dataEncodingStrategy: .custom(encode), dataDecodingStrategy: .custom(decode))
    }

    @Test func encodingDataCustomEmpty() {
        // Encoding nothing should encode an empty keyed container ({}).
        let encode = { @Sendable (_: Data, _: Encoder) throws -> Void in }
        let decode = { @Sendable (_: Decoder) throws -> Data in return Data() }

        let expectedJSON = Data("{}".utf8)
        _testRoundTrip(of: Data(), expectedJSON: expectedJSON, dataEncodingStrategy: .custom(encode), dataDecodingStrategy: .custom(decode))

        // Optional Data should encode the same way.
        _testRoundTrip(of: Optional(Data()), expectedJSON: expectedJSON, dataEncodingStrategy: .custom(encode), dataDecodingStrategy: .custom(decode))
    }

    @Test func infiniteDate() {
        let date = Date(timeIntervalSince1970: .infinity)

        for (ours, foundation) in [
            (JSON.Encoder.DateEncodingStrategy.deferredToDate, JSONEncoder.DateEncodingStrategy.deferredToDate),
            (.secondsSince1970, .secondsSince1970),
            (.millisecondsSince1970, .millisecondsSince1970),
        ] {
            let encoder = JSON.Encoder()
            encoder.dateEncodingStrategy = ours
            do {
                _ = try encoder.encode([date]) as Data
                Issue.record("encoded an infinite date")
            } catch let error as EncodingError {
                #expect(error.pathStrings == ["Index 0"])
            } catch {
                Issue.record("Unexpected error: \(error)")
            }
            let foundationEncoder = JSONEncoder()
            foundationEncoder.dateEncodingStrategy = foundation
            #expect(throws: (any Error).self) {
                try foundationEncoder.encode([date])
            }
        }
    }

    @Test func encodingDateISO8601() {
        let timestamp = Date(timeIntervalSince1970: 1000)
        let expectedJSON = Data("\"\(timestamp.formatted(.iso8601))\"".utf8)

        _testRoundTrip(of: timestamp, expectedJSON: expectedJSON, dateEncodingStrategy: .iso8601, dateDecodingStrategy: .iso8601)

        // Optional dates should encode the same way.
        _testRoundTrip(of: Optional(timestamp), expectedJSON: expectedJSON, dateEncodingStrategy: .iso8601, dateDecodingStrategy: .iso8601)
    }

    // A framework-only test in Foundation (its `DateFormatter` is in Foundation, not
    // FoundationEssentials); the toolchain's Foundation on Linux has `DateFormatter`.
    @Test func encodingDateFormatted() throws {
        let formatter = DateFormatter()
        formatter.dateStyle = .full
        formatter.timeStyle = .full
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = .gmt
        formatter.calendar = cal
        formatter.locale = Locale(identifier: "en_US")
        formatter.timeZone = .gmt

        let timestamp = Date(timeIntervalSince1970: 1000)
        let expectedJSON = Data("\"\(formatter.string(from: timestamp))\"".utf8)

        _testRoundTrip(of: timestamp, expectedJSON: expectedJSON, dateEncodingStrategy: .formatted(formatter), dateDecodingStrategy: .formatted(formatter))

        // Optional dates should encode the same way.
        _testRoundTrip(
            of: Optional(timestamp), expectedJSON: expectedJSON, dateEncodingStrategy: .formatted(formatter), dateDecodingStrategy: .formatted(formatter))

        // So should wrapped dates.
        let expectedJSON_array = Data("[\"\(formatter.string(from: timestamp))\"]".utf8)
        _testRoundTrip(
            of: TopLevelArrayWrapper(timestamp), expectedJSON: expectedJSON_array, dateEncodingStrategy: .formatted(formatter),
            dateDecodingStrategy: .formatted(formatter))

        // Our own `.formatted` (the helpers give ours Foundation's, a `.custom` strategy on Linux).
        let encoder = JSON.Encoder()
        encoder.dateEncodingStrategy = .formatted(formatter)
        #expect(try encoder.encode(TopLevelArrayWrapper(timestamp)) == expectedJSON_array)
        let decoder = JSON.Decoder()
        decoder.dateDecodingStrategy = .formatted(formatter)
        #expect(try decoder.decode(TopLevelArrayWrapper<Date>.self, from: expectedJSON_array) == TopLevelArrayWrapper(timestamp))
    }

    @Test func encodingDataBase64() {
        let data = Data([0xDE, 0xAD, 0xBE, 0xEF])

        let expectedJSON = Data("\"3q2+7w==\"".utf8)
        _testRoundTrip(of: data, expectedJSON: expectedJSON)

        // Optional data should encode the same way.
        _testRoundTrip(of: Optional(data), expectedJSON: expectedJSON)
    }

    // MARK: - Non-Conforming Floating Point Strategy Tests
    @Test func encodingNonConformingFloats() {
        func fails<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(_testEncodeFailure(of: value, sourceLocation: sourceLocation)?.pathStrings == [], sourceLocation: sourceLocation)
        }
        fails(Float.infinity)
        fails(Float.infinity)
        fails(-Float.infinity)
        fails(Float.nan)

        fails(Double.infinity)
        fails(-Double.infinity)
        fails(Double.nan)

        // Optional Floats/Doubles should encode the same way.
        fails(Optional(Float.infinity))
        fails(Optional(-Float.infinity))
        fails(Optional(Float.nan))

        fails(Optional(Double.infinity))
        fails(Optional(-Double.infinity))
        fails(Optional(Double.nan))
    }

    @Test func encodingNonConformingFloatStrings() {
        let encodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
        let decodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")

        _testRoundTrip(
            of: Float.infinity, expectedJSON: Data("\"INF\"".utf8), nonConformingFloatEncodingStrategy: encodingStrategy,
            nonConformingFloatDecodingStrategy: decodingStrategy)
        _testRoundTrip(
            of: -Float.infinity, expectedJSON: Data("\"-INF\"".utf8), nonConformingFloatEncodingStrategy: encodingStrategy,
            nonConformingFloatDecodingStrategy: decodingStrategy)

        // Since Float.nan != Float.nan, we have to use a placeholder that'll encode NaN but actually round-trip.
        _testRoundTrip(
            of: FloatNaNPlaceholder(), expectedJSON: Data("\"NaN\"".utf8), nonConformingFloatEncodingStrategy: encodingStrategy,
            nonConformingFloatDecodingStrategy: decodingStrategy)

        _testRoundTrip(
            of: Double.infinity, expectedJSON: Data("\"INF\"".utf8), nonConformingFloatEncodingStrategy: encodingStrategy,
            nonConformingFloatDecodingStrategy: decodingStrategy)
        _testRoundTrip(
            of: -Double.infinity, expectedJSON: Data("\"-INF\"".utf8), nonConformingFloatEncodingStrategy: encodingStrategy,
            nonConformingFloatDecodingStrategy: decodingStrategy)

        // Since Double.nan != Double.nan, we have to use a placeholder that'll encode NaN but actually round-trip.
        _testRoundTrip(
            of: DoubleNaNPlaceholder(), expectedJSON: Data("\"NaN\"".utf8), nonConformingFloatEncodingStrategy: encodingStrategy,
            nonConformingFloatDecodingStrategy: decodingStrategy)

        // Optional Floats and Doubles should encode the same way.
        _testRoundTrip(
            of: Optional(Float.infinity), expectedJSON: Data("\"INF\"".utf8), nonConformingFloatEncodingStrategy: encodingStrategy,
            nonConformingFloatDecodingStrategy: decodingStrategy)
        _testRoundTrip(
            of: Optional(-Float.infinity), expectedJSON: Data("\"-INF\"".utf8), nonConformingFloatEncodingStrategy: encodingStrategy,
            nonConformingFloatDecodingStrategy: decodingStrategy)
        _testRoundTrip(
            of: Optional(Double.infinity), expectedJSON: Data("\"INF\"".utf8), nonConformingFloatEncodingStrategy: encodingStrategy,
            nonConformingFloatDecodingStrategy: decodingStrategy)
        _testRoundTrip(
            of: Optional(-Double.infinity), expectedJSON: Data("\"-INF\"".utf8), nonConformingFloatEncodingStrategy: encodingStrategy,
            nonConformingFloatDecodingStrategy: decodingStrategy)
    }

    // MARK: - Directly Encoded Array Tests

    @Test func directlyEncodedArrays() {
        let encodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
        let decodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")

        struct Arrays: Codable, Equatable {
            let integers: [Int]
            let doubles: [Double]
            let strings: [String]
        }

        let value = Arrays(
            integers: [.min, 0, 42, .max],
            doubles: [42.0, 3.14, .infinity, -.infinity],
            strings: ["Hello", "World", "true", "0\n1", "\u{0008}"]
        )
        _testRoundTrip(of: value, nonConformingFloatEncodingStrategy: encodingStrategy, nonConformingFloatDecodingStrategy: decodingStrategy)
        _testRoundTrip(
            of: value, outputFormatting: .prettyPrinted, nonConformingFloatEncodingStrategy: encodingStrategy,
            nonConformingFloatDecodingStrategy: decodingStrategy)
    }

    // MARK: - Key Strategy Tests
    struct EncodeMe: Encodable {
        var keyName: String
        func encode(to coder: Encoder) throws {
            var c = coder.container(keyedBy: _TestKey.self)
            try c.encode("test", forKey: _TestKey(stringValue: keyName)!)
        }
    }

    @Test func encodingKeyStrategyCustom() throws {
        let expected = "{\"QQQhello\":\"test\"}"
        let encoded = EncodeMe(keyName: "hello")

        let customKeyConversion = { @Sendable (_ path: [CodingKey]) -> CodingKey in
            let key = _TestKey(stringValue: "QQQ" + path.last!.stringValue)!
            return key
        }
        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .custom(customKeyConversion)
        let resultData = try encoder.encode(encoded) as Data
        #expect(expected == Self.text(resultData))

        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .custom(customKeyConversion)
        #expect(resultData == (try foundation.encode(encoded)))
    }

    struct EncodeFailure: Encodable {
        var someValue: Double
    }

    struct EncodeFailureNested: Encodable {
        var nestedValue: EncodeFailure
    }

    struct EncodeNested: Encodable {
        let nestedValue: EncodeMe
    }

    struct EncodeNestedNested: Encodable {
        let outerValue: EncodeNested
    }

    @Test func encodingKeyStrategyPath() throws {
        // Make sure a more complex path shows up the way we want
        // Make sure the path reflects keys in the Swift, not the resulting ones in the JSON
        let expected = "{\"QQQouterValue\":{\"QQQnestedValue\":{\"QQQhelloWorld\":\"test\"}}}"
        let encoded = EncodeNestedNested(outerValue: EncodeNested(nestedValue: EncodeMe(keyName: "helloWorld")))

        // We only will mutate this from one thread as we call the encoder synchronously
        nonisolated(unsafe) var callCount = 0

        let customKeyConversion = { @Sendable (_ path: [CodingKey]) -> CodingKey in
            // This should be called three times:
            // 1. to convert 'outerValue' to something
            // 2. to convert 'nestedValue' to something
            // 3. to convert 'helloWorld' to something
            callCount = callCount + 1

            if path.count == 0 {
                Issue.record("The path should always have at least one entry")
            } else if path.count == 1 {
                #expect(["outerValue"] == path.map { $0.stringValue })
            } else if path.count == 2 {
                #expect(["outerValue", "nestedValue"] == path.map { $0.stringValue })
            } else if path.count == 3 {
                #expect(["outerValue", "nestedValue", "helloWorld"] == path.map { $0.stringValue })
            } else {
                Issue.record("The path mysteriously had more entries")
            }

            let key = _TestKey(stringValue: "QQQ" + path.last!.stringValue)!
            return key
        }
        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .custom(customKeyConversion)
        let resultData = try encoder.encode(encoded) as Data
        #expect(expected == Self.text(resultData))
        #expect(3 == callCount)

        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .custom(customKeyConversion)
        #expect(resultData == (try foundation.encode(encoded)))
        #expect(6 == callCount)
    }

    struct DecodeMe: Decodable {
        let found: Bool
        init(from coder: Decoder) throws {
            let c = try coder.container(keyedBy: _TestKey.self)
            // Get the key that we expect to be passed in (camel case)
            let camelCaseKey = try c.decode(String.self, forKey: _TestKey(stringValue: "camelCaseKey")!)

            // Use the camel case key to decode from the JSON. The decoder should convert it to snake case to find it.
            found = try c.decode(Bool.self, forKey: _TestKey(stringValue: camelCaseKey)!)
        }
    }

    struct DecodeMe2: Decodable { var hello: String }

    @Test func decodingKeyStrategyCustom() throws {
        let input = Data("{\"----hello\":\"test\"}".utf8)
        let customKeyConversion = { @Sendable (_ path: [CodingKey]) -> CodingKey in
            // This converter removes the first 4 characters from the start of all string keys, if it has more than 4 characters
            let string = path.last!.stringValue
            guard string.count > 4 else { return path.last! }
            let newString = String(string.dropFirst(4))
            return _TestKey(stringValue: newString)!
        }
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .custom(customKeyConversion)
        #expect("test" == (try decoder.decode(DecodeMe2.self, from: input)).hello)

        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .custom(customKeyConversion)
        #expect("test" == (try foundation.decode(DecodeMe2.self, from: input)).hello)
    }

    @Test func decodingDictionaryStringKeyConversionUntouched() throws {
        let input = Data("{\"leave_me_alone\":\"test\"}".utf8)
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(["leave_me_alone": "test"] == (try decoder.decode([String: String].self, from: input)))

        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        #expect(["leave_me_alone": "test"] == (try foundation.decode([String: String].self, from: input)))
    }

    @Test func decodingDictionaryFailureKeyPath() {
        let input = Data("{\"leave_me_alone\":\"test\"}".utf8)
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let error = _testDecodeFailure(of: [String: Int].self, data: input, decoder: decoder, foundation: foundation)
        Self.expectDecodingError(error, "typeMismatch", path: ["leave_me_alone"])
    }

    struct DecodeFailure: Decodable {
        var intValue: Int
    }

    struct DecodeFailureNested: Decodable {
        var nestedValue: DecodeFailure
    }

    struct DecodeMe3: Codable {
        var thisIsCamelCase: String
    }

    @Test func keyStrategyDuplicateKeys() throws {
        // This test is mostly to make sure we don't assert on duplicate keys
        struct DecodeMe5: Codable {
            var oneTwo: String
            var numberOfKeys: Int

            enum CodingKeys: String, CodingKey {
                case oneTwo
                case oneTwoThree
            }

            init() {
                oneTwo = "test"
                numberOfKeys = 0
            }

            init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                oneTwo = try container.decode(String.self, forKey: .oneTwo)
                numberOfKeys = container.allKeys.count
            }

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(oneTwo, forKey: .oneTwo)
                try container.encode("test2", forKey: .oneTwoThree)
            }
        }

        let customKeyConversion = { @Sendable (_ path: [CodingKey]) -> CodingKey in
            // All keys are the same!
            return _TestKey(stringValue: "oneTwo")!
        }

        // Decoding
        // This input has a dictionary with two keys, but only one will end up in the container
        let input = Data("{\"unused key 1\":\"test1\",\"unused key 2\":\"test2\"}".utf8)
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .custom(customKeyConversion)

        let decodingResult = try decoder.decode(DecodeMe5.self, from: input)
        // There will be only one result for oneTwo.
        #expect(1 == decodingResult.numberOfKeys)
        // While the order in which these values should be taken is NOT defined by the JSON spec in any way, the historical behavior has been to select the *first* value for a given key.
        #expect(decodingResult.oneTwo == "test1")

        let foundationDecoder = JSONDecoder()
        foundationDecoder.keyDecodingStrategy = .custom(customKeyConversion)
        let foundationResult = try foundationDecoder.decode(DecodeMe5.self, from: input)
        #expect(foundationResult.oneTwo == decodingResult.oneTwo)
        #expect(foundationResult.numberOfKeys == decodingResult.numberOfKeys)

        // Encoding
        let encoded = DecodeMe5()
        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .custom(customKeyConversion)
        let decodingResultData = try encoder.encode(encoded) as Data

        // There will be only one value in the result (the second one encoded)
        #expect("{\"oneTwo\":\"test2\"}" == Self.text(decodingResultData))
        let foundationEncoder = JSONEncoder()
        foundationEncoder.keyEncodingStrategy = .custom(customKeyConversion)
        #expect(decodingResultData == (try foundationEncoder.encode(encoded)))
    }

    // MARK: - SnakeCase Tests
    @Test func decodingKeyStrategyCamel() throws {
        let fromSnakeCaseTests = [
            ("", ""),  // don't die on empty string
            ("a", "a"),  // single character
            ("ALLCAPS", "ALLCAPS"),  // If no underscores, we leave the word as-is
            ("ALL_CAPS", "allCaps"),  // Conversion from screaming snake case
            ("single", "single"),  // do not capitalize anything with no underscore
            ("snake_case", "snakeCase"),  // capitalize a character
            ("one_two_three", "oneTwoThree"),  // more than one word
            ("one_2_three", "one2Three"),  // numerics
            ("one2_three", "one2Three"),  // numerics, part 2
            ("snake_Ćase", "snakeĆase"),  // do not further modify a capitalized diacritic
            ("snake_ćase", "snakeĆase"),  // capitalize a diacritic
            ("alreadyCamelCase", "alreadyCamelCase"),  // do not modify already camel case
            ("__this_and_that", "__thisAndThat"),
            ("_this_and_that", "_thisAndThat"),
            ("this__and__that", "thisAndThat"),
            ("this_and_that__", "thisAndThat__"),
            ("this_aNd_that", "thisAndThat"),
            ("_one_two_three", "_oneTwoThree"),
            ("one_two_three_", "oneTwoThree_"),
            ("__one_two_three", "__oneTwoThree"),
            ("one_two_three__", "oneTwoThree__"),
            ("_one_two_three_", "_oneTwoThree_"),
            ("__one_two_three", "__oneTwoThree"),
            ("__one_two_three__", "__oneTwoThree__"),
            ("_test", "_test"),
            ("_test_", "_test_"),
            ("__test", "__test"),
            ("test__", "test__"),
            ("_", "_"),
            ("__", "__"),
            ("___", "___"),
            ("m͉̟̹y̦̳G͍͚͎̳r̤͉̤͕ͅea̲͕t͇̥̼͖U͇̝̠R͙̻̥͓̣L̥̖͎͓̪̫ͅR̩͖̩eq͈͓u̞e̱s̙t̤̺ͅ", "m͉̟̹y̦̳G͍͚͎̳r̤͉̤͕ͅea̲͕t͇̥̼͖U͇̝̠R͙̻̥͓̣L̥̖͎͓̪̫ͅR̩͖̩eq͈͓u̞e̱s̙t̤̺ͅ"),  // because Itai wanted to test this
            ("🐧_🐟", "🐧🐟"),  // fishy emoji example?
        ]

        for test in fromSnakeCaseTests {
            // This JSON contains the camel case key that the test object should decode with, then it uses the snake case key (test.0) as the actual key for the boolean value.
            let input = Data("{\"camelCaseKey\":\"\(test.1)\",\"\(test.0)\":true}".utf8)

            let decoder = JSON.Decoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            #expect(try decoder.decode(DecodeMe.self, from: input).found, "\(test.0)")

            let foundation = JSONDecoder()
            foundation.keyDecodingStrategy = .convertFromSnakeCase
            #expect(try foundation.decode(DecodeMe.self, from: input).found, "Foundation, \(test.0)")
        }
    }

    @Test func encodingDictionaryStringKeyConversionUntouched() throws {
        let expected = "{\"leaveMeAlone\":\"test\"}"
        let toEncode: [String: String] = ["leaveMeAlone": "test"]

        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let resultData = try encoder.encode(toEncode) as Data
        #expect(expected == Self.text(resultData))

        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        #expect(resultData == (try foundation.encode(toEncode)))
    }

    @Test func keyStrategySnakeGeneratedAndCustom() throws {
        // Test that this works with a struct that has automatically generated keys
        struct DecodeMe4: Codable {
            var thisIsCamelCase: String
            var thisIsCamelCaseToo: String
            private enum CodingKeys: String, CodingKey {
                case thisIsCamelCase = "fooBar"
                case thisIsCamelCaseToo
            }
        }

        // Decoding
        let input = Data("{\"foo_bar\":\"test\",\"this_is_camel_case_too\":\"test2\"}".utf8)
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let decodingResult = try decoder.decode(DecodeMe4.self, from: input)

        #expect("test" == decodingResult.thisIsCamelCase)
        #expect("test2" == decodingResult.thisIsCamelCaseToo)

        // Encoding
        let encoded = DecodeMe4(thisIsCamelCase: "test", thisIsCamelCaseToo: "test2")
        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let encodingResultData = try encoder.encode(encoded) as Data
        let encodingResultString = Self.text(encodingResultData)
        #expect(encodingResultString.contains("foo_bar"))
        #expect(encodingResultString.contains("this_is_camel_case_too"))

        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        #expect(Self.sameJSON(encodingResultData, try foundation.encode(encoded)))
    }

    @Test func decodingDictionaryFailureKeyPathNested() {
        let input = Data("{\"top_level\": {\"sub_level\": {\"nested_value\": {\"int_value\": \"not_an_int\"}}}}".utf8)
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let error = _testDecodeFailure(of: [String: [String: DecodeFailureNested]].self, data: input, decoder: decoder, foundation: foundation)
        Self.expectDecodingError(error, "typeMismatch", path: ["top_level", "sub_level", "nestedValue", "intValue"])
    }

    @Test func decodingKeyStrategyCamelGenerated() throws {
        let encoded = DecodeMe3(thisIsCamelCase: "test")
        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let resultData = try encoder.encode(encoded) as Data
        #expect("{\"this_is_camel_case\":\"test\"}" == Self.text(resultData))

        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        #expect(resultData == (try foundation.encode(encoded)))
    }

    @Test func decodingStringExpectedType() {
        let input = Data(#"{"thisIsCamelCase": null}"#.utf8)
        for decode in [
            { try JSON.Decoder().decode(DecodeMe3.self, from: input) },
            { try JSONDecoder().decode(DecodeMe3.self, from: input) },
        ] {
            #expect {
                _ = try decode()
            } throws: {
                guard let decodingError = $0 as? DecodingError,
                    case let DecodingError.valueNotFound(expected, context) = decodingError
                else {
                    return false
                }
                return expected == String.self && context.codingPath.map(\.stringValue) == ["thisIsCamelCase"]
            }
        }
    }

    @Test func encodingKeyStrategySnakeGenerated() throws {
        // Test that this works with a struct that has automatically generated keys
        let input = Data("{\"this_is_camel_case\":\"test\"}".utf8)
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect("test" == (try decoder.decode(DecodeMe3.self, from: input)).thisIsCamelCase)

        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        #expect("test" == (try foundation.decode(DecodeMe3.self, from: input)).thisIsCamelCase)
    }

    /// Encoding `value` under `.convertToSnakeCase` fails, with ours and
    /// Foundation's encoder, with an invalid value at `path`.
    private func snakeCaseEncodingFails<T: Encodable>(_ value: T, at path: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        do {
            _ = try encoder.encode(value) as Data
            Issue.record("encoded NaN", sourceLocation: sourceLocation)
        } catch let error as EncodingError {
            #expect(error.pathStrings == path, sourceLocation: sourceLocation)
        } catch {
            Issue.record("Unexpected error: \(String(describing: error))", sourceLocation: sourceLocation)
        }
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        do {
            _ = try foundation.encode(value)
            Issue.record("Foundation encoded NaN", sourceLocation: sourceLocation)
        } catch let error as EncodingError {
            #expect(error.pathStrings == path, "Foundation", sourceLocation: sourceLocation)
        } catch {
            Issue.record("Unexpected error: \(String(describing: error))", sourceLocation: sourceLocation)
        }
    }

    @Test func encodingDictionaryFailureKeyPath() {
        let toEncode: [String: EncodeFailure] = ["key": EncodeFailure(someValue: Double.nan)]
        snakeCaseEncodingFails(toEncode, at: ["key", "someValue"])
    }

    @Test func encodingDictionaryFailureKeyPathNested() {
        let toEncode: [String: [String: EncodeFailureNested]] = ["key": ["sub_key": EncodeFailureNested(nestedValue: EncodeFailure(someValue: Double.nan))]]
        snakeCaseEncodingFails(toEncode, at: ["key", "sub_key", "nestedValue", "someValue"])
    }

    @Test func encodingKeyStrategySnake() throws {
        let toSnakeCaseTests = [
            ("simpleOneTwo", "simple_one_two"),
            ("myURL", "my_url"),
            ("singleCharacterAtEndX", "single_character_at_end_x"),
            ("thisIsAnXMLProperty", "this_is_an_xml_property"),
            ("single", "single"),  // no underscore
            ("", ""),  // don't die on empty string
            ("a", "a"),  // single character
            ("aA", "a_a"),  // two characters
            ("version4Thing", "version4_thing"),  // numerics
            ("partCAPS", "part_caps"),  // only insert underscore before first all caps
            ("partCAPSLowerAGAIN", "part_caps_lower_again"),  // switch back and forth caps.
            ("manyWordsInThisThing", "many_words_in_this_thing"),  // simple lowercase + underscore + more
            ("asdfĆqer", "asdf_ćqer"),
            ("already_snake_case", "already_snake_case"),
            ("dataPoint22", "data_point22"),
            ("dataPoint22Word", "data_point22_word"),
            ("_oneTwoThree", "_one_two_three"),
            ("oneTwoThree_", "one_two_three_"),
            ("__oneTwoThree", "__one_two_three"),
            ("oneTwoThree__", "one_two_three__"),
            ("_oneTwoThree_", "_one_two_three_"),
            ("__oneTwoThree", "__one_two_three"),
            ("__oneTwoThree__", "__one_two_three__"),
            ("_test", "_test"),
            ("_test_", "_test_"),
            ("__test", "__test"),
            ("test__", "test__"),
            ("m͉̟̹y̦̳G͍͚͎̳r̤͉̤͕ͅea̲͕t͇̥̼͖U͇̝̠R͙̻̥͓̣L̥̖͎͓̪̫ͅR̩͖̩eq͈͓u̞e̱s̙t̤̺ͅ", "m͉̟̹y̦̳_g͍͚͎̳r̤͉̤͕ͅea̲͕t͇̥̼͖_u͇̝̠r͙̻̥͓̣l̥̖͎͓̪̫ͅ_r̩͖̩eq͈͓u̞e̱s̙t̤̺ͅ"),  // because Itai wanted to test this
            ("🐧🐟", "🐧🐟"),  // fishy emoji example?
        ]

        for test in toSnakeCaseTests {
            let expected = "{\"\(test.1)\":\"test\"}"
            let encoded = EncodeMe(keyName: test.0)

            let encoder = JSON.Encoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            let resultData = try encoder.encode(encoded) as Data
            #expect(expected == Self.text(resultData))

            let foundation = JSONEncoder()
            foundation.keyEncodingStrategy = .convertToSnakeCase
            #expect(Self.text(resultData) == Self.text(try foundation.encode(encoded)))
        }
    }

    // MARK: - .sortedKeys Tests
    @Test func encodingTopLevelStructuredClass() {
        // Person is a class with multiple fields.
        let expectedJSON = Data("{\"email\":\"appleseed@apple.com\",\"name\":\"Johnny Appleseed\"}".utf8)
        let person = Person.testValue
        _testRoundTrip(of: person, expectedJSON: expectedJSON, outputFormatting: [.sortedKeys])
    }

    @Test func encodingOutputFormattingSortedKeys() {
        let expectedJSON = Data("{\"email\":\"appleseed@apple.com\",\"name\":\"Johnny Appleseed\"}".utf8)
        let person = Person.testValue
        _testRoundTrip(of: person, expectedJSON: expectedJSON, outputFormatting: [.sortedKeys])
    }

    // A deliberate difference: Foundation's pretty layout is `"key" : value`, ours
    // `"key": value` (the common layout, as JavaScript's JSON.stringify writes it).
    // `.foundationLayout` writes Foundation's byte for byte, which `_testRoundTrip`
    // compares with Foundation's output for every pretty, sorted round trip.
    @Test func encodingOutputFormattingPrettyPrintedSortedKeys() throws {
        let foundationJSON = "{\n  \"email\" : \"appleseed@apple.com\",\n  \"name\" : \"Johnny Appleseed\"\n}"
        let expectedJSON = Data("{\n  \"email\": \"appleseed@apple.com\",\n  \"name\": \"Johnny Appleseed\"\n}".utf8)
        let person = Person.testValue
        _testRoundTrip(of: person, expectedJSON: expectedJSON, outputFormatting: [.prettyPrinted, .sortedKeys])

        let foundation = JSONEncoder()
        foundation.outputFormatting = [.prettyPrinted, .sortedKeys]
        #expect(Self.text(try foundation.encode(person)) == foundationJSON)
        let encoder = JSON.Encoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .foundationLayout]
        #expect(Self.text(try encoder.encode(person)) == foundationJSON)
    }

    @Test func encodingSortedKeys() {
        // When requesting sorted keys, dictionary keys are sorted prior to being written out.
        // This sort should be stable, numeric, and follow human-readable sorting rules as defined by the system locale.
        let dict = [
            // These three keys should appear in a stable, deterministic ordering relative to one another, regardless of their order in the dictionary.
            // For example, if the sort were naively case-insensitive, these three would be `NSOrderedSame`, and would not swap with one another in the sort, maintaining their relative ordering based on their position in the dictionary. The inclusion of other keys in the dictionary can alter their relative ordering (because of hashing), producing non-stable output.
            "Foo": 1,
            "FOO": 2,
            "foo": 3,

            // These keys should output in numeric order (1, 2, 3, 11, 12) rather than literal string order (1, 11, 12, 2, 3).
            "foo1": 4,
            "Foo2": 5,
            "foo3": 6,
            "foo12": 7,
            "Foo11": 8,

            // This key should be sorted in a human-readable way (e.g. among the other "foo" keys, not after them just because the binary value of 'ø' > 'o').
            "føo": 9,
            "bar": 10,
        ]

        _testRoundTrip(
            of: dict, expectedJSON: Data(#"{"FOO":2,"Foo":1,"Foo11":8,"Foo2":5,"bar":10,"foo":3,"foo1":4,"foo12":7,"foo3":6,"føo":9}"#.utf8),
            outputFormatting: [.sortedKeys])
    }

    @Test func encodingSortedKeysStableOrdering() {
        // We want to make sure that keys of different length (but with identical prefixes) always sort in a stable way, regardless of their hash ordering.
        var dict = ["AAA": 1, "AAAAAAB": 2]
        var expectedJSONString = "{\"AAA\":1,\"AAAAAAB\":2}"
        _testRoundTrip(of: dict, expectedJSON: Data(expectedJSONString.utf8), outputFormatting: [.sortedKeys])

        // We don't want this test to rely on the hashing of Strings or how Dictionary uses that hash.
        // We'll insert a large number of keys into this dictionary and guarantee that the ordering of the above keys has indeed not changed.
        // To ensure that we don't accidentally test the same (passing) case every time these keys will be shuffled.
        // (Here with a fixed seed, so that a failure repeats.)
        let testSize = 256
        var Ns = Array(0..<testSize)
        var generator = SeededGenerator(seed: 0x5EED_F0C5)

        // Simple Fisher-Yates shuffle.
        for i in Ns.indices.reversed() {
            let index = Int(Double.random(in: 0.0..<Double(i + 1), using: &generator))
            let N = Ns[i]
            Ns[i] = Ns[index]

            // Normally we'd set Ns[index] = N, but since all we need this value for is for inserting into the dictionary later, we can do it right here and not even write back to the source array.
            // No need to do an O(n) loop over Ns again.
            dict["key\(N)"] = N
        }

        let numberKeys = (0..<testSize).map { "\($0)" }.sorted()
        for key in numberKeys {
            let insertedKeyJSON = ",\"key\(key)\":\(key)"
            expectedJSONString.insert(contentsOf: insertedKeyJSON, at: expectedJSONString.index(before: expectedJSONString.endIndex))
        }

        _testRoundTrip(of: dict, expectedJSON: Data(expectedJSONString.utf8), outputFormatting: [.sortedKeys])
    }

    // MARK: - URL Tests
    @Test func interceptURL() {
        // Want to make sure JSONEncoder writes out single-value URLs, not the keyed encoding.
        let expectedJSON = Data("\"http:\\/\\/swift.org\"".utf8)
        let url = URL(string: "http://swift.org")!
        _testRoundTrip(of: url, expectedJSON: expectedJSON)

        // Optional URLs should encode the same way.
        _testRoundTrip(of: Optional(url), expectedJSON: expectedJSON)
    }

    @Test func interceptURLWithoutEscapingOption() {
        // Want to make sure JSONEncoder writes out single-value URLs, not the keyed encoding.
        let expectedJSON = Data("\"http://swift.org\"".utf8)
        let url = URL(string: "http://swift.org")!
        _testRoundTrip(of: url, expectedJSON: expectedJSON, outputFormatting: [.withoutEscapingSlashes])

        // Optional URLs should encode the same way.
        _testRoundTrip(of: Optional(url), expectedJSON: expectedJSON, outputFormatting: [.withoutEscapingSlashes])
    }
}
