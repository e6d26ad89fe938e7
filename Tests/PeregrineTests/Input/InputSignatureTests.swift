import Foundation
import Testing

@testable import PeregrineCore
import TestSupport

/// gzip and Peregrine's binary format are told by their first bytes, and
/// every reader of JSON text refuses the binary format with one error
/// that has no position (its bytes are not text).
@Suite struct InputSignatureTests {
    @Test func theFirstBytesTellWhatAnInputIs() {
        #expect(InputSignature([0x1F, 0x8B, 0x08]) == .gzip)
        #expect(InputSignature([0x89, 0x50, 0x47, 0x42, 0x01, 0x00]) == .binary)
        #expect(InputSignature([0x89, 0x50, 0x47]) == .text)
        #expect(InputSignature([0x1F]) == .text)
        #expect(InputSignature([UInt8]()) == .text)
        #expect(InputSignature(Array("[1]".utf8)) == .text)
    }

    /// Checks that `error` is the binary format's error.
    private func expectBinaryFormatError(_ error: (any Error)?, _ comment: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let parseError = error as? JSON.ParseError
        #expect(parseError?.kind == .unsupportedEncoding && parseError?.line == 0 && parseError?.column == 0, "\(comment): \(String(describing: error))", sourceLocation: sourceLocation)
        #expect(parseError?.excerpt == "" && parseError?.message.contains("Peregrine's binary format") == true, "\(comment)", sourceLocation: sourceLocation)
    }

    @Test func everyReaderOfTextRefusesTheBinaryFormat() throws {
        let value: JSON = ["a": [1, "b"]]
        let packed = try value.binaryEncoded()
        for (name, bytes) in [("binary", packed), ("gzip", Gzip.deflate(packed))] {
            expectBinaryFormatError(#expect(throws: JSON.ParseError.self) { try JSON.Document(parsing: bytes) }, "document \(name)")
            expectBinaryFormatError(#expect(throws: JSON.ParseError.self) { try JSON(parsing: bytes) }, "value \(name)")
            let url = try TemporaryFile.write(bytes)
            defer { try? FileManager.default.removeItem(at: url) }
            var reader = try JSON.StreamReader(contentsOf: url)
            let streamError = #expect(throws: JSON.StreamError.self) { try reader.next() }
            #expect(streamError?.line == 0, "stream \(name)")
            expectBinaryFormatError(streamError?.parseError, "stream \(name)")
            var lines = try JSON.LineReader(contentsOf: url)
            guard case .failure(let lineError)? = lines.next()?.result else {
                Issue.record("the line reader read \(name)")
                continue
            }
            expectBinaryFormatError(lineError.error, "lines \(name)")
            #expect(lines.next() == nil, "lines \(name): nothing after the error")
            let validation = #expect(throws: JSON.ParseError.self) {
                _ = try JSON.validateLines(fileHandle: try FileHandle(forReadingFrom: url)) { _ in }
            }
            expectBinaryFormatError(validation, "validateLines \(name)")
        }
        // Text that only starts like it has a position, as any other error.
        let stray = #expect(throws: JSON.ParseError.self) { try JSON(parsing: [0x89, 0x50, 0x47]) }
        #expect(stray?.kind != .unsupportedEncoding && stray?.line == 1 && stray?.column == 1)
    }

    @Test func aTextPrefixInflatesNoFurther() {
        let text = Array(("[" + String(repeating: "1, ", count: 100_000) + "1]").utf8)
        #expect(Gzip.textPrefix(of: Gzip.deflate(text), maxBytes: 10) == Array(text.prefix(10)))
        #expect(Gzip.textPrefix(of: Gzip.deflate(text), maxBytes: 1 << 30) == text)
        #expect(Gzip.textPrefix(of: text, maxBytes: 5) == Array("[1, 1".utf8))
        #expect(Gzip.textPrefix(of: [0x1F, 0x8B, 0x00, 0x00], maxBytes: 10) == nil)
    }
}
