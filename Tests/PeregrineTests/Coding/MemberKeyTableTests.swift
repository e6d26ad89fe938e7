import Foundation
import Testing

@testable import PeregrineCore

/// A sink's object holds a permanent key table (`MemberKeys.permanent`,
/// what `@JSONCodable` makes) without a reference count and writes its
/// names from the table's bytes; it holds no other table (the object may
/// outlive it) and names those members by their keys. Both write the same
/// text, under every layout and key option.
@Suite struct MemberKeyTableTests {
    enum CodingKeys: String, CodingKey { case id, firstName, path = "a/b" }
    static let names: [StaticString] = ["id", "firstName", "a/b"]
    static let permanent = MemberKeys.permanent(names)

    /// A hand-written generated encoder over `keys`.
    struct Person: DirectEncodable {
        let keys: MemberKeys

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .id)
            try container.encode("Ada", forKey: .firstName)
            try container.encode(true, forKey: .path)
        }

        func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
            let object = sink.beginObject(keys: keys)
            try sink.encode(1, member: 0, key: CodingKeys.id, in: object)
            try sink.encode("Ada", member: 1, key: CodingKeys.firstName, in: object)
            try sink.encode(true, member: 2, key: CodingKeys.path, in: object)
            sink.end(object)
        }
    }

    @Test func aPermanentTableIsHeldAndAnyOtherIsNot() throws {
        #expect(Self.permanent.isPermanent)
        let other = MemberKeys(Self.names)
        #expect(!other.isPermanent)
        #expect(SinkContainer(position: 0, start: 0, keys: Self.permanent).keys === Self.permanent)
        // Not this table, which the container may outlive: the empty one, so members are named by their keys.
        #expect(SinkContainer(position: 0, start: 0, keys: other).keys === MemberKeys.empty)
        #expect(SinkContainer(position: 0, start: 0, keys: nil).keys == nil)
        let separated = try #require(SinkContainer(position: 0, start: 0, keys: Self.permanent).separatedName(1))
        #expect(Array(UnsafeRawBufferPointer(start: separated.start, count: separated.count)) == Array(#","firstName":"#.utf8))
        #expect(SinkContainer(position: 0, start: 0, keys: other).separatedName(1) == nil)
    }

    static let layouts: [(formatting: JSON.Encoder.OutputFormatting, text: String)] = [
        ([], #"{"id":1,"firstName":"Ada","a\/b":true}"#),
        ([.withoutEscapingSlashes], #"{"id":1,"firstName":"Ada","a/b":true}"#),
        ([.sortedKeys], #"{"a\/b":true,"firstName":"Ada","id":1}"#),
        ([.prettyPrinted], "{\n  \"id\": 1,\n  \"firstName\": \"Ada\",\n  \"a\\/b\": true\n}"),
    ]

    @Test func bothTablesWriteTheSameText() throws {
        for (formatting, expected) in Self.layouts {
            let encoder = JSON.Encoder()
            encoder.outputFormatting = formatting
            for keys in [Self.permanent, MemberKeys(Self.names)] {
                let text = String(decoding: try encoder.encode(Person(keys: keys)) as [UInt8], as: UTF8.self)
                #expect(text == expected, "permanent: \(keys.isPermanent)")
            }
        }
    }

    @Test func bothTablesTakeTheKeyStrategy() throws {
        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        for keys in [Self.permanent, MemberKeys(Self.names)] {
            let text = String(decoding: try encoder.encode(Person(keys: keys)) as [UInt8], as: UTF8.self)
            #expect(text == #"{"id":1,"first_name":"Ada","a\/b":true}"#, "permanent: \(keys.isPermanent)")
        }
    }
}
