import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// An element with no generated encoder: it goes through `Encodable`.
struct ArrayShelfItem: Codable, Equatable {
    var a: Int
}

@JSONCodable
struct ArrayShelf: Equatable {
    var tags: [String]
    var items: [ArrayShelfItem]
}

@JSONCodable
struct ArrayShelves: Equatable {
    var plainItems: [ArrayShelfItem]
    var shelves: [ArrayShelf]
    var ids: [Int64]
    var counts: [Int]
    var names: [String]
    var flags: [Bool]
    var rows: [[Int64]]
}

@JSONCodable
@Discriminator("type")
enum StoredShelf: Equatable {
    case shelf(ArrayShelf)
    case empty
}

/// Arrays a generated encoder writes in one step: empty arrays of any
/// element (`[]` with no container of their own), and arrays of `Int64`,
/// `Int`, `String` and `Bool` in one loop. The text is the `Codable`
/// path's in every layout and under a key strategy.
@Suite struct GeneratedArrayEncodingTests {
    static let empty = ArrayShelves(plainItems: [], shelves: [], ids: [], counts: [], names: [], flags: [], rows: [])
    static let full = ArrayShelves(
        plainItems: [ArrayShelfItem(a: 1)],
        shelves: [ArrayShelf(tags: [], items: []), ArrayShelf(tags: ["a/b", "é\"", ""], items: [ArrayShelfItem(a: 2)])],
        ids: [0, -1, .max, .min], counts: [3, -4], names: ["x", "y\n"], flags: [true, false], rows: [[], [1], []])

    static let formattings: [JSON.Encoder.OutputFormatting] = [
        [], .prettyPrinted, [.prettyPrinted, .foundationLayout], .sortedKeys, [.prettyPrinted, .sortedKeys],
        .withoutEscapingSlashes, .escapeUnicode,
    ]

    static func encoder(_ formatting: JSON.Encoder.OutputFormatting) -> JSON.Encoder {
        let encoder = JSON.Encoder()
        encoder.outputFormatting = formatting
        return encoder
    }

    @Test func emptyArraysAreWrittenAsTheCodablePathWritesThem() throws {
        let text = String(decoding: try JSON.Encoder().encode(Self.empty) as [UInt8], as: UTF8.self)
        #expect(text == #"{"plainItems":[],"shelves":[],"ids":[],"counts":[],"names":[],"flags":[],"rows":[]}"#)
        #expect(String(decoding: try JSON.Encoder().encode([ArrayShelf]()) as [UInt8], as: UTF8.self) == "[]")
        for formatting in Self.formattings {
            let encoder = Self.encoder(formatting)
            expectSameEncoding(Self.empty, encoder: encoder)
            expectSameEncoding([Self.empty, Self.empty], encoder: encoder)
            expectSameEncoding([ArrayShelf](), encoder: encoder)
            expectSameEncoding([[ArrayShelfItem]()], encoder: encoder)
            expectSameEncoding(StoredShelf.shelf(ArrayShelf(tags: [], items: [])), encoder: encoder)
        }
    }

    @Test func scalarArraysAreWrittenAsTheCodablePathWritesThem() throws {
        let text = String(decoding: try JSON.Encoder().encode(Self.full) as [UInt8], as: UTF8.self)
        #expect(
            text == #"{"plainItems":[{"a":1}],"shelves":[{"tags":[],"items":[]},{"tags":["a\/b","é\"",""],"items":[{"a":2}]}],"#
                + #""ids":[0,-1,9223372036854775807,-9223372036854775808],"counts":[3,-4],"names":["x","y\n"],"flags":[true,false],"#
                + #""rows":[[],[1],[]]}"#)
        for formatting in Self.formattings {
            let encoder = Self.encoder(formatting)
            expectSameEncoding(Self.full, encoder: encoder)
            expectSameEncoding(StoredShelf.shelf(Self.full.shelves[1]), encoder: encoder)
        }
        let snake = JSON.Encoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        expectSameEncoding(Self.full, encoder: snake)
        expectSameEncoding(Self.empty, encoder: snake)
    }

    /// The binary encoder, which has no one-step empty array, reads back what it wrote.
    @Test func binaryRoundTrips() throws {
        for value in [Self.empty, Self.full] {
            let bytes = try Binary.Encoder().encode(value)
            #expect(try Binary.Decoder().decode(ArrayShelves.self, from: bytes) == value)
        }
    }
}
