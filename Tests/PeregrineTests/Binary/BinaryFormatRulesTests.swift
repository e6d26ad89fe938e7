import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery

/// What the format forbids, checked alike by every reader (the same error
/// kind at the same offset), and refused by every writer: the bytes a read
/// may produce, repeated member names, equal set elements, malformed
/// decimals and dates out of range; and record fields that look like the
/// type marker in JSON.
struct BinaryFormatRulesTests {
    /// A file around `body`: header with no hints, then `strings`.
    static func file(strings: [[UInt8]] = [], _ body: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x47, 0x42, 1, 0, 0, 0] + varint(strings.count)
        for string in strings { bytes += varint(string.count) + string }
        return bytes + body
    }

    static func file(strings: [String], _ body: [UInt8]) -> [UInt8] { file(strings: strings.map { Array($0.utf8) }, body) }

    static func varint(_ value: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = UInt64(value)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        return bytes + [UInt8(rest)]
    }

    static func double(_ value: Double) -> [UInt8] { withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) } }

    /// A model that reads nothing: `Binary.Decoder` still checks the whole file.
    struct Nothing: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// Each reader's error for `bytes`, by name (`nil` when it read them).
    static func errors(_ bytes: [UInt8], limits: Binary.DecodingLimits = .init()) -> [String: Binary.DecodingError?] {
        var decoder = Binary.Decoder()
        decoder.limits = limits
        func attempt(_ read: () throws -> Void) -> Binary.DecodingError? {
            do {
                try read()
                return nil
            } catch let error as Binary.DecodingError {
                return error
            } catch let error as DecodingError {
                return error.binaryError
            } catch {
                return nil
            }
        }
        return [
            "Binary.Value": attempt { _ = try Binary.Value(decoding: bytes, limits: limits) },
            "JSON(binary:)": attempt { _ = try JSON(binary: bytes, limits: limits) },
            "Binary.Summary": attempt { _ = try Binary.Summary(of: bytes, limits: limits) },
            "Binary.Decoder": attempt { _ = try decoder.decode(Nothing.self, from: bytes) },
            "decodeGraph": attempt { _ = try decoder.decodeGraph(from: bytes) },
        ]
    }

    /// Every reader fails with `kind` at `offset`.
    static func expectEveryReader(
        _ bytes: [UInt8], fails kind: Binary.DecodingError.Kind, at offset: Int, limits: Binary.DecodingLimits = .init(),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        for (reader, error) in errors(bytes, limits: limits) {
            #expect(error?.kind == kind && error?.offset == offset, "\(reader): \(String(describing: error))", sourceLocation: sourceLocation)
        }
    }

    /// Every reader reads `bytes`.
    static func expectEveryReaderReads(_ bytes: [UInt8], limits: Binary.DecodingLimits = .init(), sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for (reader, error) in errors(bytes, limits: limits) {
            #expect(error == nil, "\(reader): \(String(describing: error))", sourceLocation: sourceLocation)
        }
    }

    /// The kind of the error `body` throws, if it throws a `Binary.EncodingError`.
    static func encodingErrorKind(_ body: () throws -> Any) -> Binary.EncodingError.Kind? {
        do {
            _ = try body()
            return nil
        } catch let error as Binary.EncodingError {
            return error.kind
        } catch {
            return nil
        }
    }

    // MARK: Bytes produced

    @Test func theBytesAReadProducesAreBounded() {
        let limits = Binary.DecodingLimits(maxOutputBytes: 4_000)
        let hundred = String(repeating: "x", count: 100)
        // 50 references to a 100-byte string: the 41st passes 4,000 bytes.
        // The string starts at 10, the array at 110, reference k at 113 + 2k.
        let strings = Self.file(strings: [hundred], [0x08, 50] + Array([UInt8]([0x07, 0x00]).repeated(50)))
        Self.expectEveryReader(strings, fails: .outputTooLarge, at: 113 + 2 * 40, limits: limits)
        Self.expectEveryReaderReads(strings, limits: .init(maxOutputBytes: 5_000))
        // The same name for 50 members of nested objects: names count too.
        var nested: [UInt8] = []
        for _ in 0..<50 { nested += [0x09, 0x01, 0x00] }
        Self.expectEveryReader(Self.file(strings: [hundred], nested + [0x00]), fails: .outputTooLarge, at: 110 + 3 * 40 + 2, limits: limits)
        // A shared 1,000-byte data value and back-references to it: the fourth
        // repeat passes 4,000 (data at 12, its bytes from 15, references from 1015).
        let data = Self.file([0x08, 6, 0x12, 0x0B] + Self.varint(1_000) + [UInt8](repeating: 7, count: 1_000) + Array([UInt8]([0x13, 0x00]).repeated(5)))
        Self.expectEveryReader(data, fails: .outputTooLarge, at: 1016 + 2 * 3, limits: limits)
        // The default: 256 MiB, whatever the file's size.
        #expect(Binary.DecodingLimits().maxOutputBytes == 256 << 20)
    }

    @Test func aSmallFileOfReferencesToAMegabyteStringStopsAt256MiB() {
        // 2,000 references to one 1 MiB string: 2 GiB once converted (it took
        // 16 s and 4.1 GB as JSON). The 257th reference passes the default.
        let mebibyte = [UInt8](repeating: 0x61, count: 1 << 20)
        let bytes = Self.file(strings: [mebibyte], [0x08] + Self.varint(2_000) + Array([UInt8]([0x07, 0x00]).repeated(2_000)))
        let table = 9 + 3 + (1 << 20)
        Self.expectEveryReader(bytes, fails: .outputTooLarge, at: table + 3 + 2 * 256 + 1)
    }

    // MARK: Record fields named like the type marker

    @Test func aFieldNamedClassNeverChangesTheRecordsType() throws {
        let user: Binary.Value = .record(type: "User", fields: [
            .init(key: "$class", value: .string("Admin")), .init(key: "name", value: .string("Ann")),
            .init(key: "$$class", value: .number(JSON.Number(1))), .init(key: "$x", value: .null),
        ])
        let json = try JSON(binary: user.encoded())
        #expect(try json.serializedString() == #"{"$class":"User","$$class":"Admin","name":"Ann","$$$class":1,"$x":null}"#)
        // JSON and back, as `convert --to json` then `--to binary --bootstrap`: the same record.
        #expect(try Binary.Value(decoding: json.binaryEncoded(bootstrapping: true)) == user)
        // The graph decoder names fields the same way.
        let graph = try #require(try Binary.Decoder().decodeGraph(from: user.encoded()) as? [String: Any])
        #expect(graph["$class"] as? String == "User" && graph["$$class"] as? String == "Admin" && graph["$$$class"] != nil)
    }

    // MARK: Values JSON and the format cannot hold

    @Test func nonFiniteNumbersHaveNoJSONForm() throws {
        let bytes = try Binary.Value.array([.number(JSON.Number(Double.nan)), .number(JSON.Number(-Double.infinity))]).encoded()
        let json = try JSON(binary: bytes)  // JSON values hold them (JSON5 does)
        do {
            _ = try json.serialized()
            Issue.record("wrote NaN as JSON")
        } catch {
            #expect(error.kind == .nonFiniteNumber)
        }
        #expect(try json.serializedString(options: [.nonConformingFloats(.json5Literals)]) == "[NaN,-Infinity]")
    }

    @Test func datesMustBeFiniteYears1To9999() throws {
        for seconds in [Double.nan, .infinity, -.infinity, 1e300, 253_402_300_800, -62_135_596_801] {
            Self.expectEveryReader(Self.file([0x08, 0x02, 0x00, 0x0A] + Self.double(seconds)), fails: .invalidValue, at: 12)
            #expect(Self.encodingErrorKind { try Binary.Value.date(Date(timeIntervalSince1970: seconds)).encoded() } == .invalidValue)
            #expect(Self.encodingErrorKind { try Binary.Encoder().encode([Date(timeIntervalSince1970: seconds)]) as [UInt8] } == .invalidValue)
        }
        let last = Self.file([0x0A] + Self.double(253_402_300_799))
        Self.expectEveryReaderReads(last)
        #expect(try JSON(binary: last).string == "9999-12-31T23:59:59.000Z")
        Self.expectEveryReaderReads(Self.file([0x0A] + Self.double(-62_135_596_800)))
    }

    @Test func decimalsAreDigitsWithoutExponent() throws {
        for text in ["--1", "1e5", "1.5E3", "1.", ".5", "01", "-", "", " 1", "1 ", "+1", "NaN", "1" + String(repeating: "0", count: 200)] {
            let body = 9 + Self.varint(text.utf8.count).count + text.utf8.count
            Self.expectEveryReader(Self.file(strings: [text], [0x08, 0x01, 0x0E, 0x00]), fails: .invalidValue, at: body + 2)
        }
        for (text, value) in [("-12.50", "-12.5"), ("0", "0"), ("-0.5", "-0.5"), ("123456789.000001", "123456789.000001")] {
            let bytes = Self.file(strings: [text], [0x0E, 0x00])
            Self.expectEveryReaderReads(bytes)
            #expect(try JSON(binary: bytes).number?.decimalText == value)
        }
        #expect(Self.encodingErrorKind { try Binary.Value.decimal(.nan).encoded() } == .invalidValue)
        #expect(Self.encodingErrorKind { try Binary.Encoder().encode([Decimal.nan]) as [UInt8] } == .invalidValue)
    }

    @Test func numberTextIsAJSONNumberForEveryReader() {
        for text in ["1x", " 1", "inf", "0x10", "+5", "1."] {
            Self.expectEveryReader(Self.file(strings: [text], [0x06, 0x00]), fails: .invalidValue, at: 10 + text.utf8.count)
        }
    }

    // MARK: Repeated names and equal set elements

    @Test func repeatedMemberNamesAreRejectedByEveryReader() {
        // {"a":1,"b":{"a":2},"a":3}: the outer object (at 15) names "a" twice.
        let outer: [UInt8] = [0x09, 0x03, 0, 0x03, 0x02, 1, 0x09, 0x01, 0, 0x03, 0x04, 0, 0x03, 0x06]
        Self.expectEveryReader(Self.file(strings: ["a", "b"], outer), fails: .duplicateKey, at: 13)
        // The same, naming the second "a" by an equal string of the table.
        var twice = outer
        twice[11] = 2
        Self.expectEveryReader(Self.file(strings: ["a", "b", "a"], twice), fails: .duplicateKey, at: 15)
        // A record's fields (type "T", fields "a", "a").
        Self.expectEveryReader(Self.file(strings: ["T", "a"], [0x11, 0x00, 0x02, 1, 0x00, 1, 0x00]), fails: .duplicateKey, at: 13)
        // Equal names in different objects are not repeats.
        Self.expectEveryReaderReads(Self.file(strings: ["a", "b", "a"], [0x09, 0x02, 0, 0x03, 0x02, 1, 0x09, 0x01, 2, 0x00]))
    }

    @Test func aNameOnlyASingleMemberObjectUsesIsFoundByModels() throws {
        // "b" names only the member of a one-member object, which the names check skips:
        // the decoder still finds it (and knows "d" is missing).
        struct Inner: Codable, Equatable { var b: Int }
        struct Outer: Codable, Equatable { var a: Inner; var c: Int }
        let bytes = try JSON(parsing: #"{"a":{"b":1},"c":2}"#).binaryEncoded()
        #expect(try Binary.Decoder().decode(Outer.self, from: bytes) == Outer(a: Inner(b: 1), c: 2))
        struct Other: Decodable { var d: Int?; var b: Int }
        struct Probe: Decodable { var a: Other }
        let probe = try Binary.Decoder().decode(Probe.self, from: bytes)
        #expect(probe.a.d == nil && probe.a.b == 1)
    }

    @Test func writersRefuseRepeatedNames() {
        #expect(Self.encodingErrorKind { try Binary.Value.object([.init(key: "a", value: .null), .init(key: "a", value: .null)]).encoded() } == .duplicateKey)
        #expect(Self.encodingErrorKind { try Binary.Value.record(type: "T", fields: [.init(key: "é", value: .null), .init(key: "é", value: .null)]).encoded() } == .duplicateKey)
        // "é" precomposed and decomposed are two names.
        #expect(Self.encodingErrorKind { try Binary.Value.object([.init(key: "\u{E9}", value: .null), .init(key: "e\u{301}", value: .null)]).encoded() } == nil)
        struct Twice: Encodable {
            enum Keys: String, CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .a)
                try container.encode(2, forKey: .a)
            }
        }
        #expect(Self.encodingErrorKind { try Binary.Encoder().encode(Twice()) as [UInt8] } == .duplicateKey)
    }

    @Test func setsWithEqualElementsAreRejectedByEveryReader() {
        // Two equal strings of the table, two references to one, a shared value and a reference to it.
        Self.expectEveryReader(Self.file(strings: ["a", "a"], [0x0F, 0x02, 0x07, 0x00, 0x07, 0x01]), fails: .invalidValue, at: 13)
        Self.expectEveryReader(Self.file(strings: ["a"], [0x0F, 0x02, 0x07, 0x00, 0x07, 0x00]), fails: .invalidValue, at: 11)
        Self.expectEveryReader(Self.file(strings: ["a"], [0x0F, 0x02, 0x12, 0x07, 0x00, 0x13, 0x00]), fails: .invalidValue, at: 11)
        // Equal arrays, and equal sets inside a set; equal decimals written two ways; equal numbers.
        Self.expectEveryReader(Self.file([0x0F, 0x02, 0x08, 0x01, 0x03, 0x02, 0x08, 0x01, 0x03, 0x02]), fails: .invalidValue, at: 9)
        Self.expectEveryReader(
            Self.file([0x0F, 0x02, 0x0F, 0x02, 0x00, 0x01, 0x0F, 0x02, 0x00, 0x01]), fails: .invalidValue, at: 9)
        Self.expectEveryReader(Self.file(strings: ["1.5", "1.50"], [0x0F, 0x02, 0x0E, 0x00, 0x0E, 0x01]), fails: .invalidValue, at: 18)
        Self.expectEveryReader(Self.file([0x0F, 0x02, 0x03, 0x02, 0x03, 0x02]), fails: .invalidValue, at: 9)
        // Inside a shared value, referring to values before it.
        Self.expectEveryReader(
            Self.file([0x08, 0x02, 0x12, 0x08, 0x00, 0x12, 0x0F, 0x02, 0x13, 0x00, 0x08, 0x00]), fails: .invalidValue, at: 15)
        // Different values are fine: 1 and 1.0, 0.0 and -0.0, [1] and [1, 1], sets in another order.
        Self.expectEveryReaderReads(Self.file([0x0F, 0x02, 0x03, 0x02, 0x05] + Self.double(1)))
        Self.expectEveryReaderReads(Self.file([0x0F, 0x02, 0x05] + Self.double(0) + [0x05] + Self.double(-0.0)))
        Self.expectEveryReaderReads(Self.file([0x0F, 0x02, 0x08, 0x01, 0x03, 0x02, 0x08, 0x02, 0x03, 0x02, 0x03, 0x02]))
        Self.expectEveryReaderReads(Self.file([0x0F, 0x02, 0x0F, 0x02, 0x00, 0x01, 0x0F, 0x02, 0x01, 0x00]))
    }

    @Test func writersRefuseSetsWithEqualElements() {
        #expect(Self.encodingErrorKind { try Binary.Value.set([.string("a"), .string("a")]).encoded() } == .invalidValue)
        #expect(Self.encodingErrorKind { try Binary.Value.set([.decimal(Decimal(1)), .decimal(Decimal(string: "1.0") ?? 0)]).encoded() } == .invalidValue)
        #expect(Self.encodingErrorKind { try Binary.Value.set([.number(JSON.Number(0.0)), .number(JSON.Number(-0.0))]).encoded() } == nil)
        // Two NaNs are two elements of a Swift set, and one value of the format.
        #expect(Self.encodingErrorKind { try Binary.Encoder().encode(Set([Double.nan, Double.nan])) as [UInt8] } == .invalidValue)
        #expect(Self.encodingErrorKind { try Binary.Encoder().encode(Set([1.5, 2.5])) as [UInt8] } == nil)
    }

    @Test func checkingSetsWalksEachByteAFewTimesHoweverTheyNest() throws {
        // Sets nested n and 8n deep, each holding the next and a distinct
        // number: the values walked grow with the values, not with depth².
        func nested(_ depth: Int) -> [UInt8] {
            var body: [UInt8] = []
            for level in 0..<depth { body += [0x0F, 0x02, 0x03] + Self.varint(2 * level) }
            return Self.file(body + [0x00])
        }
        let walked = try [50, 400].map { try Self.valuesWalked(nested($0)) }
        #expect(walked[0] > 0 && walked[1] <= 8 * walked[0] + 8, "\(walked)")
    }

    /// How many values checking the sets of `bytes` walks, read as `Binary.Value`.
    static func valuesWalked(_ bytes: [UInt8]) throws -> Int {
        try bytes.withUnsafeBufferPointer { (input) throws -> Int in
            var reader = try BinaryReader(input, limits: .init(maxDepth: 1_000))
            var shared: [Binary.Value?] = []
            _ = try reader.value(ValueBuilder(strings: reader.strings, names: reader.names), shared: &shared)
            return reader.identities?.walked ?? 0
        }
    }
}

extension Array {
    /// The elements repeated `count` times.
    fileprivate func repeated(_ count: Int) -> [Element] { Array(Swift.repeatElement(self, count: count).joined()) }
}
