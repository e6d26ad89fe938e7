import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// The binary format: golden files, lossless round trips, and every way a
/// hostile or broken file must fail (with its kind and offset).
struct BinaryFormatTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static let jsonKinds = #"{"null":null,"t":true,"f":false,"i":-3,"big":18446744073709551615,"neg":-9223372036854775808,"d":-0.0,"pi":3.25,"text":"héllo \"q\"","list":[1,"text",[]],"nested":{"a":{}},"exact":1e400,"text2":"text"}"#

    static var rich: Binary.Value {
        get throws {
            .array([
                .date(Date(timeIntervalSince1970: 1_700_000_000.5)),
                .data(Data([0, 1, 2, 255])),
                .url(try #require(URL(string: "https://example.com/a?b=c"))),
                .uuid(try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))),
                .decimal(try #require(Decimal(string: "-12.345"))),
                .set([.string("a"), .number(JSON.Number(1))]),
                .dictionary([.init(key: .number(JSON.Number(1)), value: .string("one")), .init(key: .bool(true), value: .null)]),
                .record(type: "Point", fields: [.init(key: "x", value: .number(JSON.Number(1.5))), .init(key: "y", value: .number(JSON.Number(-2)))]),
            ])
        }
    }

    private func goldenBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.golden.appendingPathComponent(name)))
    }

    /// Read as `kind` at `offset`, or record an issue.
    private func expectFailure(
        _ bytes: [UInt8], _ kind: Binary.DecodingError.Kind, at offset: Int, limits: Binary.DecodingLimits = .init(),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        do {
            let value = try Binary.Value(decoding: bytes, limits: limits)
            Issue.record("read \(value)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
            #expect(error.offset == offset, "\(error)", sourceLocation: sourceLocation)
        }
    }

    /// A file around `body`: header with no hints, then `strings`.
    private func file(strings: [String] = [], _ body: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x47, 0x42, 1, 0, 0, 0, UInt8(strings.count)]
        for string in strings { bytes += [UInt8(string.utf8.count)] + Array(string.utf8) }
        return bytes + body
    }

    // MARK: Golden files

    @Test func goldenFilesPinTheBytes() throws {
        let kinds = try JSON(parsing: Self.jsonKinds, options: .init(numbers: .lossless))
        #expect(try kinds.binaryEncoded() == goldenBytes("json-kinds.pgb"))
        #expect(try JSON(binary: goldenBytes("json-kinds.pgb")) == kinds)
        #expect(try Self.rich.encoded() == goldenBytes("rich-values.pgb"))
        #expect(try Binary.Value(decoding: goldenBytes("rich-values.pgb")) == Self.rich)
    }

    @Test func headerAndFirstValuesAreAsSpecified() throws {
        let bytes = try JSON.array([.number(JSON.Number(-3)), "a", "a"]).binaryEncoded()
        // magic, 1.0, 4 values, 0 shared, 1 string "a"; array of 3: int zigzag(-3) = 5, string 0, string 0.
        #expect(bytes == [0x89, 0x50, 0x47, 0x42, 1, 0, 4, 0, 1, 1, 0x61, 0x08, 3, 0x03, 5, 0x07, 0, 0x07, 0])
        #expect(Binary.isBinary(bytes) && !Binary.isBinary(Array("{}".utf8)))
    }

    // MARK: Round trips

    @Test func jsonRoundTripsWithoutLoss() throws {
        let kinds = try JSON(parsing: Self.jsonKinds, options: .init(numbers: .lossless))
        let back = try JSON(binary: try kinds.binaryEncoded())
        #expect(back == kinds)
        #expect(back["d"].double?.sign == .minus)
        #expect(back.object?.keys == kinds.object?.keys)
        #expect(back["big"].uint64 == .max && back["neg"].int64 == .min && back["exact"].number?.decimalText == "1e400")
    }

    /// Arrays of two elements (read by their own path) hold any kind of
    /// element, nest, and read back beside arrays of other lengths.
    @Test func pairsRoundTrip() throws {
        let value: JSON = [
            [1, "a"], [["k": [2, 3]], []], [[4, 5], [6, [7, 8]]], [nil, true], [9], [1, 2, 3],
            ["p": [false, -1.5]], [[], .object(JSON.Object())], [1.25, .number(.init(UInt64.max))],
        ]
        #expect(try JSON(binary: try value.binaryEncoded()) == value)
        #expect(try JSON(binary: try JSON.array([1, 2]).binaryEncoded()) == [1, 2])
    }

    /// Object keys are found by their `String`'s identity while a value is
    /// written: parsed keys (interned, one `String` per name) and built ones
    /// (a `String` per use), short and long, more names (300) than the 256 slots
    /// they share, all go into the string table once and read back.
    @Test func keysAreWrittenOnceEach() throws {
        let names = (0..<300).map { $0 % 2 == 0 ? "k\($0)" : "a key long enough to live on the heap \($0)" }
        let members = names.enumerated().map { index, name in "\"\(name)\": \(index)" }.joined(separator: ",")
        let record = "{" + members + "}"
        let parsed = try JSON(parsing: "[" + Array(repeating: record, count: 3).joined(separator: ",") + "]")
        var built = JSON.Object()
        for (index, name) in names.enumerated() { built[String(name.utf8.map { Character(Unicode.Scalar($0)) })] = .number(JSON.Number(Int64(index))) }
        let builtArray = JSON.array([.object(built), .object(built), .object(built)])
        #expect(builtArray == parsed)
        for value in [parsed, builtArray] {
            let packed = try value.binaryEncoded()
            #expect(try JSON(binary: packed) == value)
            // Each name once in the table: three copies of the names would not fit.
            let nameBytes = names.reduce(0) { $0 + $1.utf8.count }
            #expect(packed.count < 2 * nameBytes, "\(packed.count) bytes for \(nameBytes) of names")
        }
    }

    @Test(TestData.needs("corpus"))
    func corpusRoundTripsAndShrinks() throws {
        for name in ["twitter", "citm_catalog", "canada"] {
            let bytes = TestData.bytes(TestData.url("corpus/\(name).json"))
            let value = try JSON(parsing: bytes)
            let packed = try value.binaryEncoded()
            #expect(try JSON(binary: packed) == value, "\(name)")
            #expect(try Binary.Value(decoding: packed).encoded() == packed, "\(name)")
            let minified = try value.serialized()
            #expect(packed.count * 4 <= minified.count * 3, "\(name): \(packed.count) bytes for \(minified.count) of minified JSON")
        }
    }

    @Test func richValuesTakeTheirJSONForms() throws {
        let json = try JSON(binary: try Self.rich.encoded())
        #expect(json[0].string == "2023-11-14T22:13:20.500Z")
        #expect(json[1].string == "AAEC/w==")
        #expect(json[2].string == "https://example.com/a?b=c")
        #expect(json[3].string == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(json[4].number?.decimalText == "-12.345")
        #expect(json[5].value == ["a", 1])
        #expect(json[6].value == [[1, "one"], [true, nil]])
        #expect(try json[7].value?.serializedString() == #"{"$class":"Point","x":1.5,"y":-2}"#)
    }

    // MARK: Broken and hostile files

    @Test func headerErrors() throws {
        expectFailure([0x89, 0x50, 0x47, 0x43, 1, 0, 0, 0, 0, 0], .badMagic, at: 0)
        expectFailure([0x89, 0x50, 0x47, 0x42, 2, 0, 0, 0, 0, 0], .unsupportedVersion, at: 4)
        #expect(try Binary.Value(decoding: [0x89, 0x50, 0x47, 0x42, 1, 9, 0, 0, 0, 0]) == .null)  // newer minor: read
        expectFailure(file([0x40]), .unknownTag, at: 9)
        expectFailure(file([0x00, 0x00]), .trailingBytes, at: 10)
        expectFailure([0x89, 0x50, 0x47, 0x42, 1, 0, 0, 0, 1, 2, 0xC3, 0x28, 0x07, 0], .invalidUTF8, at: 9)
        expectFailure(file(strings: ["a"], [0x07, 1]), .badStringIndex, at: 12)
    }

    @Test func varintsMustBeMinimalAndFit() {
        expectFailure(file([0x03, 0x80, 0x00]), .invalidVarint, at: 10)
        expectFailure(file([0x04] + [UInt8](repeating: 0xFF, count: 9) + [0x02]), .invalidVarint, at: 10)
        expectFailure(file([0x04] + [UInt8](repeating: 0xFF, count: 12)), .invalidVarint, at: 10)
    }

    @Test func varintsOfEveryLengthReadBackAnywhereInTheFile() throws {
        var numbers: [JSON] = []
        for shift in 0..<64 {
            let power = UInt64(1) << UInt64(shift)
            numbers += [JSON.number(JSON.Number(power)), JSON.number(JSON.Number(power - 1))]
            if shift < 63 { numbers.append(.number(JSON.Number(-Int64(power)))) }
        }
        // Read with many bytes after each varint, and with the last ones near the end of the file.
        for value in [JSON.array(numbers + Array(repeating: .null, count: 16)), .array(numbers)] {
            #expect(try JSON(binary: value.binaryEncoded()) == value)
        }
    }

    @Test func varintsMustBeMinimalWithBytesToSpare() {
        let padding = [UInt8](repeating: 0x00, count: 12)
        expectFailure(file([0x08, 0x03, 0x03, 0x80, 0x80, 0x00] + padding), .invalidVarint, at: 12)
        expectFailure(file([0x08, 0x03, 0x03, 0x80, 0x00] + padding), .invalidVarint, at: 12)
        expectFailure(file([0x08, 0x03, 0x04] + [UInt8](repeating: 0x80, count: 7) + [0x00] + padding), .invalidVarint, at: 12)
    }

    @Test func declaredSizesAreCheckedBeforeAllocating() {
        // An array, a string and data each claiming about 2^62 elements or bytes.
        let huge: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x3F]
        expectFailure(file([0x08] + huge), .limitExceeded, at: 10)
        expectFailure(file([0x08, 0x05, 0x00]), .truncated, at: 10)
        expectFailure(file([0x0B] + huge), .limitExceeded, at: 10)
        expectFailure(file([0x0B, 0x05, 0x00]), .truncated, at: 11)
        expectFailure([0x89, 0x50, 0x47, 0x42, 1, 0, 0, 0] + huge, .limitExceeded, at: 8)
        expectFailure(file([0x09, 0x02, 0x00]), .truncated, at: 10)
        expectFailure(file([0x08, 0x02, 0x00]), .truncated, at: 10, limits: .init(maxCount: 5))
        expectFailure(file([0x08, 0x06, 0, 0, 0, 0, 0, 0]), .limitExceeded, at: 10, limits: .init(maxCount: 5))
    }

    @Test func negativeByteCountsAreTruncatedNotTraps() throws {
        try file([0x00, 0x01, 0x02]).withUnsafeBufferPointer { input in
            var reader = try BinaryReader(input, limits: .init())
            for count in [-1, Int.min, 4] {
                do throws(Binary.DecodingError) {
                    let bytes = try reader.bytes(count)
                    Issue.record("read \(bytes.count) bytes for a count of \(count)")
                } catch {
                    #expect(error.kind == .truncated && error.offset == 9, "\(error)")
                }
            }
            #expect(try Array(reader.bytes(3)) == [0x00, 0x01, 0x02])
        }
    }

    @Test func deepNestingStopsAtMaxDepth() {
        let deep = file([UInt8](repeating: 0x08, count: 1) + Array([UInt8]([0x01, 0x08]).repeated(100_000)) + [0x00])
        expectFailure(deep, .limitExceeded, at: 9 + 2 * 512)
        let shallow = file(Array([UInt8]([0x08, 0x01]).repeated(40)) + [0x00])
        expectFailure(shallow, .limitExceeded, at: 9 + 2 * 32, limits: .init(maxDepth: 32))
    }

    @Test func referencesMustPointToCompleteSharedValues() throws {
        // [shared "x", reference 0]
        let ok = file(strings: ["x"], [0x08, 0x02, 0x12, 0x07, 0x00, 0x13, 0x00])
        #expect(try Binary.Value(decoding: ok) == .array([.string("x"), .string("x")]))
        // A reference inside its own definition (a cycle), and one to a number not yet defined.
        expectFailure(file([0x12, 0x08, 0x01, 0x13, 0x00]), .badReference, at: 13)
        expectFailure(file([0x08, 0x01, 0x13, 0x00]), .badReference, at: 12)
    }

    @Test func referenceBombsHitMaxValues() {
        // shared 0 = [null, null]; shared k = [ref k-1, ref k-1]: 2^k values once expanded.
        var body: [UInt8] = [0x08, 41, 0x12, 0x08, 0x02, 0x00, 0x00]
        for level in 1...40 { body += [0x12, 0x08, 0x02, 0x13, UInt8(level - 1), 0x13, UInt8(level - 1)] }
        let bomb = file(body)
        do {
            _ = try JSON(binary: bomb)
            Issue.record("expanded a reference bomb")
        } catch {
            #expect(error.kind == .limitExceeded)
        }
    }

    /// SECURITY.md: "nothing nests deeper than maxDepth", also through
    /// back-references: `[s0, s1, …]` with each `sk = [ref s(k-1)]` is three
    /// levels in the file but k + 2 as a value.
    @Test func depthThroughBackReferencesCountsAsDepth() throws {
        func varint(_ value: Int) -> [UInt8] {
            var value = value
            var bytes: [UInt8] = []
            while value >= 0x80 {
                bytes.append(UInt8(value & 0x7F) | 0x80)
                value >>= 7
            }
            return bytes + [UInt8(value)]
        }
        func chain(_ count: Int) -> (file: [UInt8], referenceOffsets: [Int]) {
            var body: [UInt8] = [0x08] + varint(count + 1) + [0x12, 0x08, 0x01, 0x00]
            var offsets: [Int] = []
            for level in 1...count {
                body += [0x12, 0x08, 0x01, 0x13]
                offsets.append(body.count)
                body += varint(level - 1)
            }
            let header = file([]).count
            return (file(body), offsets.map { $0 + header })
        }
        // s(k) nests 2(k + 1) levels, counting its shared wrapper; its
        // reference sits at depth 3, so s(255)'s reference to s(254) (510
        // levels) is the first past the default 512.
        let (bomb, offsets) = chain(5_000)
        expectFailure(bomb, .limitExceeded, at: offsets[254])
        #expect(throws: Binary.DecodingError.self) { try JSON(binary: bomb) }
        let decoding = #expect(throws: DecodingError.self) { try Binary.Decoder().decode([JSON].self, from: bomb) }
        #expect("\(decoding.map { $0 } as Any)".contains("offset \(offsets[254]): limitExceeded"))
        // One level less than the first that fails reads whole.
        let (deepest, _) = chain(254)
        let value = try Binary.Value(decoding: deepest)
        guard case .array(let elements) = value else { Issue.record("not an array"); return }
        var depth = 1
        var inner = elements[254]
        while case .array(let next) = inner, let first = next.first {
            depth += 1
            inner = first
        }
        #expect(depth == 256)
        // A lower maxDepth counts the same way.
        expectFailure(chain(40).file, .limitExceeded, at: chain(40).referenceOffsets[14], limits: .init(maxDepth: 32))
    }

    @Test func plainDataRefusesRecords() throws {
        let record = try Binary.Value.record(type: "T", fields: []).encoded()
        #expect(try Binary.Value(decoding: record) == .record(type: "T", fields: []))
        expectFailure(record, .recordNotAllowed, at: 11, limits: .plainData)
    }

    @Test func invalidRichValuesAreRejected() {
        expectFailure(file(strings: ["1"], [0x0F, 0x02, 0x07, 0x00, 0x07, 0x00]), .invalidValue, at: 11)
        expectFailure(file(strings: ["1x"], [0x06, 0x00]), .invalidValue, at: 12)
        expectFailure(file(strings: [" 1"], [0x06, 0x00]), .invalidValue, at: 12)
        expectFailure(file(strings: ["abc"], [0x0E, 0x00]), .invalidValue, at: 13)
        expectFailure(file([0x0D, 1, 2, 3]), .truncated, at: 10)
    }

    @Test func truncationAtEveryByteAndFlippedBytesNeverTrap() throws {
        let sample = try goldenBytes("rich-values.pgb") + []
        for end in 0..<sample.count {
            // Every prefix ends before the file does: truncated, at or before its end
            // (shorter than the 4-byte magic, it is no file of ours at all).
            let error = try #require(throws: Binary.DecodingError.self, "\(end)") { try Binary.Value(decoding: Array(sample[..<end])) }
            #expect(error.kind == (end < 4 ? .badMagic : .truncated), "\(end): \(error)")
            #expect(error.offset <= end, "\(end): \(error)")
        }
        var generator = SeededGenerator(seed: 31)
        for _ in 0..<3_000 {
            var broken = sample
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                broken[Int.random(in: 0..<broken.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
            }
            _ = try? Binary.Value(decoding: broken)
            _ = try? JSON(binary: broken)
        }
    }
}

extension Array {
    /// The elements repeated `count` times.
    fileprivate func repeated(_ count: Int) -> [Element] { Array(Swift.repeatElement(self, count: count).joined()) }
}
