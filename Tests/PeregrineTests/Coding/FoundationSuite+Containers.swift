// Foundation's JSONEncoderTests (see FoundationSuiteTests.swift for the source and its license):
// containers, super encoders, the coders' state after errors.

import Foundation
import Peregrine
import Testing
import TestSupport

extension FoundationSuiteTests {
    // A deliberate difference: Foundation stops the program (a precondition) when a keyed
    // container asks for an unkeyed container under a key that holds a keyed container.
    // We never trap on what a model does with its containers: as for a key encoded twice,
    // the last container opened for the key wins.
    @Test func encodingConflictedTypeNestedContainersWithTheSameTopLevelKey() async throws {
        struct Model: Encodable, Equatable {
            let first: String

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: TopLevelCodingKeys.self)

                var firstNestedContainer = container.nestedContainer(keyedBy: FirstNestedCodingKeys.self, forKey: .top)
                try firstNestedContainer.encode(self.first, forKey: .first)

                // The following line would fail as it attempts to re-encode into already encoded container is invalid. This will always fail
                var secondNestedContainer = container.nestedUnkeyedContainer(forKey: .top)
                try secondNestedContainer.encode("second")
            }

            init(first: String) {
                self.first = first
            }

            static var testValue: Model {
                return Model(first: "Johnny Appleseed")
            }

            enum TopLevelCodingKeys: String, CodingKey {
                case top
            }
            enum FirstNestedCodingKeys: String, CodingKey {
                case first
            }
        }

        #expect(Self.text(try JSON.Encoder().encode(Model.testValue)) == #"{"top":["second"]}"#)
        await #expect(processExitsWith: .failure) {
            _ = try JSONEncoder().encode(Model.testValue)
        }
    }

    // MARK: - Encoder Features
    @Test func nestedContainerCodingPaths() {
        #expect(throws: Never.self) {
            try JSON.Encoder().encode(NestedContainersTestType()) as Data
        }
        #expect(throws: Never.self) {
            try JSONEncoder().encode(NestedContainersTestType())
        }
    }

    @Test func superEncoderCodingPaths() {
        #expect(throws: Never.self) {
            try JSON.Encoder().encode(NestedContainersTestType(testSuperEncoder: true)) as Data
        }
        #expect(throws: Never.self) {
            try JSONEncoder().encode(NestedContainersTestType(testSuperEncoder: true))
        }
    }

    // MARK: - Encoder State
    struct ReferencingEncoderWrapper<T: Encodable>: Encodable {
        let value: T
        init(_ value: T) { self.value = value }

        func encode(to encoder: Encoder) throws {
            // This approximates a subclass calling into its superclass, where the superclass encodes a value that might throw.
            // The key here is that getting the superEncoder creates a referencing encoder.
            var container = encoder.unkeyedContainer()
            let superEncoder = container.superEncoder()

            // Pushing a nested container on leaves the referencing encoder with multiple containers.
            var nestedContainer = superEncoder.unkeyedContainer()
            try nestedContainer.encode(value)
        }
    }

    enum CustomError: Error { case foo }

    // SR-6078
    @Test func encoderStateThrowOnEncode() {
        // The structure that would be encoded here looks like
        //
        //   [[[Float.infinity]]]
        //
        // The wrapper asks for an unkeyed container ([^]), gets a super encoder, and creates a nested container into that ([[^]]).
        // We then encode an array into that ([[[^]]]), which happens to be a value that causes us to throw an error.
        //
        // The issue at hand reproduces when you have a referencing encoder (superEncoder() creates one) that has a container on the stack (unkeyedContainer() adds one) that encodes a value going through box_() (Array does that) that encodes something which throws (Float.infinity does that).
        // When reproducing, this will cause a test failure via fatalError().
        let value = ReferencingEncoderWrapper([Float.infinity])
        var foundationPath: [String]?
        do {
            _ = try JSONEncoder().encode(value)
        } catch let error as EncodingError {
            foundationPath = error.pathStrings
        } catch {
            Issue.record("Unexpected error: \(error)")
        }
        do {
            _ = try JSON.Encoder().encode(value) as Data
            Issue.record("encoded an infinity")
        } catch let error as EncodingError {
            #expect(error.pathStrings == ["Index 0", "Index 0", "Index 0"])
            #expect(error.pathStrings == foundationPath)
        } catch {
            Issue.record("Unexpected error: \(error)")
        }
    }

    @Test func encoderStateThrowOnEncodeCustomDate() {
        // This test is identical to testEncoderStateThrowOnEncode, except throwing via a custom Date closure.
        // The closure needs to push a container before throwing an error to trigger.
        let write = { @Sendable (_: Date, encoder: any Encoder) throws -> Void in
            let _ = encoder.unkeyedContainer()
            throw CustomError.foo
        }
        let encoder = JSON.Encoder()
        encoder.dateEncodingStrategy = .custom(write)
        #expect(throws: CustomError.foo) { try encoder.encode(ReferencingEncoderWrapper(Date())) as Data }

        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .custom(write)
        #expect(throws: CustomError.foo) { try foundation.encode(ReferencingEncoderWrapper(Date())) }
    }

    @Test func encoderStateThrowOnEncodeCustomData() {
        // This test is identical to testEncoderStateThrowOnEncode, except throwing via a custom Data closure.
        // The closure needs to push a container before throwing an error to trigger.
        let write = { @Sendable (_: Data, encoder: any Encoder) throws -> Void in
            let _ = encoder.unkeyedContainer()
            throw CustomError.foo
        }
        let encoder = JSON.Encoder()
        encoder.dataEncodingStrategy = .custom(write)
        #expect(throws: CustomError.foo) { try encoder.encode(ReferencingEncoderWrapper(Data())) as Data }

        let foundation = JSONEncoder()
        foundation.dataEncodingStrategy = .custom(write)
        #expect(throws: CustomError.foo) { try foundation.encode(ReferencingEncoderWrapper(Data())) }
    }

    @Test func issue106506794() throws {
        struct Level1: Codable, Equatable {
            let level2: Level2

            enum CodingKeys: String, CodingKey {
                case level2
            }

            func encode(to encoder: Encoder) throws {
                var keyed = encoder.container(keyedBy: Self.CodingKeys.self)
                var nested = keyed.nestedUnkeyedContainer(forKey: .level2)
                try nested.encode(level2)
            }

            init(from decoder: Decoder) throws {
                let keyed = try decoder.container(keyedBy: Self.CodingKeys.self)
                var nested = try keyed.nestedUnkeyedContainer(forKey: .level2)
                self.level2 = try nested.decode(Level2.self)
            }

            struct Level2: Codable, Equatable {
                let name: String
            }

            init(level2: Level2) {
                self.level2 = level2
            }
        }

        let value = Level1.init(level2: .init(name: "level2"))
        let data = try JSON.Encoder().encode(value) as Data
        #expect(data == (try JSONEncoder().encode(value)))

        #expect(value == (try JSON.Decoder().decode(Level1.self, from: data)))
    }

    // MARK: - Decoder State
    // SR-6048
    @Test func decoderStateThrowOnDecode() throws {
        // The container stack here starts as [[1,2,3]]. Attempting to decode as [String] matches the outer layer (Array), and begins decoding the array.
        // Once Array decoding begins, 1 is pushed onto the container stack ([[1,2,3], 1]), and 1 is attempted to be decoded as String. This throws a .typeMismatch, but the container is not popped off the stack.
        // When attempting to decode [Int], the container stack is still ([[1,2,3], 1]), and 1 fails to decode as [Int].
        let json = Data("[1,2,3]".utf8)
        guard case .u(let numbers) = try JSON.Decoder().decode(EitherDecodable<[String], [Int]>.self, from: json) else {
            Issue.record("decoded [1,2,3] as strings")
            return
        }
        #expect(numbers == [1, 2, 3])
        guard case .u([1, 2, 3]) = try JSONDecoder().decode(EitherDecodable<[String], [Int]>.self, from: json) else {
            Issue.record("Foundation decoded [1,2,3] as strings")
            return
        }
    }

    @Test func decoderStateThrowOnDecodeCustomDate() throws {
        // This test is identical to testDecoderStateThrowOnDecode, except we're going to fail because our closure throws an error, not because we hit a type mismatch.
        let read = { @Sendable (_: any Decoder) throws -> Date in throw CustomError.foo }
        let decoder = JSON.Decoder()
        decoder.dateDecodingStrategy = .custom(read)
        let json = Data("1".utf8)
        guard case .u(1) = try decoder.decode(EitherDecodable<Date, Int>.self, from: json) else {
            Issue.record("decoded 1 as a date")
            return
        }
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .custom(read)
        guard case .u(1) = try foundation.decode(EitherDecodable<Date, Int>.self, from: json) else {
            Issue.record("Foundation decoded 1 as a date")
            return
        }
    }

    @Test func decoderStateThrowOnDecodeCustomData() throws {
        // This test is identical to testDecoderStateThrowOnDecode, except we're going to fail because our closure throws an error, not because we hit a type mismatch.
        let read = { @Sendable (_: any Decoder) throws -> Data in throw CustomError.foo }
        let decoder = JSON.Decoder()
        decoder.dataDecodingStrategy = .custom(read)
        let json = Data("1".utf8)
        guard case .u(1) = try decoder.decode(EitherDecodable<Data, Int>.self, from: json) else {
            Issue.record("decoded 1 as data")
            return
        }
        let foundation = JSONDecoder()
        foundation.dataDecodingStrategy = .custom(read)
        guard case .u(1) = try foundation.decode(EitherDecodable<Data, Int>.self, from: json) else {
            Issue.record("Foundation decoded 1 as data")
            return
        }
    }

    @Test func decodingFailure() {
        struct DecodeFailure: Decodable {
            var invalid: String
        }
        let toDecode = "{\"invalid\": json}"
        let error = _testDecodeFailure(of: DecodeFailure.self, data: Data(toDecode.utf8))
        expectParseError(error, .unexpectedCharacter, at: 12)
    }

    @Test func decodingFailureThrowInInitKeyedContainer() {
        struct DecodeFailure: Decodable {
            private enum CodingKeys: String, CodingKey {
                case checkedString
            }

            enum Error: Swift.Error {
                case expectedError
            }

            var checkedString: String
            init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                let string = try container.decode(String.self, forKey: .checkedString)
                guard string == "foo" else {
                    throw Error.expectedError
                }
                self.checkedString = string  // shouldn't happen
            }
        }

        let toDecode = "{ \"checkedString\" : \"baz\" }"
        let error = _testDecodeFailure(of: DecodeFailure.self, data: Data(toDecode.utf8))
        #expect(error as? DecodeFailure.Error == .expectedError)
    }

    @Test func decodingFailureThrowInInitSingleContainer() {
        struct DecodeFailure: Decodable {
            enum Error: Swift.Error {
                case expectedError
            }

            var checkedString: String
            init(from decoder: Decoder) throws {
                let container = try decoder.singleValueContainer()
                let string = try container.decode(String.self)
                guard string == "foo" else {
                    throw Error.expectedError
                }
                self.checkedString = string  // shouldn't happen
            }
        }

        let toDecode = "{ \"checkedString\" : \"baz\" }"
        let error = _testDecodeFailure(of: DecodeFailure.self, data: Data(toDecode.utf8))
        Self.expectDecodingError(error, "typeMismatch", path: [])
    }

    @Test func invalidFragment() {
        struct DecodeFailure: Decodable {
            var foo: String
        }
        let toDecode = "\"foo"
        let error = _testDecodeFailure(of: DecodeFailure.self, data: Data(toDecode.utf8))
        expectParseError(error, .unterminatedString, at: 0)
    }

    @Test func repeatedFailedNilChecks() {
        struct RepeatNilCheckDecodable: Decodable {
            enum Failure: Error {
                case badNil
                case badValue(expected: Int, actual: Int)
            }

            init(from decoder: Decoder) throws {
                var unkeyedContainer = try decoder.unkeyedContainer()

                guard try unkeyedContainer.decodeNil() == false else {
                    throw Failure.badNil
                }
                guard try unkeyedContainer.decodeNil() == false else {
                    throw Failure.badNil
                }
                let value = try unkeyedContainer.decode(Int.self)
                guard value == 1 else {
                    throw Failure.badValue(expected: 1, actual: value)
                }

                guard try unkeyedContainer.decodeNil() == false else {
                    throw Failure.badNil
                }
                guard try unkeyedContainer.decodeNil() == false else {
                    throw Failure.badNil
                }
                let value2 = try unkeyedContainer.decode(Int.self)
                guard value2 == 2 else {
                    throw Failure.badValue(expected: 2, actual: value2)
                }

                guard try unkeyedContainer.decodeNil() == false else {
                    throw Failure.badNil
                }
                guard try unkeyedContainer.decodeNil() == false else {
                    throw Failure.badNil
                }
                let value3 = try unkeyedContainer.decode(Int.self)
                guard value3 == 3 else {
                    throw Failure.badValue(expected: 3, actual: value3)
                }
            }
        }
        let json = Data("[1, 2, 3]".utf8)
        #expect(throws: Never.self) {
            try JSON.Decoder().decode(RepeatNilCheckDecodable.self, from: json)
        }
        #expect(throws: Never.self) {
            try JSONDecoder().decode(RepeatNilCheckDecodable.self, from: json)
        }
    }

    @Test func delayedDecoding() throws {

        // One variation is deferring the use of a container.
        struct DelayedDecodable_ContainerVersion: Codable {
            var _i: Int? = nil
            init(_ i: Int) {
                self._i = i
            }

            func encode(to encoder: Encoder) throws {
                var c = encoder.unkeyedContainer()
                try c.encode(_i!)
            }

            var cont: UnkeyedDecodingContainer? = nil
            init(from decoder: Decoder) throws {
                cont = try decoder.unkeyedContainer()
            }

            var i: Int {
                get throws {
                    if let i = _i {
                        return i
                    }
                    var contCopy = cont!
                    return try contCopy.decode(Int.self)
                }
            }
        }

        let before = DelayedDecodable_ContainerVersion(42)
        let data = try JSON.Encoder().encode(before) as Data
        #expect(data == (try JSONEncoder().encode(before)))

        let decoded = try JSON.Decoder().decode(DelayedDecodable_ContainerVersion.self, from: data)
        #expect(try decoded.i == 42)

        // The other variant is deferring the use of the *top-level* decoder. This does NOT work for non-top level decoders.
        struct DelayedDecodable_DecoderVersion: Codable {
            var _i: Int? = nil
            init(_ i: Int) {
                self._i = i
            }

            func encode(to encoder: Encoder) throws {
                var c = encoder.unkeyedContainer()
                try c.encode(_i!)
            }

            var decoder: Decoder? = nil
            init(from decoder: Decoder) throws {
                self.decoder = decoder
            }

            var i: Int {
                get throws {
                    if let i = _i {
                        return i
                    }
                    var unkeyed = try decoder!.unkeyedContainer()
                    return try unkeyed.decode(Int.self)
                }
            }
        }
        // Reuse the same data.
        let decoded2 = try JSON.Decoder().decode(DelayedDecodable_DecoderVersion.self, from: data)
        #expect(try decoded2.i == 42)
    }

    @Test func valueNotFoundError() {
        struct ValueNotFound: Decodable {
            let a: Bool
            let nope: String?

            enum CodingKeys: String, CodingKey {
                case a, nope
            }

            init(from decoder: Decoder) throws {
                let keyed = try decoder.container(keyedBy: CodingKeys.self)
                self.a = try keyed.decode(Bool.self, forKey: .a)

                do {
                    let sup = try keyed.superDecoder(forKey: .nope)
                    self.nope = try sup.singleValueContainer().decode(String.self)
                } catch DecodingError.valueNotFound {
                    // This is fine.
                    self.nope = nil
                }
            }
        }
        let json = Data("{\"a\":true}".utf8)

        // The expected valueNotFound error is swalled by the init(from:) implementation.
        #expect(throws: Never.self) {
            try JSON.Decoder().decode(ValueNotFound.self, from: json)
        }
        #expect(throws: Never.self) {
            try JSONDecoder().decode(ValueNotFound.self, from: json)
        }
    }

    @Test func superEncoders() throws {
        struct SuperEncoding: Encodable {
            enum CodingKeys: String, CodingKey {
                case firstSuper
                case secondSuper
                case unkeyed
                case direct
            }
            func encode(to encoder: Encoder) throws {
                var keyed = encoder.container(keyedBy: CodingKeys.self)

                let keyedSuper1 = keyed.superEncoder(forKey: .firstSuper)
                let keyedSuper2 = keyed.superEncoder(forKey: .secondSuper)
                var keyedSVC1 = keyedSuper1.singleValueContainer()
                var keyedSVC2 = keyedSuper2.singleValueContainer()
                try keyedSVC1.encode("First")
                try keyedSVC2.encode("Second")

                var unkeyed = keyed.nestedUnkeyedContainer(forKey: .unkeyed)
                try unkeyed.encode(0)
                let unkeyedSuper1 = unkeyed.superEncoder()
                let unkeyedSuper2 = unkeyed.superEncoder()
                try unkeyed.encode(42)
                var unkeyedSVC1 = unkeyedSuper1.singleValueContainer()
                var unkeyedSVC2 = unkeyedSuper2.singleValueContainer()
                try unkeyedSVC1.encode("First")
                try unkeyedSVC2.encode("Second")

                let directSuper = keyed.superEncoder(forKey: .direct)
                try ["direct": "super"].encode(to: directSuper)

                // NOTE!!! At present, the order in which the values in the unkeyed container's superEncoders above get inserted into the resulting array depends on the order in which the superEncoders are deinit'd!! This can result in some very unexpected results, and this pattern is not recommended. This test exists just to verify compatibility.
            }
        }
        let data = try JSON.Encoder().encode(SuperEncoding()) as Data
        let string = Self.text(data)

        #expect(string.contains("\"firstSuper\":\"First\""))
        #expect(string.contains("\"secondSuper\":\"Second\""))
        #expect(string.contains("[0,\"First\",\"Second\",42]"))
        #expect(string.contains("{\"direct\":\"super\"}"))
        #expect(Self.sameJSON(data, try JSONEncoder().encode(SuperEncoding())))
    }

    @Test func redundantKeys() throws {
        // Last encoded key wins.

        struct RedundantEncoding: Encodable {
            enum ReplacedType {
                case value
                case keyedContainer
                case unkeyedContainer
            }
            let replacedType: ReplacedType
            let useSuperEncoder: Bool

            enum CodingKeys: String, CodingKey {
                case key
            }
            func encode(to encoder: Encoder) throws {
                var keyed = encoder.container(keyedBy: CodingKeys.self)
                switch replacedType {
                case .value:
                    try keyed.encode(0, forKey: .key)
                case .keyedContainer:
                    let _ = keyed.nestedContainer(keyedBy: CodingKeys.self, forKey: .key)
                case .unkeyedContainer:
                    let _ = keyed.nestedUnkeyedContainer(forKey: .key)
                }
                if useSuperEncoder {
                    var svc = keyed.superEncoder(forKey: .key).singleValueContainer()
                    try svc.encode(42)
                } else {
                    try keyed.encode(42, forKey: .key)
                }
            }
        }
        for replacedType in [RedundantEncoding.ReplacedType.value, .keyedContainer, .unkeyedContainer] {
            for useSuperEncoder in [false, true] {
                let value = RedundantEncoding(replacedType: replacedType, useSuperEncoder: useSuperEncoder)
                let data = try JSON.Encoder().encode(value) as Data
                #expect(Self.text(data) == "{\"key\":42}", "\(replacedType), super encoder: \(useSuperEncoder)")
                #expect(data == (try JSONEncoder().encode(value)))
            }
        }
    }

    // A deliberate difference: Foundation stops the program (a precondition) when a keyed
    // container replaces a value or a container of the other kind under one key. We never
    // trap on what a model does with its containers: the last container opened for the key
    // wins, as the last value encoded for a key does.
    @Test func preconditionFailuresForContainerReplacement() async throws {
        struct RedundantEncoding: Encodable {
            enum Subcase {
                case replaceValueWithKeyedContainer
                case replaceValueWithUnkeyedContainer
                case replaceKeyedContainerWithUnkeyed
                case replaceUnkeyedContainerWithKeyed
            }
            let subcase: Subcase

            enum CodingKeys: String, CodingKey {
                case key
            }
            func encode(to encoder: Encoder) throws {
                switch subcase {
                case .replaceValueWithKeyedContainer:
                    var keyed = encoder.container(keyedBy: CodingKeys.self)
                    try keyed.encode(42, forKey: .key)
                    let _ = keyed.nestedContainer(keyedBy: CodingKeys.self, forKey: .key)
                case .replaceValueWithUnkeyedContainer:
                    var keyed = encoder.container(keyedBy: CodingKeys.self)
                    try keyed.encode(42, forKey: .key)
                    let _ = keyed.nestedUnkeyedContainer(forKey: .key)
                case .replaceKeyedContainerWithUnkeyed:
                    var keyed = encoder.container(keyedBy: CodingKeys.self)
                    let _ = keyed.nestedContainer(keyedBy: CodingKeys.self, forKey: .key)
                    let _ = keyed.nestedUnkeyedContainer(forKey: .key)
                case .replaceUnkeyedContainerWithKeyed:
                    var keyed = encoder.container(keyedBy: CodingKeys.self)
                    let _ = keyed.nestedUnkeyedContainer(forKey: .key)
                    let _ = keyed.nestedContainer(keyedBy: CodingKeys.self, forKey: .key)
                }
            }
        }
        let cases: [(RedundantEncoding.Subcase, String)] = [
            (.replaceValueWithKeyedContainer, #"{"key":{}}"#),
            (.replaceValueWithUnkeyedContainer, #"{"key":[]}"#),
            (.replaceKeyedContainerWithUnkeyed, #"{"key":[]}"#),
            (.replaceUnkeyedContainerWithKeyed, #"{"key":{}}"#),
        ]
        for (subcase, expected) in cases {
            #expect(Self.text(try JSON.Encoder().encode(RedundantEncoding(subcase: subcase))) == expected, "\(subcase)")
        }
        await #expect(processExitsWith: .failure) {
            let _ = try JSONEncoder().encode(RedundantEncoding(subcase: .replaceValueWithKeyedContainer))
        }
        await #expect(processExitsWith: .failure) {
            let _ = try JSONEncoder().encode(RedundantEncoding(subcase: .replaceValueWithUnkeyedContainer))
        }
        await #expect(processExitsWith: .failure) {
            let _ = try JSONEncoder().encode(RedundantEncoding(subcase: .replaceKeyedContainerWithUnkeyed))
        }
        await #expect(processExitsWith: .failure) {
            let _ = try JSONEncoder().encode(RedundantEncoding(subcase: .replaceUnkeyedContainerWithKeyed))
        }
    }

    @Test func encodingMultipleNestedContainersWithTheSameTopLevelKey() {
        struct Model: Codable, Equatable {
            let first: String
            let second: String

            init(from coder: Decoder) throws {
                let container = try coder.container(keyedBy: TopLevelCodingKeys.self)

                let firstNestedContainer = try container.nestedContainer(keyedBy: FirstNestedCodingKeys.self, forKey: .top)
                self.first = try firstNestedContainer.decode(String.self, forKey: .first)

                let secondNestedContainer = try container.nestedContainer(keyedBy: SecondNestedCodingKeys.self, forKey: .top)
                self.second = try secondNestedContainer.decode(String.self, forKey: .second)
            }

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: TopLevelCodingKeys.self)

                var firstNestedContainer = container.nestedContainer(keyedBy: FirstNestedCodingKeys.self, forKey: .top)
                try firstNestedContainer.encode(self.first, forKey: .first)

                var secondNestedContainer = container.nestedContainer(keyedBy: SecondNestedCodingKeys.self, forKey: .top)
                try secondNestedContainer.encode(self.second, forKey: .second)
            }

            init(first: String, second: String) {
                self.first = first
                self.second = second
            }

            static var testValue: Model {
                return Model(first: "Johnny Appleseed", second: "appleseed@apple.com")
            }

            enum TopLevelCodingKeys: String, CodingKey {
                case top
            }

            enum FirstNestedCodingKeys: String, CodingKey {
                case first
            }
            enum SecondNestedCodingKeys: String, CodingKey {
                case second
            }
        }

        let model = Model.testValue
        let expectedJSON = Data("{\"top\":{\"first\":\"Johnny Appleseed\",\"second\":\"appleseed@apple.com\"}}".utf8)
        _testRoundTrip(of: model, expectedJSON: expectedJSON, outputFormatting: [.sortedKeys])
    }

    @Test func redundantKeyedContainer() throws {
        struct EncodesTwice: Encodable {
            enum CodingKeys: String, CodingKey {
                case container
                case somethingElse
            }

            struct Nested: Encodable {
                let foo = "Test"
            }

            func encode(to encoder: Encoder) throws {
                var topLevel = encoder.container(keyedBy: CodingKeys.self)
                try topLevel.encode("Foo", forKey: .somethingElse)

                // Encode an object-like JSON value for the key "container"
                try topLevel.encode(Nested(), forKey: .container)

                // A nested container for the same "container" key should reuse the previous container, appending to it, instead of asserting. 106648746.
                var secondAgain = topLevel.nestedContainer(keyedBy: CodingKeys.self, forKey: .container)
                try secondAgain.encode("SecondAgain", forKey: .somethingElse)
            }
        }

        let encoder = JSON.Encoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(EncodesTwice()) as Data
        #expect(Self.text(data) == "{\"container\":{\"foo\":\"Test\",\"somethingElse\":\"SecondAgain\"},\"somethingElse\":\"Foo\"}")

        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        #expect(data == (try foundation.encode(EncodesTwice())))
    }

    @Test func singleValueDictionaryAmendedByContainer() throws {
        struct Test: Encodable {
            enum CodingKeys: String, CodingKey {
                case a
            }

            func encode(to encoder: Encoder) throws {
                var svc = encoder.singleValueContainer()
                try svc.encode(["a": "b", "other": "foo"])

                var keyed = encoder.container(keyedBy: CodingKeys.self)
                try keyed.encode("c", forKey: .a)
            }
        }
        let encoder = JSON.Encoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(Test()) as Data
        #expect(Self.text(data) == "{\"a\":\"c\",\"other\":\"foo\"}")

        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        #expect(data == (try foundation.encode(Test())))
    }

    // MARK: - SharedSubEncoder Stale State Tests
    struct AlwaysFailingValue: Encodable {
        func encode(to encoder: Encoder) throws {
            throw EncodingError.invalidValue(self, .init(codingPath: encoder.codingPath, debugDescription: "Value cannot be encoded"))
        }
    }

    /// Regression test: encoding a dictionary containing a throwing value via `try?`,
    /// followed by two nil Optional encodings, used to crash with SIGTRAP because the
    /// cached sharedSubEncoder retained stale storage from the failed encoding.
    @Test func sharedSubEncoderStaleStateCrash() throws {
        struct Model: Encodable {
            enum CodingKeys: String, CodingKey {
                case dict, nilField1, nilField2
            }

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try? container.encode(["key": AlwaysFailingValue()], forKey: .dict)
                try? container.encode(nil as Int?, forKey: .nilField1)
                try? container.encode(nil as Int?, forKey: .nilField2)
            }
        }

        let encoder = JSON.Encoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(Model()) as Data
        let jsonString = Self.text(data)
        #expect(jsonString.contains("\"nilField1\":null"))
        #expect(jsonString.contains("\"nilField2\":null"))
        #expect(!jsonString.contains("\"nilField1\":{}"))
        #expect(!jsonString.contains("\"nilField2\":{}"))
        // What Foundation writes since this regression was fixed; the one in the toolchain
        // (6.3.1) predates the fix and stops the program here, so it is not compared.
        #expect(jsonString == #"{"nilField1":null,"nilField2":null}"#)
    }

    /// Regression test: after a failed dictionary encoding via `try?`, a single nil
    /// Optional should produce `null` rather than the stale `{}` object.
    @Test func sharedSubEncoderStaleStateDataCorrectness() throws {
        struct Model: Encodable {
            enum CodingKeys: String, CodingKey {
                case dict, nilField
            }

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try? container.encode(["key": AlwaysFailingValue()], forKey: .dict)
                try? container.encode(nil as Int?, forKey: .nilField)
            }
        }

        let data = try JSON.Encoder().encode(Model()) as Data
        let jsonString = Self.text(data)
        #expect(jsonString.contains("\"nilField\":null"))
        #expect(!jsonString.contains("\"nilField\":{}"))
        // What Foundation writes since the fix (the toolchain's predates it: not compared).
        #expect(jsonString == #"{"nilField":null}"#)
    }
}
