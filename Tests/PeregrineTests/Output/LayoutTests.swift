import Foundation
import Testing

@testable import PeregrineCore

/// Every writer of JSON text lays it out through one `JSONLayout`: a model
/// encoded by `JSON.Encoder`, the value parsed from its text and the
/// document parsed from it write the same bytes, compact or pretty, with
/// nested, empty and sorted containers.
@Suite struct LayoutTests {
    struct Model: Codable {
        var name = "a \"quoted\" name"
        var numbers = [1, -2, 3]
        var nested = ["zeta": [Int](), "alpha": [7, 8], "mid": [9]]
        var empty: [String: [Int]] = [:]
        var deeper = [["b": [["c": true]]]]
        var flag = false
    }

    @Test(arguments: [
        ([.sortedKeys], [.sortedKeys]),
        ([.sortedKeys, .prettyPrinted], [.sortedKeys, .prettyPrinted]),
    ] as [(JSON.Encoder.OutputFormatting, JSON.SerializationOptions)])
    func valuesDocumentsAndEncodersLayOutAlike(formatting: JSON.Encoder.OutputFormatting, options: JSON.SerializationOptions) throws {
        let encoder = JSON.Encoder()
        encoder.outputFormatting = formatting
        let encoded: [UInt8] = try encoder.encode(Model())
        #expect(try JSON(parsing: encoded).serialized(options: options) == encoded)
        #expect(try JSON.Document(parsing: encoded).serialized(options: options) == encoded)
    }

    @Test func prettyLayoutIsWhatItSays() throws {
        let encoder = JSON.Encoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let text = String(decoding: try encoder.encode(["b": [1], "a": []]) as [UInt8], as: UTF8.self)
        #expect(text == "{\n  \"a\": [],\n  \"b\": [\n    1\n  ]\n}")
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .foundationLayout]
        let foundation = String(decoding: try encoder.encode(["b": [1], "a": []]) as [UInt8], as: UTF8.self)
        #expect(foundation == "{\n  \"a\" : [\n\n  ],\n  \"b\" : [\n    1\n  ]\n}")
    }

    /// A generated encoder copies each plain name's compact text from its
    /// `MemberKeys` table: that text is what the compact layout writes,
    /// and after the first member the same with the comma before it. A
    /// name that needs escaping has neither.
    @Test func generatedCompactNamesAreTheCompactLayouts() throws {
        let names: [StaticString] = ["id", "screen_name", "a", "sixteen_bytes_xx", "seventeen_bytes_xx", "a/b", "z"]
        let keys = MemberKeys(names)
        for (field, name) in names.enumerated() where field != 5 {
            let utf8 = try #require(keys.plainName(field))
            #expect(Array(utf8) == Array("\(name)".utf8))
            var written = OutputBuffer()
            CompactLayout().key(utf8, escaping: EscapeRules(slashes: true, unicode: true), in: &written)
            let separated = try #require(keys.separatedName(field))
            #expect(Array(UnsafeRawBufferPointer(start: separated.start, count: separated.count)) == [UInt8(ascii: ",")] + written.bytes, "\(name)")
            #expect(keys.name(field) == "\(name)")
        }
        #expect(keys.plainName(5) == nil)
        #expect(keys.separatedName(5) == nil)
        #expect(keys.name(5) == "a/b")
    }

    /// With `outerLevels`, every line after the first starts that many
    /// levels further in, values and documents alike; compact text has no
    /// lines to indent.
    @Test func outerLevelsIndentEveryLineAfterTheFirst() throws {
        let text = #"{"a":[1,{}],"b":{"c":null}}"#
        var options: JSON.SerializationOptions = [.tabIndent]
        options.outerLevels = 2
        let expected = "{\n\t\t\t\"a\": [\n\t\t\t\t1,\n\t\t\t\t{}\n\t\t\t],\n\t\t\t\"b\": {\n\t\t\t\t\"c\": null\n\t\t\t}\n\t\t}"
        #expect(try JSON(parsing: text).serializedString(options: options) == expected)
        #expect(try JSON.Document(parsing: text).serialized(options: options) == Array(expected.utf8))
        var compact: JSON.SerializationOptions = []
        compact.outerLevels = 2
        #expect(try JSON(parsing: text).serializedString(options: compact) == text)
    }

    /// A container written element by element around elements serialized
    /// on their own gives the whole value's text: compact, pretty, with
    /// tabs, with keys escaped as the options say, and empty.
    @Test(arguments: [[], [.prettyPrinted], [.tabIndent, .escapeUnicode, .escapeSlashes], [.indent(3)]] as [JSON.SerializationOptions])
    func streamedContainerWritesTheWholeValuesText(options: JSON.SerializationOptions) throws {
        for text in [#"{"é/1":[1,{"x/é":2}],"b":{}}"#, #"[[],{"a":[true]},"s/é"]"#, "{}", "[]"] {
            let document = try JSON.Document(parsing: text)
            let container = StreamedContainerLayout(options: options)
            let isObject = document.root.object != nil
            var streamed: [UInt8] = []
            var count = 0
            if let members = document.root.object {
                for (key, node) in members {
                    streamed += container.beforeElement(count, object: true, key: key)
                    streamed += try #require(try node.serialized(options: container.elementOptions))
                    count += 1
                }
            } else {
                for node in try #require(document.root.array) {
                    streamed += container.beforeElement(count, object: false, key: nil)
                    streamed += try #require(try node.serialized(options: container.elementOptions))
                    count += 1
                }
            }
            streamed += container.end(object: isObject, count: count)
            #expect(streamed == (try document.serialized(options: options)), "\(text)")
        }
    }
}
