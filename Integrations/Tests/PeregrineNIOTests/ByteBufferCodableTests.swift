import Foundation
import IntegrationsTestSupport
import NIOCore
import Peregrine
import PeregrineNIO
import Testing

struct Account: Codable, Equatable {
    var id: Int
    var name: String
    var scores: [Double]
}

@Suite struct ByteBufferCodableTests {
    @Test func decodesFromTheReadableBytes() throws {
        var buffer = ByteBuffer(string: "ignored")
        buffer.writeString(#"{"id": 3, "name": "Ada", "scores": [1.5, 2]}"#)
        buffer.moveReaderIndex(forwardBy: 7)
        let account = try JSON.Decoder().decode(Account.self, from: buffer)
        #expect(account == Account(id: 3, name: "Ada", scores: [1.5, 2]))
        #expect(buffer.readerIndex == 7)
    }

    /// The bytes are decoded where they are: while a model decodes, the
    /// process holds no copy of a 64 MiB body (its resident memory, read
    /// from `/proc/self/statm` inside the model's `init(from:)`, has not
    /// grown by anything like it; the tape's room, one entry per 16 bytes
    /// of input, is reserved but untouched beyond the one value).
    @Test func decodesWithoutACopyOfTheBody() throws {
        #if os(Linux)
        struct Probe: Decodable {
            let residentWhileDecoding: Int?
            init(from decoder: any Decoder) throws {
                residentWhileDecoding = ResidentMemory.bytes
                _ = try decoder.singleValueContainer().decode(Int.self)
            }
        }
        var buffer = ByteBuffer(repeating: UInt8(ascii: " "), count: 64 << 20)
        buffer.writeString("7")
        // The least of five decodes counts: other tests allocate meanwhile.
        var grown = Int.max
        for _ in 0..<5 {
            let before = try #require(ResidentMemory.bytes)
            let during = try #require(try JSON.Decoder().decode(Probe.self, from: buffer).residentWhileDecoding)
            grown = min(grown, during - before)
        }
        #expect(grown < 32 << 20, "resident memory grew by \(grown) bytes while decoding a \(buffer.readableBytes)-byte body")
        #endif
    }

    @Test func decodingErrorsKeepPathAndPosition() {
        let buffer = ByteBuffer(string: #"{"id": 3, "name": "Ada", "scores": [1.5, "x"]}"#)
        #expect {
            try JSON.Decoder().decode(Account.self, from: buffer)
        } throws: { error in
            guard case .typeMismatch(_, let context) = error as? DecodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["scores", "Index 1"]
                && context.debugDescription == #"$.scores[1] (line 1, column 42, offset 41): expected Double, found string "x""#
        }
    }

    @Test func invalidJSONIsDataCorruptedWithTheParseError() {
        let buffer = ByteBuffer(string: #"{"id": 3,}"#)
        #expect {
            try JSON.Decoder().decode(Account.self, from: buffer)
        } throws: { error in
            guard case .dataCorrupted(let context) = error as? DecodingError,
                let parseError = context.underlyingError as? JSON.ParseError
            else { return false }
            return parseError.kind == .trailingComma && parseError.offset == 8
        }
    }

    @Test func encodesAfterTheBytesAlreadyWritten() throws {
        var buffer = ByteBuffer(string: "prefix:")
        let account = Account(id: 9, name: "Grace", scores: [0.5])
        let written = try JSON.Encoder().encode(account, into: &buffer)
        #expect(buffer.readString(length: 7) == "prefix:")
        #expect(written == buffer.readableBytes)
        #expect(String(buffer: buffer) == #"{"id":9,"name":"Grace","scores":[0.5]}"#)
        #expect(try JSON.Decoder().decode(Account.self, from: buffer) == account)
    }

    @Test func encodingFailuresWriteNothing() {
        var buffer = ByteBuffer(string: "kept")
        #expect {
            try JSON.Encoder().encode(Account(id: 1, name: "NaN", scores: [.nan]), into: &buffer)
        } throws: { error in
            guard case .invalidValue(_, let context) = error as? EncodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["scores", "Index 0"]
        }
        #expect(String(buffer: buffer) == "kept")
    }

    @Test func encoderSettingsApply() throws {
        struct Event: Codable, Equatable { var startsAt: Date; var userId: Int }
        let encoder = JSON.Encoder.server()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        var buffer = ByteBuffer()
        try encoder.encode(Event(startsAt: Date(timeIntervalSince1970: 0), userId: 5), into: &buffer)
        #expect(String(buffer: buffer) == #"{"starts_at":"1970-01-01T00:00:00Z","user_id":5}"#)
        let decoder = JSON.Decoder.server()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(Event.self, from: buffer) == Event(startsAt: Date(timeIntervalSince1970: 0), userId: 5))
    }

    @Test func writesJSONValues() throws {
        var buffer = ByteBuffer(string: "[")
        let written = try buffer.writeJSON(["b": 1, "a": [true, nil]], options: [.sortedKeys])
        #expect(String(buffer: buffer) == #"[{"a":[true,null],"b":1}"#)
        #expect(written == buffer.readableBytes - 1)
    }

    @Test func valueWritingFailuresWriteNothing() {
        var buffer = ByteBuffer(string: "kept")
        #expect {
            try buffer.writeJSON(["x": .number(JSON.Number(Double.infinity))])
        } throws: { error in
            (error as? JSON.SerializationError)?.kind == .nonFiniteNumber
        }
        #expect(String(buffer: buffer) == "kept")
    }

    @Test func roundTripsThroughOneBuffer() throws {
        let accounts = (0..<50).map { Account(id: $0, name: "user \($0) ✓", scores: [Double($0) / 4]) }
        var buffer = ByteBuffer()
        try JSON.Encoder().encode(accounts, into: &buffer)
        #expect(try JSON.Decoder().decode([Account].self, from: buffer) == accounts)
        let value = try JSON(parsing: buffer)
        var copy = ByteBuffer()
        try copy.writeJSON(value)
        #expect(copy == buffer)
    }
}
