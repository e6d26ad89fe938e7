import Foundation
import Testing

@testable import Peregrine

/// Every input the fuzzers ever crashed on (`FuzzTesting/FailCases/<Target>/`),
/// replayed through the calls of its target: each must now end in a value or
/// an error.
struct FailCaseTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzTesting/FailCases")

    /// The saved inputs of one target.
    private func cases(_ target: String) -> [[UInt8]] {
        let directory = Self.folder.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().compactMap { FileManager.default.contents(atPath: directory.appendingPathComponent($0).path) }.map { [UInt8]($0) }
    }

    @Test func gzipCrashesEndInErrors() throws {
        for input in cases("FuzzGzip") {
            let bytes = input.starts(with: [0x1F, 0x8B]) ? input : [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03] + input
            let options = JSON.ParseOptions(maxDecompressedBytes: 1 << 20)
            #expect(throws: JSON.ParseError.self) { try JSON(parsing: bytes, options: options) }
        }
    }

    @Test func parseCrashesEndInValuesOrErrors() throws {
        for input in cases("FuzzParse") + cases("FuzzDifferential") + cases("FuzzAccess") {
            for options in [JSON.ParseOptions.strict, .secure, .lenient, .json5] {
                _ = try? JSON(parsing: input, options: options)
                _ = try? JSON.Document(parsing: input, options: options)
            }
        }
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
