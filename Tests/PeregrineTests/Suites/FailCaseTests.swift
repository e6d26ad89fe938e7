import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// Every input the fuzzers ever crashed on (`FuzzTesting/FailCases/<Target>/`),
/// replayed through the calls of its target: each must now end in a value or
/// an error. Every target `FuzzTesting/run` knows has a replay here, and
/// every saved case is replayed: a folder without a replay fails the suite.
struct FailCaseTests {
    static let root = TestData.packageRoot.appendingPathComponent("FuzzTesting")
    static let folder = root.appendingPathComponent("FailCases")

    /// How each target's calls are replayed on one saved input.
    static let replays: [String: @Sendable ([UInt8]) -> Void] = [
        "FuzzParse": replayParse, "FuzzDifferential": replayParse, "FuzzAccess": replayParse,
        "FuzzGzip": replayGzip, "FuzzBinary": replayBinary, "FuzzBinaryDecoder": replayBinary,
        "FuzzDecoder": replayDecoder, "FuzzQuery": replayQuery,
    ]

    /// The saved inputs of one target's folder.
    private func cases(_ target: String) -> [[UInt8]] {
        let directory = Self.folder.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().compactMap { FileManager.default.contents(atPath: directory.appendingPathComponent($0).path) }.map { [UInt8]($0) }
    }

    @Test func everyFuzzTargetHasAReplay() throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent("run"), encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("targets=(") })
        let targets = line.dropFirst("targets=(".count).dropLast().split(separator: " ").map(String.init)
        #expect(targets.count == 8)
        #expect(Set(targets) == Set(Self.replays.keys))
    }

    @Test func everySavedCaseEndsInAValueOrAnError() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.hasPrefix(".") }
        var replayed = 0
        for target in folders.sorted() {
            guard let replay = Self.replays[target] else {
                Issue.record("no replay for the saved cases of \(target)")
                continue
            }
            for input in cases(target) {
                replay(input)
                replayed += 1
            }
        }
        #expect(replayed > 0, "no saved case was replayed")
    }

    static func replayParse(_ input: [UInt8]) {
        var lossless = JSON.ParseOptions.lenient
        lossless.numbers = .lossless
        var sets = JSON.ParseOptions.lenient
        sets.allowSets = true
        sets.maxDepth = 100_000
        for options in [JSON.ParseOptions.strict, .secure, .lenient, .json5, lossless, sets] {
            let value = try? JSON(parsing: input, options: options)
            let document = try? JSON.Document(parsing: input, options: options)
            if options.allowSets, let value { #expect(document?.root.value == value) }
        }
    }

    static func replayGzip(_ input: [UInt8]) {
        let bytes = input.starts(with: [0x1F, 0x8B]) ? input : [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03] + input
        let options = JSON.ParseOptions(maxDecompressedBytes: 1 << 20)
        #expect(throws: JSON.ParseError.self) { try JSON(parsing: bytes, options: options) }
        _ = try? JSON.Document(parsing: bytes, options: options)
        for line in JSON.LineReader(bytes: bytes).prefix(10_000) { _ = line }
    }

    static func replayBinary(_ input: [UInt8]) {
        let bytes = Binary.isBinary(input) ? input : [0x89, 0x50, 0x47, 0x42, 1, 0] + input
        for limits in [Binary.DecodingLimits(maxValues: 1 << 20), Binary.DecodingLimits(maxValues: 1 << 20, plainData: true)] {
            _ = try? Binary.Value(decoding: bytes, limits: limits)
            _ = try? JSON(binary: bytes, limits: limits)
            _ = try? Binary.Summary(of: bytes, limits: limits)
        }
        _ = try? Binary.Decoder().decode([String: Double].self, from: bytes)
        _ = try? Binary.Decoder().decodeGraph(from: bytes)
    }

    static func replayDecoder(_ input: [UInt8]) {
        struct Model: Decodable {
            var name: String
            var count: Int64?
            var list: [[String: Double]]?
            @Lossy var lossy: [Int]
        }
        let lenient = JSON.Decoder()
        lenient.leniency = .all
        lenient.keyDecodingStrategy = .convertFromSnakeCase
        for decoder in [JSON.Decoder(), lenient] {
            _ = try? decoder.decode(Model.self, from: input)
            _ = try? decoder.decodeWithReport([Model].self, from: input)
        }
    }

    static func replayQuery(_ input: [UInt8]) {
        let newline = input.firstIndex(of: UInt8(ascii: "\n")) ?? input.count
        let query = String(decoding: input[..<newline], as: UTF8.self)
        let text = Array(input[min(newline + 1, input.count)...])
        let value = (try? JSON(parsing: text)) ?? ["a": [1, "b", ["c": nil]]]
        if let compiled = try? JSON.JSONPath(query), let document = try? JSON.Document(parsing: text) {
            let limits = JSON.JSONPath.Limits(maxNodes: 200_000)
            if let fromValue = try? value.jsonPathMatches(compiled, limits: limits).map(\.normalizedPath),
                let fromDocument = try? document.root.jsonPathMatches(compiled, limits: limits).map(\.normalizedPath)
            {
                #expect(fromDocument == fromValue, "JSONPath on the value and the document disagree: \(query)")
            }
        }
        _ = try? value.queryMatches(query)
        _ = try? JSON.Pointer(query)
        _ = value[pointer: query].value
    }

    @Test func locationOfTheNewlineOfACarriageReturnPair() {
        // Found by FuzzGzip: an error offset on the `\n` of `\r\n` made an inverted range.
        let bytes = Array("[1,\r\n2".utf8)
        bytes.withUnsafeBufferPointer { input in
            let atNewline = SourceLocation(of: 4, in: input)
            #expect(atNewline.line == 2 && atNewline.column == 1)
            let after = SourceLocation(of: 5, in: input)
            #expect(after.line == 2 && after.column == 1)
            let atReturn = SourceLocation(of: 3, in: input)
            #expect(atReturn.line == 1 && atReturn.column == 4)
        }
    }
}
