import Foundation
import Peregrine
import Testing
import TestSupport

/// A document writes, straight from its tape, exactly the text its value
/// writes: the same bytes for every option, dialect and duplicate-key
/// policy, and the same errors.
@Suite struct DocumentWriterTests {
    static let layouts: [JSON.SerializationOptions] = [
        [], [.prettyPrinted], [.sortedKeys], [.prettyPrinted, .sortedKeys], [.indent(4)], [.indent(0)], [.tabIndent, .sortedKeys],
        [.escapeUnicode], [.escapeSlashes], [.escapeUnicode, .escapeSlashes, .sortedKeys],
    ]

    /// The document's text and the value's text for `text` under every
    /// layout, or the failure each one threw.
    static func expectSameText(
        _ text: String, parsing: JSON.ParseOptions = .init(), layouts: [JSON.SerializationOptions] = layouts,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try expectSameText(Array(text.utf8), parsing: parsing, layouts: layouts, sourceLocation: sourceLocation)
    }

    static func expectSameText(
        _ bytes: [UInt8], parsing: JSON.ParseOptions = .init(), layouts: [JSON.SerializationOptions] = layouts,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let document = try JSON.Document(parsing: bytes, options: parsing)
        let value = try JSON(parsing: bytes, options: parsing)
        for options in layouts {
            let fromDocument = Result { () throws(JSON.SerializationError) in try document.serialized(options: options) }
            let fromValue = Result { () throws(JSON.SerializationError) in try value.serialized(options: options) }
            switch (fromDocument, fromValue) {
            case (.success(let a), .success(let b)):
                #expect(a == b, "\(options): \(String(decoding: a, as: UTF8.self)) != \(String(decoding: b, as: UTF8.self))", sourceLocation: sourceLocation)
            case (.failure(let a), .failure(let b)):
                #expect(a == b, sourceLocation: sourceLocation)
            default:
                Issue.record("\(options): document \(fromDocument), value \(fromValue)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test(TestData.needs("corpus"))
    func corpusFiles() throws {
        for file in TestData.files(in: "corpus") where file.pathExtension == "json" {
            try Self.expectSameText(
                TestData.bytes(file), parsing: .init(numbers: .lossless),
                layouts: [[], [.prettyPrinted], [.sortedKeys], [.escapeUnicode, .escapeSlashes]])
        }
    }

    @Test func stringsEscapesAndUnicode() throws {
        try Self.expectSameText(#"["plain", "a\"b\\c\/d", "\n\t\r\b\f\u0001\u001f", "é😀€", "\u00e9\ud83d\ude00", "</script>", "", "\u0000"]"#)
        try Self.expectSameText(#"{"\u0061": 1, "b\n": [2], "é": {"😀": null}, "": "empty key"}"#)
        let long = String(repeating: "abcdefghij", count: 20)
        try Self.expectSameText(#"["\#(long)", "\#(long)\n\#(long)", "\#(long)é\#(long)/"]"#)
    }

    @Test func numbersAsTheValueWritesThem() throws {
        try Self.expectSameText("[0, -0, 1.0, 1.50, 1E2, -2.5e-3, 1e21, 1e-7, 9007199254740993, 18446744073709551615, -9223372036854775808]")
        try Self.expectSameText("[1e400, 123456789012345678901234567890, -0.0000]", parsing: .init(numbers: .lossless))
        let doc = try JSON.Document(parsing: "[1.50, 1E2]")
        #expect(try doc.serialized() == Array("[1.5,100.0]".utf8))
    }

    /// With `numbersAsWritten` each number whose input text is JSON is
    /// copied as it stands, in every layout; JSON5's other forms and the
    /// numbers of a flattened value (``TapeEntryTests``) are written as the
    /// value writes them.
    @Test func numbersAsWritten() throws {
        for numbers: JSON.ParseOptions.NumberPolicy in [.standard, .lossless] {
            let text = "[0, -0, 1.50, 1E2, 1e+2, -2.5E-03, 100000000000000000000.0, 9007199254740993, 18446744073709551615"
                + (numbers == .lossless ? ", 1e400, 123456789012345678901234567890]" : "]")
            let doc = try JSON.Document(parsing: text, options: .init(numbers: numbers))
            #expect(try doc.serialized(options: [.numbersAsWritten]) == Array(text.replacingOccurrences(of: ", ", with: ",").utf8))
            let pretty = try doc.serialized(options: [.numbersAsWritten, .prettyPrinted, .sortedKeys])
            #expect(String(decoding: pretty, as: UTF8.self) == "[\n  " + text.dropFirst().dropLast().replacingOccurrences(of: ", ", with: ",\n  ") + "\n]")
            if numbers == .standard {
                #expect(try doc.serialized() == Array("[0,-0.0,1.5,100.0,100.0,-0.0025,1e+20,9007199254740993,18446744073709551615]".utf8))
            }
        }
        // Members, a top-level number, nodes and pieces.
        let object = try JSON.Document(parsing: #"{"a": 1.10, "b": [2E0]}"#)
        #expect(try object.serialized(options: [.numbersAsWritten]) == Array(#"{"a":1.10,"b":[2E0]}"#.utf8))
        #expect(try object.root["b"].serialized(options: [.numbersAsWritten]) == Array("[2E0]".utf8))
        #expect(try JSON.Document(parsing: " -0.0e0 ").serialized(options: [.numbersAsWritten]) == Array("-0.0e0".utf8))
        var pieces: [UInt8] = []
        try object.root["a"].serialize(options: [.numbersAsWritten]) { pieces += $0 }
        #expect(pieces == Array("1.10".utf8))
        try object.root["missing"].serialize { pieces += $0 }
        #expect(pieces == Array("1.10".utf8))
        // JSON5's forms that are not JSON are converted; its JSON forms are kept.
        let json5 = try JSON.Document(parsing: "[0x1F, -0X0a, +1, .5, -5., +.5e1, 1.50, 1E2, Infinity, -Infinity, NaN, 7]", options: .json5)
        #expect(
            try json5.serialized(options: [.numbersAsWritten, .nonConformingFloats(.json5Literals)])
                == Array("[31,-10,1,0.5,-5.0,5.0,1.50,1E2,Infinity,-Infinity,NaN,7]".utf8))
        let converted = try JSON(parsing: json5.serialized(options: [.numbersAsWritten, .nonConformingFloats(.strings(positiveInfinity: "i", negativeInfinity: "-i", nan: "n"))]))
        #expect(converted.array?.count == 12)
        // Trailing content after a top-level number is not its text.
        let trailing = try JSON.Document(parsing: "12abc", options: .init(allowTrailingContent: true))
        #expect(try trailing.serialized(options: [.numbersAsWritten]) == Array("12".utf8))
        let minus = try JSON.Document(parsing: "1.5-2", options: .init(allowTrailingContent: true))
        #expect(try minus.serialized(options: [.numbersAsWritten]) == Array("1.5".utf8))
    }

    /// A repeated key is written once, where it first appears, with the
    /// value its policy keeps — in sorted output too.
    @Test func repeatedKeys() throws {
        let text = #"{"b": 1, "a": 2, "b": 3, "\u0062": 4, "c": {"x": 1, "x": [2]}, "a": 5}"#
        for policy: JSON.ParseOptions.DuplicateKeyPolicy in [.lastWins, .firstWins] {
            try Self.expectSameText(text, parsing: .init(duplicateKeys: policy))
        }
        #expect(try JSON.Document(parsing: text).serialized() == Array(#"{"b":4,"a":5,"c":{"x":[2]}}"#.utf8))
        // Wide objects go through the hash table; keys that share their first
        // 16 bytes and their length all meet in it, past its probe budget.
        let wide = "{" + (0..<40).map { #""key \#($0 % 29)": \#($0)"# }.joined(separator: ", ") + "}"
        let alike = "{" + (0..<200).map { #""same sixteen bytes \#(1_000 + $0 % 150) tail": \#($0)"# }.joined(separator: ", ") + "}"
        let distinct = "{" + (0..<200).map { #""same sixteen bytes \#(1_000 + $0) tail": \#($0)"# }.joined(separator: ", ") + "}"
        for text in [wide, alike, distinct] {
            for policy: JSON.ParseOptions.DuplicateKeyPolicy in [.lastWins, .firstWins] {
                try Self.expectSameText(text, parsing: .init(duplicateKeys: policy), layouts: [[], [.sortedKeys]])
            }
        }
        #expect(
            try JSON.Document(parsing: text, options: .init(duplicateKeys: .firstWins)).serialized(options: [.sortedKeys])
                == Array(#"{"a":2,"b":1,"c":{"x":1}}"#.utf8))
        // Objects of one shape are settled by comparing their keys with the
        // last one found unique; one of the same size and first key that
        // repeats a key is still caught.
        let shaped = "[" + Array(repeating: #"{"aa": 1, "bb": 2, "cc": 3}"#, count: 3).joined(separator: ", ") + #", {"aa": 4, "bb": 5, "aa": 6}]"#
        #expect(try JSON.Document(parsing: shaped).serialized() == Array(#"[{"aa":1,"bb":2,"cc":3},{"aa":1,"bb":2,"cc":3},{"aa":1,"bb":2,"cc":3},{"aa":6,"bb":5}]"#.utf8))
        try Self.expectSameText(shaped, parsing: .init(duplicateKeys: .firstWins))
    }

    @Test func dialects() throws {
        try Self.expectSameText(
            "{unquoted: 'single \"quoted\"', hex: 0x1F, plus: +1, half: .5, trailing: [1, 2,], /* c */ n: null, // x\n}",
            parsing: .json5)
        try Self.expectSameText("[NaN, Infinity, -Infinity]", parsing: .json5, layouts: [[], [.nonConformingFloats(.json5Literals)],
            [.nonConformingFloats(.strings(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan"))]])
        try Self.expectSameText("<1, 2, 1, [3], [3], {\"a\": 1}, {\"a\": 1}>", parsing: .init(allowSets: true))
        try Self.expectSameText("cb({\"a\": [1, 2]});", parsing: .init(jsonp: true))
        try Self.expectSameText("[1] [2]", parsing: .init(allowTrailingContent: true))
        try Self.expectSameText(Array("[\"a\u{FFFD}\", \"".utf8) + [0xFF, 0x22, 0x5D], parsing: .init(looseUnicode: true))
    }

    @Test func emptyAndNestedContainers() throws {
        try Self.expectSameText(#"[[], {}, [[]], {"a": {}}, [{"b": []}], "x"]"#)
        try Self.expectSameText("1")
        try Self.expectSameText(#""top""#)
        try Self.expectSameText("{}")
    }

    @Test func depthLimitAndErrors() throws {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        try Self.expectSameText(deep, layouts: [[], [.maxDepth(39)], [.maxDepth(40)], [.maxDepth(41), .prettyPrinted]])
        let tooDeep = #expect(throws: JSON.SerializationError.self) { try JSON.Document(parsing: deep).serialized(options: [.maxDepth(10)]) }
        #expect(tooDeep?.kind == .tooDeep)
        let nonFinite = #expect(throws: JSON.SerializationError.self) { try JSON.Document(parsing: "[1, NaN]", options: .json5).serialized() }
        #expect(nonFinite?.kind == .nonFiniteNumber)
    }

    @Test func nodesAndMissingNodes() throws {
        let doc = try JSON.Document(parsing: #"{"a": [1, {"b": "c\n"}], "d": true}"#)
        #expect(try doc.root["a"].serialized() == Array(#"[1,{"b":"c\n"}]"#.utf8))
        #expect(try doc.root["a"][1].serialized(options: [.prettyPrinted]) == Array("{\n  \"b\": \"c\\n\"\n}".utf8))
        #expect(try doc.root["d"].serialized() == Array("true".utf8))
        #expect(try doc.root["nope"].serialized() == nil)
    }

    @Test func piecesAndGzip() throws {
        var text = "["
        for index in 0..<3_000 { text += #"{"id": \#(index), "name": "item \#(index)", "tags": ["a", "b"]},"# }
        text += "null]"
        let doc = try JSON.Document(parsing: text)
        let options = JSON.SerializationOptions(prettyPrinted: true, indentWidth: 8)
        var pieces: [[UInt8]] = []
        try doc.serialize(options: options) { pieces.append($0) }
        #expect(pieces.count > 2)
        #expect(Array(pieces.joined()) == (try doc.serialized(options: options)))
        #expect(try JSON.Document(parsing: doc.serialized(options: [.gzip])) .serialized() == (try doc.serialized()))
    }

    /// Sorted output of many objects whose shapes repeat (the writer takes
    /// an earlier object's order for an object with the same keys): the same
    /// keys in another order, other keys of the same count and first-key
    /// length, a repeated key, an escaped key and objects past 64 members,
    /// against the value writer.
    @Test func sortedObjectsOfRepeatedShapes() throws {
        var generator = SeededGenerator(seed: 41)
        let names = (0..<80).map { "k\($0 * 37 % 80)" + String(repeating: "_", count: $0 % 7) }
        var shapes: [[String]] = (0..<12).map { _ in
            Array(names.shuffled(using: &generator).prefix(Int.random(in: 2...20, using: &generator)))
        }
        shapes += shapes.map { $0.shuffled(using: &generator) }  // same keys, another order
        shapes += shapes.prefix(6).map { [$0[0]] + $0.dropFirst().map { $0 + "x" } }  // same count and first key, other keys
        shapes += shapes.prefix(4).map { $0 + [$0[1]] }  // a repeated key
        shapes += shapes.prefix(3).map { ["\\u006b0"] + $0.dropFirst() }  // an escaped first key ("k0")
        shapes.append(Array(names.prefix(70)))  // past 64 members
        let objects = (0..<600).map { index in
            let shape = shapes.randomElement(using: &generator) ?? []
            return "{" + shape.enumerated().map { "\"\($1)\": \(index * 100 + $0)" }.joined(separator: ",") + "}"
        }
        let text = "[" + objects.joined(separator: ",") + "]"
        for policy: JSON.ParseOptions.DuplicateKeyPolicy in [.lastWins, .firstWins] {
            try Self.expectSameText(text, parsing: .init(duplicateKeys: policy), layouts: [[.sortedKeys], [.sortedKeys, .prettyPrinted]])
        }
    }

    /// Random texts with repeated keys, escapes and numbers of every form.
    @Test func randomTexts() throws {
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<300 {
            let text = Self.randomText(depth: 0, using: &generator)
            for policy: JSON.ParseOptions.DuplicateKeyPolicy in [.lastWins, .firstWins] {
                try Self.expectSameText(text, parsing: .init(duplicateKeys: policy, numbers: .lossless))
            }
        }
    }

    static func randomText(depth: Int, using generator: inout SeededGenerator) -> String {
        let keys = ["a", "b", "\\u0061", "long key with spaces and more than sixteen bytes", "long key with spaces and more than sixteen bytez", "é", "\\n", ""]
        let scalars = ["0", "-0", "1.5", "1E3", "-12.5e-7", "123456789012345678901234", "1e999", "true", "false", "null",
                       #""x\"y""#, #""\ud83d\ude00 é""#, #""plain text of some length, past sixteen""#, #""\/\\""#]
        switch depth < 4 ? Int.random(in: 0..<4, using: &generator) : 3 {
        case 0:
            let count = Int.random(in: 0..<6, using: &generator)
            return "[" + (0..<count).map { _ in randomText(depth: depth + 1, using: &generator) }.joined(separator: ",") + "]"
        case 1, 2:
            let count = Int.random(in: 0..<7, using: &generator)
            return "{" + (0..<count).map { _ in
                "\"\(keys.randomElement(using: &generator) ?? "a")\": " + randomText(depth: depth + 1, using: &generator)
            }.joined(separator: ", ") + "}"
        default:
            return scalars.randomElement(using: &generator) ?? "null"
        }
    }
}
