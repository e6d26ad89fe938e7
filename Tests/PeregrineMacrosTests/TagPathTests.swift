import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// `@Discriminator("meta.type")`: the tag sits in nested objects, the
/// case's values beside the path's first object, as MetaCodable's
/// `@CodedAt("meta", "type")` on a `@TaggedEnum` reads and writes it
/// (`{"meta":{"type":"circle"},"radius":2}`). The generated path, the
/// `Codable` one and Foundation's coders agree, in JSON and in the binary format.
@Suite struct TagPathTests {
    static let text = """
        {"shapes": [{"meta": {"type": "circle"}, "radius": 2.5}, {"meta": {"type": "rectangle", "extra": 1}, "width": 1.5},
                    {"radius": 9, "meta": {"type": "point"}, "x": 1, "y": 2}, {"meta": {"type": "empty"}}],
         "commands": [{"envelope": {"meta": {"kind": 1}}, "key": "a"}, {"envelope": {"meta": {"kind": 3}}, "key": "b", "value": 4}],
         "box": {"meta": {"type": "full"}, "item": 7}}
        """
    static var value: TagDrawing {
        TagDrawing(
            shapes: [.circle(radius: 2.5), .rectangle(width: 1.5, height: nil), .point(TagPoint(x: 1, y: 2)), .empty],
            commands: [.load(key: "a"), .store(key: "b", value: 4)], box: .full(item: 7))
    }

    /// MetaCodable's expected behaviour: the tag read from `meta.type`,
    /// members beside `meta` (others, in `meta` or beside it, ignored),
    /// another tag of a case read too; written back at the path, the first tag.
    @Test func readsAndWritesTheTagAtItsPath() throws {
        #expect(expectSameDecoding(TagDrawing.self, Self.text) == nil)
        #expect(try JSON.Decoder().decode(TagDrawing.self, from: Self.text) == Self.value)
        #expect(try JSONDecoder().decode(TagDrawing.self, from: Data(Self.text.utf8)) == Self.value)
        let written = String(decoding: try JSON.Encoder().encode(Self.value) as [UInt8], as: UTF8.self)
        #expect(
            written == #"{"shapes":[{"meta":{"type":"circle"},"radius":2.5},{"meta":{"type":"rect"},"width":1.5},"#
                + #"{"meta":{"type":"point"},"x":1,"y":2},{"meta":{"type":"empty"}}],"#
                + #""commands":[{"envelope":{"meta":{"kind":1}},"key":"a"},{"envelope":{"meta":{"kind":2}},"key":"b","value":4}],"#
                + #""box":{"meta":{"type":"full"},"item":7}}"#)
        expectSameEncoding(Self.value)
        // Foundation's coders read what is written, and write what is read.
        #expect(try JSONDecoder().decode(TagDrawing.self, from: Data(written.utf8)) == Self.value)
        #expect(try JSON.Decoder().decode(TagDrawing.self, from: JSONEncoder().encode(Self.value)) == Self.value)
        // Sorted keys and a key strategy: the nested objects are written as a key path's are.
        let encoder = JSON.Encoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.keyEncodingStrategy = .custom { path in path.last ?? NestedPathKey("") }
        expectSameEncoding(Self.value, encoder: encoder)
        #expect(try JSON.Decoder().decode(TagDrawing.self, from: encoder.encode(Self.value) as [UInt8]) == Self.value)
    }

    /// A missing or `null` object on the way, a missing tag, a tag of
    /// another type and an unknown tag: the `Codable` path's errors, with
    /// their coding paths, lines and columns.
    @Test func badInputIsTheErrorOfItsPlace() throws {
        func error(_ text: String) -> String {
            expectSameDecoding(MetaShape.self, text) ?? "no error"
        }
        #expect(error(#"{"radius": 1}"#).hasPrefix(#"keyNotFound(meta) [] $ (line 1, column 1, offset 0): no value for key "meta""#), "\(error(#"{"radius": 1}"#))")
        let null = error(#"{"meta": null, "radius": 1}"#)
        #expect(null.hasPrefix("valueNotFound(") && null.contains("[meta#-]") && null.contains("(line 1, column 10, offset 9)"), "\(null)")
        let notObject = error(#"{"meta": "circle"}"#)
        #expect(notObject.hasPrefix("typeMismatch(Dictionary<String, Any>) [meta#-]") && notObject.contains("(line 1, column 10, offset 9)"), "\(notObject)")
        #expect(error(#"{"meta": {}}"#).hasPrefix("keyNotFound(type) [meta#-]"), "\(error(#"{"meta": {}}"#))")
        let mismatch = error("{\"meta\":\n {\"type\": 5}}")
        #expect(mismatch.hasPrefix("typeMismatch(String) [meta#-/type#-]") && mismatch.contains("(line 2, column 11, offset 19)"), "\(mismatch)")
        let unknown = error(#"{"meta": {"type": "squar"}}"#)
        #expect(
            unknown == #"dataCorrupted [meta#-/type#-] $.meta.type (line 1, column 19, offset 18): unknown tag "squar", expected one of "circle", "rect", "point", "empty", "rectangle" underlying: none"#,
            "\(unknown)")
        // A value beside the path: its own error at its own place.
        let value = error(#"{"meta": {"type": "circle"}, "radius": "r"}"#)
        #expect(value.hasPrefix("typeMismatch(Double) [radius#-]") && value.contains("(line 1, column 40, offset 39)"), "\(value)")
        // Two levels down: each missing object is its own key.
        let deep = expectSameDecoding(DeepCommand.self, #"{"envelope": {"meta": null}}"#) ?? ""
        #expect(deep.hasPrefix("valueNotFound(") && deep.contains("[envelope#-/meta#-]"), "\(deep)")
        #expect((expectSameDecoding(DeepCommand.self, #"{"envelope": {}}"#) ?? "").hasPrefix("keyNotFound(meta) [envelope#-]"))
    }

    /// An unknown integer tag two objects down takes the default case,
    /// recorded at the tag's path on both paths; written as its own tag.
    @Test func anUnknownTagTakesTheDefaultCase() throws {
        let (value, report) = try expectSameReport(DeepCommand.self, #"{"envelope": {"meta": {"kind": 7}}}"#)
        #expect(value == .unknown)
        #expect(report == ["$.envelope.meta.kind is 7, which no case has: took the default case"])
        #expect(String(decoding: try JSON.Encoder().encode(value) as [UInt8], as: UTF8.self) == #"{"envelope":{"meta":{"kind":0}}}"#)
    }

    /// Every value of the payload replaced by each other kind, and every
    /// member removed: both paths agree on values and errors.
    @Test func everyMutationOfThePayload() throws {
        let replacements: [JSON] = [.null, "circle", 2, true, [], ["type": "empty"]]
        for text in try payloadMutations(of: try JSON(parsing: Self.text), replacing: replacements) {
            expectSameDecoding(TagDrawing.self, text)
        }
    }

    /// The binary format: the same values, errors and bytes on both paths.
    @Test func theBinaryFormat() throws {
        let bytes = try #require(expectSameBinaryEncoding(Self.value))
        #expect(expectSameBinaryDecoding(TagDrawing.self, bytes) == nil)
        #expect(try Binary.Decoder().decode(TagDrawing.self, from: bytes) == Self.value)
        let fromJSON = try Binary.Encoder().encode(JSON(parsing: Self.text)) as [UInt8]
        #expect(try Binary.Decoder().decode(TagDrawing.self, from: fromJSON) == Self.value)
        let missing = try Binary.Encoder().encode(JSON(parsing: #"{"meta": {"kind": "circle"}}"#)) as [UInt8]
        #expect(expectSameBinaryDecoding(MetaShape.self, missing)?.hasPrefix("keyNotFound(type) [meta#-]") == true)
    }

    /// `@Discriminator(exactly:)`: a key with dots is one name, as before paths.
    @Test func aKeyWithDotsTakenExactly() throws {
        #expect(expectSameDecoding(DottedTag.self, #"{"event.type": "click", "x": 1}"#) == nil)
        #expect(try JSON.Decoder().decode(DottedTag.self, from: #"{"event.type": "click", "x": 1}"#) == .click(x: 1))
        #expect(String(decoding: try JSON.Encoder().encode(DottedTag.click(x: 1)) as [UInt8], as: UTF8.self) == #"{"event.type":"click","x":1}"#)
        #expect(expectSameDecoding(DottedTag.self, #"{"event": {"type": "click"}, "x": 1}"#)?.hasPrefix("keyNotFound(event.type) []") == true)
        let adjacent = #"{"event.type": "click", "event.value": {"x": 2}}"#
        #expect(expectSameDecoding(DottedContent.self, adjacent) == nil)
        #expect(try JSONDecoder().decode(DottedContent.self, from: Data(adjacent.utf8)) == .click(x: 2))
        expectSameEncoding(DottedContent.click(x: 2))
    }
}
