import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// gzip input is inflated transparently (within a limit) and output can be deflated.
struct GzipTests {
    /// `{"a": [1, 2]}` as written by `gzip -n -9`.
    static let fromGzipTool: [UInt8] = [
        0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xab, 0x56, 0x4a, 0x54, 0xb2, 0x52, 0x88, 0x36, 0xd4,
        0x51, 0x30, 0x8a, 0xad, 0x05, 0x00, 0xd5, 0x69, 0x61, 0x72, 0x0d, 0x00, 0x00, 0x00,
    ]

    @Test func everyParseInflatesGzip() throws {
        let expected: JSON = ["a": [1, 2]]
        #expect(try JSON(parsing: Self.fromGzipTool) == expected)
        #expect(try JSON(parsing: Data(Self.fromGzipTool)) == expected)
        var parser = JSON.Parser()
        #expect(try parser.parse(Self.fromGzipTool) == expected)
        let document = try JSON.Document(parsing: Self.fromGzipTool)
        #expect(document.root["a"][1].int == 2)
        struct A: Decodable, Equatable { var a: [Int] }
        #expect(try JSON.Decoder().decode(A.self, from: Self.fromGzipTool) == A(a: [1, 2]))
        #expect(try JSON.Decoder().decode(A.self, from: Data(Self.fromGzipTool)) == A(a: [1, 2]))
    }

    @Test func gzipIsParsedAsItIsWhenInflatingIsOff() throws {
        var options = JSON.ParseOptions()
        options.inflatesGzip = false
        let inflatingOff = parseError(Self.fromGzipTool, options: options)
        #expect(inflatingOff?.kind == .unexpectedCharacter && inflatingOff?.offset == 0)
        #expect((inflatingOff?.line, inflatingOff?.column) == (1, 1))
        #expect(throws: JSON.ParseError.self) { try JSON(parsing: Data(Self.fromGzipTool), options: options) }
        #expect(throws: JSON.ParseError.self) { try JSON.Document(parsing: Self.fromGzipTool, options: options) }
        #expect(throws: JSON.ParseError.self) { try JSON.Document(parsing: Data(Self.fromGzipTool), options: options) }
        let decoder = JSON.Decoder()
        decoder.parseOptions.inflatesGzip = false
        struct A: Decodable { var a: [Int] }
        expectParseError({ _ = try decoder.decode(A.self, from: Self.fromGzipTool) }, .unexpectedCharacter, at: 0)
        expectParseError({ _ = try Self.fromGzipTool.withUnsafeBytes { try decoder.decode(A.self, from: $0) } }, .unexpectedCharacter, at: 0)
        // Text is read as text either way.
        #expect(try JSON(parsing: #"{"a": [1, 2]}"#, options: options) == ["a": [1, 2]])
    }

    @Test func gzipInsideGzipInflatesOnceWhicheverWayItCame() throws {
        let twice = Gzip.deflate(Gzip.deflate(Array("[1]".utf8)))
        #expect(parseError(twice)?.kind == .unexpectedCharacter)
        #expect(throws: JSON.ParseError.self) { try JSON(parsing: Data(twice)) }
        #expect(throws: JSON.ParseError.self) { try JSON.Document(parsing: twice) }
        #expect(throws: JSON.ParseError.self) { try JSON.Document(parsing: Data(twice)) }
        expectParseError({ _ = try JSON.Decoder().decode([Int].self, from: twice) }, .unexpectedCharacter, at: 0)
        expectParseError({ _ = try twice.withUnsafeBytes { try JSON.Decoder().decode([Int].self, from: $0) } }, .unexpectedCharacter, at: 0)
    }

    @Test func outputDeflatesOnRequest() throws {
        let value: JSON = ["text": .string(String(repeating: "peregrine ", count: 1_000)), "n": [1, 2.5, nil]]
        let packed = try value.serialized(options: [.gzip])
        #expect(packed.starts(with: [0x1F, 0x8B]) && packed.count < 200)
        #expect(try JSON(parsing: packed) == value)
        #expect(try value.serializedString(options: [.gzip]) == value.serializedString())
        struct Model: Codable, Equatable { var name: String; var tags: [String] }
        let encoder = JSON.Encoder()
        encoder.outputFormatting = [.gzip, .sortedKeys]
        let model = Model(name: "falcon", tags: ["fast", "safe"])
        let encoded: [UInt8] = try encoder.encode(model)
        #expect(encoded.starts(with: [0x1F, 0x8B]))
        #expect(try JSON.Decoder().decode(Model.self, from: encoded) == model)
        #expect(try JSON(parsing: encoded) == ["name": "falcon", "tags": ["fast", "safe"]])
    }

    @Test func concatenatedMembersAreOneStream() throws {
        let stream = Gzip.deflate(Array(#"{"a": [1,"#.utf8)) + Gzip.deflate(Array(#" 2]}"#.utf8))
        #expect(try JSON(parsing: stream) == ["a": [1, 2]])
    }

    @Test func brokenGzipIsAnError() throws {
        let truncatedError = parseError(Array(Self.fromGzipTool.dropLast(12)))
        #expect(truncatedError?.kind == .invalidCompressedData)
        #expect(truncatedError?.message.contains("truncated") == true)
        var corrupted = Self.fromGzipTool
        corrupted[12] ^= 0xFF
        #expect(parseError(corrupted)?.kind == .invalidCompressedData)
        let trailingError = parseError(Self.fromGzipTool + [0x20, 0x20])
        #expect(trailingError?.kind == .invalidCompressedData && trailingError?.offset == Self.fromGzipTool.count)
        #expect(parseError([0x1F, 0x8B])?.kind == .invalidCompressedData)
        // What inflates is still parsed strictly, with positions in the inflated text.
        let insideError = parseError(Gzip.deflate(Array(#"{"a": tru}"#.utf8)))
        #expect(insideError?.kind == .invalidLiteral && insideError?.offset == 6)
    }

    /// `bytes` inflated by `Gzip.inflate`, handing zlib at most `maxStep` bytes at a time each way.
    private func inflated(_ bytes: [UInt8], maxBytes: Int = .max, maxStep: Int = .max) -> Result<[UInt8], Gzip.Failure> {
        bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(Gzip.Failure) in try Gzip.inflate(buffer, maxBytes: maxBytes, maxStep: maxStep) }
        }
    }

    /// Streams are fed to zlib (and read back) in steps, as input over 4 GiB must be; 7-byte steps
    /// make every step boundary fall mid-header, mid-block and mid-trailer.
    @Test func inflatingInSmallStepsGivesTheSameBytes() throws {
        let text = Array(String(repeating: "peregrine falcon ", count: 200).utf8)
        #expect(try inflated(Gzip.deflate(text), maxStep: 7).get() == text)
        #expect(try inflated(Self.fromGzipTool, maxStep: 7).get() == Array(#"{"a": [1, 2]}"#.utf8))
        let members = Gzip.deflate(Array(#"{"a": [1,"#.utf8)) + Gzip.deflate(Array(#" 2]}"#.utf8))
        #expect(try inflated(members, maxStep: 7).get() == Array(#"{"a": [1, 2]}"#.utf8))
        guard case .failure(.tooLarge(let limit)) = inflated(Gzip.deflate(text), maxBytes: 100, maxStep: 7) else {
            Issue.record("the limit was not enforced in small steps")
            return
        }
        #expect(limit == 100)
    }

    @Test func truncationInSmallStepsIsTheSameError() {
        let text = Array(String(repeating: "peregrine falcon ", count: 200).utf8)
        for stream in [Self.fromGzipTool, Gzip.deflate(text)] {
            let truncated = Array(stream.prefix(stream.count / 2))
            guard case .failure(.invalid(let message, let offset)) = inflated(truncated),
                case .failure(.invalid(let stepMessage, let stepOffset)) = inflated(truncated, maxStep: 7)
            else {
                Issue.record("a truncated stream inflated or failed otherwise")
                continue
            }
            #expect(message == "the gzip data is truncated" && offset == truncated.count)
            #expect(stepMessage == message && stepOffset == offset)
        }
    }

    @Test func gzipBombsStopAtTheLimit() throws {
        // 64 MiB of spaces and a 1 compress to about 64 KiB.
        let bomb = Gzip.deflate([UInt8](repeating: 0x20, count: 64 << 20) + [0x31])
        #expect(bomb.count < 100_000)
        let error = parseError(bomb, options: .init(maxDecompressedBytes: 1 << 20))
        #expect(error?.kind == .decompressedTooLarge && error?.offset == 0)
        #expect(try JSON(parsing: bomb, options: .init(maxDecompressedBytes: 65 << 20)) == 1)
    }

    @Test(TestData.needs("corpus"))
    func corpusRoundTripsThroughGzip() throws {
        let bytes = TestData.bytes(TestData.url("corpus/twitter.json"))
        let packed = Gzip.deflate(bytes)
        #expect(packed.count < bytes.count / 5)
        let inflated = try packed.withUnsafeBufferPointer { (buffer) throws(Gzip.Failure) in try Gzip.inflate(buffer, maxBytes: .max) }
        #expect(inflated == bytes)
        #expect(try JSON(parsing: packed) == JSON(parsing: bytes))
    }
}
