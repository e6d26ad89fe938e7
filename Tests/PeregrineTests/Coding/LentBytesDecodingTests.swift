import CorpusModels
import Foundation
import Testing
import TestSupport

@testable import PeregrineCore

/// `JSON.Decoder.decode(_:from: UnsafeRawBufferPointer)` reads the bytes
/// where they are, with the results and errors of decoding an array.
@Suite struct LentBytesDecodingTests {
    struct Member: Codable, Equatable { var id: Int; var name: String; var tags: [String] }

    static func decodeLent<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], _ decoder: JSON.Decoder = JSON.Decoder()) throws -> T {
        try bytes.withUnsafeBytes { try decoder.decode(type, from: $0) }
    }

    @Test func aDocumentOfLentMemoryReadsItWhereItIs() throws {
        let bytes = Array(#"{"id": 7, "name": "Ada", "tags": ["a\n", "b"]}"#.utf8)
        try bytes.withUnsafeBufferPointer { memory in
            let document = try JSON.Document(lending: memory, options: .strict)
            #expect(document.bytes.withUnsafeBufferPointer { $0.baseAddress } == memory.baseAddress)
            #expect(document.root["tags"][0].string == "a\n")
        }
        let gzip = Gzip.deflate(bytes)
        try gzip.withUnsafeBufferPointer { memory in
            let document = try JSON.Document(lending: memory, options: .strict)
            #expect(document.bytes.withUnsafeBufferPointer { $0.baseAddress } != memory.baseAddress)
            #expect(document.bytes.withUnsafeBufferPointer { Array($0) } == bytes)
        }
    }

    @Test func decodesAsFromAnArray() throws {
        let text = #"{"id": 7, "name": "Ad\u00e1 \ud83d\ude00", "tags": ["x", "y\"z"]}"#
        let expected = Member(id: 7, name: "Adá 😀", tags: ["x", "y\"z"])
        #expect(try Self.decodeLent(Member.self, Array(text.utf8)) == expected)
        #expect(try Self.decodeLent(Member.self, Gzip.deflate(Array(text.utf8))) == expected)
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try Self.decodeLent(Member.self, utf16) == expected)
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        struct Renamed: Decodable, Equatable { var userId: Int }
        #expect(try Self.decodeLent(Renamed.self, Array(#"{"user_id": 3}"#.utf8), decoder) == Renamed(userId: 3))
    }

    @Test func errorsAreThoseOfAnArray() throws {
        let bytes = Array("{\"id\": 7, \"name\": \"Ada\",\n \"tags\": [\"x\", 5]}".utf8)
        func description(_ body: () throws -> Member) -> String? {
            do {
                _ = try body()
                return nil
            } catch {
                return "\(error)"
            }
        }
        let lent = description { try Self.decodeLent(Member.self, bytes) }
        #expect(lent == description { try JSON.Decoder().decode(Member.self, from: bytes) })
        #expect(lent?.contains("$.tags[1] (line 2, column 16, offset 40): expected String, found number 5") == true)
        expectParseError({ _ = try Self.decodeLent(Member.self, Array(#"{"id": 7,}"#.utf8)) }, .trailingComma, at: 8)
    }

    @Test(TestData.needs("corpus")) func twitterDecodesAsFromAnArray() throws {
        let bytes = TestData.bytes(TestData.url("corpus/twitter.json"))
        #expect(try Self.decodeLent(TwitterModel.self, bytes) == JSON.Decoder().decode(TwitterModel.self, from: bytes))
    }
}
