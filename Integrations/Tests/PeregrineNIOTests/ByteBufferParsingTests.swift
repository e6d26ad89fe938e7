import NIOCore
import Peregrine
import PeregrineNIO
import Testing

@Suite struct ByteBufferParsingTests {
    /// A buffer whose first bytes were already read: only the readable bytes are JSON.
    static func bufferAfterHeader(_ text: String) -> ByteBuffer {
        var buffer = ByteBuffer(string: "HEADER")
        buffer.writeString(text)
        buffer.moveReaderIndex(forwardBy: 6)
        return buffer
    }

    @Test func parsesTheReadableBytesAndLeavesTheReaderIndex() throws {
        let buffer = Self.bufferAfterHeader(#"{"user": {"id": 7, "tags": ["a", "b"]}}"#)
        let value = try JSON(parsing: buffer)
        #expect(value == ["user": ["id": 7, "tags": ["a", "b"]]])
        #expect(buffer.readerIndex == 6)
    }

    @Test func parseErrorsCountFromTheReaderIndex() {
        let buffer = Self.bufferAfterHeader("{\"a\": 1,\n \"b\": tru}")
        #expect {
            try JSON(parsing: buffer)
        } throws: { error in
            guard let error = error as? JSON.ParseError else { return false }
            return error.kind == .invalidLiteral && error.offset == 15 && error.line == 2 && error.column == 7
        }
    }

    @Test func parseOptionsApply() throws {
        let buffer = ByteBuffer(string: "[1, 2,] // done")
        #expect(try JSON(parsing: buffer, options: .init(allowComments: true, allowTrailingCommas: true)) == [1, 2])
        #expect(throws: JSON.ParseError.self) { try JSON(parsing: buffer) }
    }

    @Test func gzipBuffersAreInflated() throws {
        let value: JSON = ["compressed": true, "items": [1, 2, 3]]
        let buffer = ByteBuffer(bytes: try value.serialized(options: [.gzip]))
        #expect(buffer.readableBytesView.starts(with: [0x1F, 0x8B]))
        #expect(try JSON(parsing: buffer) == value)
    }

    @Test func documentsReadTheReadableBytes() throws {
        let buffer = Self.bufferAfterHeader(#"{"statuses": [{"id": 1}, {"id": 2}, {"id": 3}]}"#)
        let document = try JSON.Document(parsing: buffer)
        #expect(document.root["statuses"].count == 3)
        #expect(document.root["statuses"][2]["id"].int == 3)
        #expect(buffer.readerIndex == 6)
    }

    @Test func documentErrorsHaveTheirPosition() {
        #expect {
            try JSON.Document(parsing: Self.bufferAfterHeader(#"[1, 2"#))
        } throws: { error in
            guard let error = error as? JSON.ParseError else { return false }
            return error.kind == .unexpectedEndOfInput && error.offset == 5 && error.line == 1 && error.column == 6
        }
    }

    @Test func emptyBufferIsAnError() {
        #expect {
            try JSON(parsing: ByteBuffer())
        } throws: { error in
            (error as? JSON.ParseError)?.kind == .unexpectedEndOfInput && (error as? JSON.ParseError)?.offset == 0
        }
    }
}
