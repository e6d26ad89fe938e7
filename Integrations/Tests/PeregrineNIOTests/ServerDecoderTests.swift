import Foundation
import NIOCore
import Peregrine
import Testing

@testable import PeregrineNIO

/// `JSON.Decoder.server()` and `decode(_:fromBody:contentEncoding:maxBytes:)`:
/// gzip is inflated only when declared (or opted into), never past the
/// body limit, and a body is read as JSON that can be read one way only.
@Suite struct ServerDecoderTests {
    struct Numbers: Codable, Equatable { var values: [Int] }

    /// `{"values": [1, 1, …]}` of `count` ones, gzip-compressed.
    static func gzipNumbers(_ count: Int) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSON.object(["values": .array(Array(repeating: 1, count: count))]).serialized(options: [.gzip]))
    }

    /// The body error of decoding `body` as `Numbers`.
    static func bodyError(
        _ body: ByteBuffer, decoder: JSON.Decoder = .server(), contentEncoding: String? = nil, maxBytes: Int = .max
    ) throws -> JSONBodyError {
        try #require(throws: JSONBodyError.self) {
            try decoder.decode(Numbers.self, fromBody: body, contentEncoding: contentEncoding, maxBytes: maxBytes)
        }
    }

    @Test func gzipIsInflatedWhenTheContentEncodingSaysSo() throws {
        let body = try Self.gzipNumbers(3)
        for encoding in ["gzip", "GZIP", "x-gzip", "identity, gzip"] {
            #expect(try JSON.Decoder.server().decode(Numbers.self, fromBody: body, contentEncoding: encoding).values == [1, 1, 1])
        }
    }

    @Test func gzipIsNotInflatedWhenNotDeclared() throws {
        let body = try Self.gzipNumbers(3)
        for encoding in [nil, "", "identity", "br", "gzip, gzip", "deflate"] {
            let error = try Self.bodyError(body, contentEncoding: encoding)
            #expect(error.statusCode == 400, "\(encoding ?? "none")")
            #expect((error.line, error.column, error.offset) == (1, 1, 0))
            #expect((error.underlying as? DecodingError).flatMap(Self.parseError)?.kind == .unexpectedCharacter)
        }
    }

    @Test func aBodyInflatedAlreadyIsReadAsItIs() throws {
        let body = ByteBuffer(string: #"{"values": [2]}"#)
        #expect(try JSON.Decoder.server().decode(Numbers.self, fromBody: body, contentEncoding: "gzip").values == [2])
    }

    @Test func inflatingStopsAtTheBodyLimit() throws {
        let body = try Self.gzipNumbers(100_000)
        #expect(body.readableBytes < 1_000)
        let error = try Self.bodyError(body, contentEncoding: "gzip", maxBytes: 4_096)
        #expect(error.statusCode == 413 && error.isTooLarge)
        #expect(error.message == "the gzip body inflates to more than 4096 bytes, the server's limit on a body")
        #expect(error.line == nil && error.column == nil && error.offset == nil)
        // Within the limit, the same body decodes.
        let decoded = try JSON.Decoder.server().decode(Numbers.self, fromBody: body, contentEncoding: "gzip", maxBytes: 1 << 20)
        #expect(decoded.values.count == 100_000)
    }

    @Test func theDecodersOwnLimitHoldsWhenItIsLower() throws {
        let decoder = JSON.Decoder.server()
        decoder.parseOptions.maxDecompressedBytes = 1_000
        let error = try Self.bodyError(try Self.gzipNumbers(100_000), decoder: decoder, contentEncoding: "gzip", maxBytes: 4_096)
        #expect(error.statusCode == 413)
        #expect(error.message == "the gzip data inflates to more than 1000 bytes (maxDecompressedBytes)")
        #expect(decoder.parseOptions.maxDecompressedBytes == 1_000 && !decoder.parseOptions.inflatesGzip)
    }

    @Test func optingInInflatesUndeclaredGzipWithinTheLimit() throws {
        let decoder = JSON.Decoder.server()
        decoder.parseOptions.inflatesGzip = true
        #expect(try decoder.decode(Numbers.self, fromBody: try Self.gzipNumbers(3), maxBytes: 4_096).values == [1, 1, 1])
        let error = try Self.bodyError(try Self.gzipNumbers(100_000), decoder: decoder, maxBytes: 4_096)
        #expect(error.statusCode == 413 && error.message.hasSuffix("4096 bytes, the server's limit on a body"))
    }

    @Test func brokenGzipIs400() throws {
        let good = Array(try Self.gzipNumbers(3).readableBytesView)
        var corrupt = good
        corrupt[12] ^= 0xFF
        for bytes in [corrupt, good + Array("junk".utf8), Array(good.dropLast(4))] {
            let error = try Self.bodyError(ByteBuffer(bytes: bytes), contentEncoding: "gzip", maxBytes: 4_096)
            #expect(error.statusCode == 400)
            #expect((error.underlying as? DecodingError).flatMap(Self.parseError)?.kind == .invalidCompressedData)
        }
    }

    @Test func duplicateKeysAreRejected() throws {
        let body = ByteBuffer(string: #"{"values": [1], "values": [2]}"#)
        let error = try Self.bodyError(body)
        #expect(error.statusCode == 400)
        #expect(error.message == #"duplicate key "values", first at 1:2"#)
        #expect((error.line, error.column, error.offset) == (1, 17, 16))
        // Foundation keeps the first value, Peregrine's default the last: the preset reads neither.
        #expect(try JSONDecoder().decode(Numbers.self, from: Data(body.readableBytesView)).values == [1])
        #expect(try JSON.Decoder().decode(Numbers.self, from: body).values == [2])
    }

    @Test func contentEncodingNamesGzipOnce() {
        #expect(ContentEncoding.isGzip("gzip") && ContentEncoding.isGzip(" x-gzip ") && ContentEncoding.isGzip("gzip,identity"))
        #expect(!ContentEncoding.isGzip(nil) && !ContentEncoding.isGzip("") && !ContentEncoding.isGzip("gzip, br"))
        #expect(!ContentEncoding.isGzip("gzip, gzip") && !ContentEncoding.isGzip("gzipx"))
    }

    static func parseError(_ error: DecodingError) -> JSON.ParseError? {
        guard case .dataCorrupted(let context) = error else { return nil }
        return context.underlyingError as? JSON.ParseError
    }
}
