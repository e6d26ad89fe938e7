import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// `@Untagged`, integer and Boolean tags, several tags for one case and
/// `@UnwrapSingleValues`: what the peers' documentation says the same
/// feature does (MetaCodable's `@UnTagged`, `@CodedAs<Int>`,
/// `@CodedAs("a", "b")`), the same values and errors on the generated and
/// the `Codable` paths, on JSON and binary, and Foundation's coders alike.
@Suite struct EnumShapeTests {
    static let holder = """
        {"values": [true, 12, -43, 36.78, "string", [true, 12, -43, 36.78, "string", {"key": "value"}], {"key": "value"}, null],
         "contacts": [{"number": "555", "ext": 2}, {"address": "a@b.c"}, {"width": 1, "height": 2}, {"_0": 1, "_1": 2}, "ada"],
         "commands": [{"key": "MyKey", "type": 1}, {"key": "MyKey", "value": 42, "type": 2}, {"type": 3, "key": "k", "value": 0}, {"type": -1}],
         "operations": [{"op": 10, "args": 5}, {"op": 20}, {"op": 99, "args": [1]}],
         "replies": [{"ok": true, "value": 1}, {"ok": false, "message": "no"}],
         "media": [{"type": "movie", "url": "m"}, {"type": "photo", "url": "p", "width": 3}, {"type": "clip", "url": "c"}, {"type": "text", "body": "b"}],
         "payloads": [{"string": "hello"}, {"int": 3}, {"number": 4}, {"rect": {"width": 1, "height": 2}}, {"pair": {"_0": 1, "_1": 2}},
                      {"labeled": {"name": "n"}}, {"dated": 5}, {"none": {}}]}
        """

    static var value: ShapeHolder {
        ShapeHolder(
        values: [.bool(true), .uint(12), .int(-43), .double(36.78), .string("string"), .array([.null, .dictionary(["k": .array([])])]), .null],
        contacts: [.phone(number: "555", ext: nil), .email(address: "e"), .rect(Rect(width: 1, height: 2, label: "r")), .point(3, 4), .handle("h")],
        commands: [.load(key: "a"), .store(key: "b", value: 2), .halt],
        operations: [.add(1), .negate, .unsupported],
        replies: [.success(value: 1), .failure(message: "m")],
        media: [.video(url: "v"), .image(url: "i", width: nil), .text(body: "t")],
        payloads: [.string("s"), .number(1), .rect(Rect(width: 1, height: 2, label: nil)), .pair(1, 2), .labeled(name: "n"),
            .dated(Date(timeIntervalSinceReferenceDate: 7)), .none])
    }

    @Test func payloadDecodesAlikeOnEveryPath() throws {
        #expect(expectSameDecoding(ShapeHolder.self, Self.holder) == nil)
        let holder = try JSON.Decoder().decode(ShapeHolder.self, from: Self.holder)
        // MetaCodable: "First case for which all associated variables are successfully decoded, is chosen".
        #expect(holder.values[..<5] == [.bool(true), .uint(12), .int(-43), .double(36.78), .string("string")])
        #expect(holder.values[6] == .dictionary(["key": .string("value")]) && holder.values[7] == .null)
        #expect(holder.contacts == [.phone(number: "555", ext: 2), .email(address: "a@b.c"), .rect(Rect(width: 1, height: 2, label: nil)), .point(1, 2), .handle("ada")])
        // MetaCodable's `@CodedAs<Int>` example: {"key": "MyKey", "type": 1} is load(key: "MyKey").
        #expect(holder.commands == [.load(key: "MyKey"), .store(key: "MyKey", value: 42), .store(key: "k", value: 0), .halt])
        #expect(holder.operations == [.add(5), .negate, .unsupported])
        #expect(holder.replies == [.success(value: 1), .failure(message: "no")])
        #expect(holder.media == [.video(url: "m"), .image(url: "p", width: 3), .video(url: "c"), .text(body: "b")])
        #expect(holder.payloads[..<3] == [.string("hello"), .number(3), .number(4)])
        #expect(try JSONDecoder().decode(ShapeHolder.self, from: Data(Self.holder.utf8)) == holder)
    }

    /// Encoding writes each case's first tag and the unwrapped values, on both paths and with Foundation's encoder.
    @Test func encodingWritesTheFirstTag() throws {
        expectSameEncoding(Self.value)
        let text = String(decoding: try JSON.Encoder().encode(Self.value) as [UInt8], as: UTF8.self)
        for part in [
            #""values":[true,12,-43,36.78,"string",[null,{"k":[]}],null]"#,
            #""contacts":[{"number":"555"},{"address":"e"},{"width":1,"height":2,"label":"r"},{"_0":3,"_1":4},"h"]"#,
            #""commands":[{"type":1,"key":"a"},{"type":2,"key":"b","value":2},{"type":-1}]"#,
            #""operations":[{"op":10,"args":1},{"op":20},{"op":0}]"#, #""replies":[{"ok":true,"value":1},{"ok":false,"message":"m"}]"#,
            #""media":[{"type":"video","url":"v"},{"type":"image","url":"i"},{"type":"text","body":"t"}]"#,
            #""payloads":[{"string":"s"},{"number":1},{"rect":{"width":1,"height":2}},{"pair":{"_0":1,"_1":2}},{"labeled":{"name":"n"}},{"dated":7},{"none":{}}]"#,
        ] {
            #expect(text.contains(part), "\(part) in \(text)")
        }
        let decoded = try JSON.Decoder().decode(ShapeHolder.self, from: text)
        #expect(decoded == Self.value)
        #expect(try JSONDecoder().decode(ShapeHolder.self, from: JSONEncoder().encode(Self.value)) == Self.value)
    }

    @Test func errorsAreTheCodablePathsWithPositions() throws {
        let none = try #require(expectSameDecoding([Contact].self, "[\"a\",\n {\"width\": \"x\"}]"))
        #expect(none == "dataCorrupted [Index 1#1] $[1] (line 2, column 2, offset 7): the value matches no case of Contact underlying: none")
        let unknown = try #require(expectSameDecoding(Command.self, #"{"type": 7}"#))
        #expect(unknown == "dataCorrupted [type#-] $.type (line 1, column 10, offset 9): unknown tag 7, expected one of 1, 2, -1, 3 underlying: none")
        let kind = try #require(expectSameDecoding(Command.self, #"{"type": "1", "key": "k"}"#))
        #expect(kind.hasPrefix("typeMismatch(Int) [type#-] $.type (line 1, column 10, offset 9): expected Int, found string"))
        let reply = try #require(expectSameDecoding(Reply.self, #"{"ok": 1}"#))
        #expect(reply.hasPrefix("typeMismatch(Bool) [ok#-]"))
        let two = try #require(expectSameDecoding(WrappedPayload.self, #"{"int": 1, "number": 2}"#))
        #expect(two == "typeMismatch(WrappedPayload) [] Invalid number of keys found, expected one. underlying: none")
        let media = try #require(expectSameDecoding(Media.self, #"{"type": "movies", "url": "m"}"#))
        #expect(media.contains(#"unknown tag "movies", expected one of "video", "image", "text", "movie", "clip", "photo""#))
        // The default case takes an integer tag no case has, reported as written.
        let (operation, report) = try expectSameReport(Operation.self, #"{"op": 99}"#)
        #expect(operation == .unsupported && report == ["$.op is 99, which no case has: took the default case"])
    }

    /// Every value of the payload replaced by each other kind, and every member removed.
    @Test func everyMutationOfThePayload() throws {
        let base = try JSON(parsing: Self.holder)
        let replacements: [JSON] = [.null, "text", "movie", 1.5, -1, 3, true, false, [], ["x": 1], ["_0": 1]]
        var errors = 0
        for text in try payloadMutations(of: base, replacing: replacements) where expectSameDecoding(ShapeHolder.self, text) != nil {
            errors += 1
        }
        #expect(errors > 100)
    }

    /// A value failing deep inside two cases of one shape would be tried 2ⁿ
    /// times for n levels: each level's outcome is remembered, so the decode
    /// fails once per level, with the root's error (``UntaggedMemoTests``
    /// counts the work).
    @Test func nestedUntaggedValuesStayLinear() throws {
        let depth = 60
        let failing = String(repeating: "[", count: depth) + "\"x\"" + String(repeating: "]", count: depth)
        let error = try #require(expectSameDecoding(Twin.self, failing))
        #expect(error == "dataCorrupted [] $ (line 1, column 1, offset 0): the value matches no case of Twin underlying: none")
        // Values that match take one attempt per level, however deep.
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        var expected = Twin.left([])
        for _ in 1..<200 { expected = .left([expected]) }
        #expect(try JSON.Decoder().decode(Twin.self, from: deep) == expected)
        #expect(try Binary.Decoder().decode(Twin.self, from: Binary.Encoder().encode(expected) as [UInt8]) == expected)
    }

    @Test func binaryCodesAlike() throws {
        let bytes = try #require(expectSameBinaryEncoding(Self.value))
        #expect(expectSameBinaryDecoding(ShapeHolder.self, bytes) == nil)
        #expect(try Binary.Decoder().decode(ShapeHolder.self, from: bytes) == Self.value)
        let wrong: [UInt8] = try Binary.Encoder().encode(["ok": 1])
        #expect(expectSameBinaryDecoding(Reply.self, wrong) != nil)
        let none: [UInt8] = try Binary.Encoder().encode([[String: Int]()])
        #expect(try #require(expectSameBinaryDecoding([Contact].self, none)).contains("the value matches no case of Contact"))
    }

    @Test func articleExample() throws {
        let text = #"[true, 12, 36.78, "a", {"k": [null]}]"#
        #expect(expectSameDecoding([ArticleValue].self, text) == nil)
        let values = try JSON.Decoder().decode([ArticleValue].self, from: text)
        #expect(values == [.bool(true), .int(12), .double(36.78), .string("a"), .object(["k": .array([.null])])])
    }
}
