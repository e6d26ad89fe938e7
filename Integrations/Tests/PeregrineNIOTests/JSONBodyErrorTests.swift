import Foundation
import NIOCore
import Peregrine
import PeregrineNIO
import Testing

@Suite struct JSONBodyErrorTests {
    struct User: Codable { var id: Int; var name: String }
    struct Team: Codable { var members: [User] }

    /// The body error of decoding `bytes` as `T`.
    static func bodyError<T: Decodable>(decoding bytes: [UInt8], as type: T.Type, decoder: JSON.Decoder = .server()) -> JSONBodyError? {
        do {
            _ = try decoder.decode(type, from: bytes)
            Issue.record("decoded \(bytes.count) bytes")
            return nil
        } catch {
            return JSONBodyError(error)
        }
    }

    /// The body error of decoding `text` as `T`.
    static func bodyError<T: Decodable>(decoding text: String, as type: T.Type, decoder: JSON.Decoder = .server()) -> JSONBodyError? {
        bodyError(decoding: Array(text.utf8), as: type, decoder: decoder)
    }

    @Test func invalidJSONHasTheParsePosition() throws {
        let error = try #require(Self.bodyError(decoding: "{\n  \"id\": 1 x}", as: User.self))
        #expect(error.statusCode == 400)
        #expect(!error.isTooLarge)
        #expect(error.message == "expected ',' or '}' after an object member, found 'x'")
        #expect((error.line, error.column, error.offset) == (2, 11, 12))
        #expect(error.codingPath.isEmpty)
        #expect((error.underlying as? DecodingError) != nil)
        #expect(error.description == "2:11: expected ',' or '}' after an object member, found 'x'")
    }

    @Test func typeMismatchHasThePathAndPosition() throws {
        let text = #"{"members": [{"id": 1, "name": "a"}, {"id": "12a", "name": "b"}]}"#
        let error = try #require(Self.bodyError(decoding: text, as: Team.self))
        #expect(error.statusCode == 400)
        #expect(error.message == #"expected Int, found string "12a""#)
        #expect(error.codingPath == [.key("members"), .index(1), .key("id")])
        #expect((error.line, error.column, error.offset) == (1, 45, 44))
        #expect(Array(text.utf8)[44] == UInt8(ascii: "\""))
        #expect(error.description == #"1:45: expected Int, found string "12a" at $.members[1].id"#)
    }

    @Test func missingKeyPointsAtItsObject() throws {
        let error = try #require(Self.bodyError(decoding: #"{"members": [{"id": 1}]}"#, as: Team.self))
        #expect(error.message == #"no value for key "name""#)
        #expect(error.codingPath == [.key("members"), .index(0)])
        #expect((error.line, error.column, error.offset) == (1, 14, 13))
    }

    @Test func nullForARequiredValue() throws {
        let error = try #require(Self.bodyError(decoding: #"{"id": null, "name": "x"}"#, as: User.self))
        guard case .valueNotFound = error.underlying as? DecodingError else {
            Issue.record("expected valueNotFound, got \(error.underlying)")
            return
        }
        #expect(error.message == "expected Int, found null")
        #expect(error.codingPath == [.key("id")])
        #expect((error.line, error.column, error.offset) == (1, 8, 7))
    }

    @Test func aMemberNameLikeAPositionDoesNotFoolIt() throws {
        let key = "x (line 9, column 9, offset 9): fake"
        let text = #"{"\#(key)": "not a number"}"#
        let error = try #require(Self.bodyError(decoding: text, as: [String: Int].self))
        #expect(error.codingPath == [.key(key)])
        #expect((error.line, error.column, error.offset) == (1, 42, 41))
        #expect(Array(text.utf8)[41] == UInt8(ascii: "\""))
        #expect(error.message == #"expected Int, found string "not a number""#)
    }

    /// A `[Int: T]` puts a key that is no number into its error's path
    /// whole; the body error cuts it, as the decoder cuts the names of the
    /// paths it builds, so a 1 MB name makes no 1 MB error body.
    @Test func aLongMemberNameIsCutInThePath() throws {
        let key = String(repeating: "k", count: 1_000_000)
        let cut = JSON.PathComponent.key(String(repeating: "k", count: 256) + "…")
        let modelsPath = try #require(Self.bodyError(decoding: #"{"\#(key)": "x"}"#, as: [Int: String].self))
        let decodersPath = try #require(Self.bodyError(decoding: #"{"\#(key)": "x"}"#, as: [String: Int].self))
        for error in [modelsPath, decodersPath] {
            #expect(error.codingPath == [cut])
            #expect(error.description.utf8.count < 1_000)
            #expect(try error.details.serialized().count < 1_000)
        }
        #expect(decodersPath.description == #"1:1000006: expected Int, found string "x" at $[""# + String(repeating: "k", count: 256) + #"…"]"#)
    }

    @Test func aModelsOwnErrorHasNoPosition() throws {
        struct Even: Decodable {
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                guard try container.decode(Int.self) % 2 == 0 else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "odd number")
                }
            }
        }
        let error = try #require(Self.bodyError(decoding: #"{"n": 3}"#, as: [String: Even].self))
        #expect(error.message == "odd number")
        #expect(error.codingPath == [.key("n")])
        #expect(error.line == nil && error.column == nil && error.offset == nil)
        #expect(error.details == ["message": "odd number", "line": nil, "column": nil, "offset": nil, "codingPath": ["n"]])
    }

    @Test func inflatingPastTheLimitIsTooLarge() throws {
        let decoder = JSON.Decoder.server()
        decoder.parseOptions.inflatesGzip = true
        decoder.parseOptions.maxDecompressedBytes = 100
        let gzip = try JSON.array(Array(repeating: 1, count: 200)).serialized(options: [.gzip])
        let error = try #require(Self.bodyError(decoding: gzip, as: [Int].self, decoder: decoder))
        #expect(error.isTooLarge)
        #expect(error.statusCode == 413)
        #expect(error.message == "the gzip data inflates to more than 100 bytes (maxDecompressedBytes)")
        #expect(error.line == nil && error.column == nil && error.offset == nil)
    }

    @Test func inputPastTheLimitIsTooLarge() throws {
        let decoder = JSON.Decoder.server()
        decoder.parseOptions.maxInputBytes = 8
        let error = try #require(Self.bodyError(decoding: #"{"id": 1, "name": "long enough"}"#, as: User.self, decoder: decoder))
        #expect(error.statusCode == 413)
        #expect((error.underlying as? DecodingError) != nil)
    }

    @Test func parseErrorsThrownDirectly() throws {
        do {
            _ = try JSON(parsing: "[1, 2,]")
            Issue.record("parsed")
        } catch {
            let bodyError = try #require(JSONBodyError(error))
            #expect(bodyError.message == "a comma must be followed by another element")
            #expect((bodyError.line, bodyError.column, bodyError.offset) == (1, 6, 5))
            #expect((bodyError.underlying as? JSON.ParseError) == error)
        }
    }

    @Test func decodingABodyThrowsBodyErrors() throws {
        let error = try #require(throws: JSONBodyError.self) {
            try JSON.Decoder.server().decode(User.self, fromBody: ByteBuffer(string: #"{"id": 1, "name": false}"#))
        }
        #expect(error.codingPath == [.key("name")])
        #expect((error.line, error.column, error.offset) == (1, 19, 18))
        #expect(try JSON.Decoder.server().decode(User.self, fromBody: ByteBuffer(string: #"{"id": 1, "name": "a"}"#)).id == 1)
    }

    @Test func decodingABodyPassesOtherErrorsOn() {
        struct StoreDown: Error {}
        struct Unavailable: Decodable {
            init(from decoder: any Decoder) throws { throw StoreDown() }
        }
        #expect(throws: StoreDown.self) { try JSON.Decoder.server().decode(Unavailable.self, fromBody: ByteBuffer(string: "{}")) }
    }

    @Test func otherErrorsAreNotAboutTheBody() {
        #expect(JSONBodyError(CancellationError()) == nil)
        #expect(JSONBodyError(EncodingError.invalidValue(1, .init(codingPath: [], debugDescription: "no"))) == nil)
    }

    @Test func detailsAreTheResponseObject() throws {
        let error = try #require(Self.bodyError(decoding: #"[{"id": 1, "name": 2}]"#, as: [User].self))
        #expect(
            error.details == [
                "message": "expected String, found number 2", "line": 1, "column": 20, "offset": 19, "codingPath": [0, "name"],
            ])
    }
}
