import Foundation
import Peregrine
import Testing
import TestSupport

@Suite struct WriterTests {
    static let value: JSON = [
        "b": [1, "x/y"],
        "a": ["é": "😀\n\t\u{1}\"\\"],
        "c": [],
        "d": [:],
    ]

    @Test func compactKeepsInsertionOrder() throws {
        #expect(try Self.value.serializedString() == #"{"b":[1,"x/y"],"a":{"é":"😀\n\t\u0001\"\\"},"c":[],"d":{}}"#)
        #expect(try Self.value.serialized() == Array(#"{"b":[1,"x/y"],"a":{"é":"😀\n\t\u0001\"\\"},"c":[],"d":{}}"#.utf8))
    }

    /// Integers of every length, 1 to 20 digits, at each power of ten's
    /// edges and in between, written as Swift writes them: by the value
    /// writer and by the encoder (the digits are written 4 or 8 at a time).
    @Test func integersOfEveryLengthAreWrittenInFull() throws {
        var generator = SeededGenerator(seed: 0x1D16_175)
        var unsigned: [UInt64] = [0, .max]
        var power: UInt64 = 1
        for _ in 1...19 {
            unsigned += [power - 1, power, power + 1, power * 9 + power - 1, UInt64.random(in: power..<power * 10, using: &generator)]
            power *= 10
        }
        unsigned += [power - 1, power, UInt64.random(in: power...UInt64.max, using: &generator)]
        for value in unsigned {
            #expect(try JSON.number(JSON.Number(value)).serializedString() == String(value))
            #expect(String(decoding: try JSON.Encoder().encode([value]) as [UInt8], as: UTF8.self) == "[\(value)]")
            let signed = Int64(truncatingIfNeeded: value)
            #expect(try JSON.number(JSON.Number(signed)).serializedString() == String(signed))
            #expect(String(decoding: try JSON.Encoder().encode(signed) as [UInt8], as: UTF8.self) == String(signed))
        }
    }

    @Test func sortedKeys() throws {
        #expect(try Self.value.serializedString(options: [.sortedKeys]) == #"{"a":{"é":"😀\n\t\u0001\"\\"},"b":[1,"x/y"],"c":[],"d":{}}"#)
    }

    /// Keys sort by Unicode scalars (UTF-8 byte order), not UTF-16 code units:
    /// U+FFFF comes before U+10000, although its UTF-16 unit is larger.
    @Test func sortedKeysUseScalarOrder() throws {
        let value: JSON = ["\u{10000}": 1, "\u{FFFF}": 2, "é": 3, "z": 4, "a": 5, "Z": 6]
        #expect(try value.serializedString(options: [.sortedKeys]) == "{\"Z\":6,\"a\":5,\"z\":4,\"é\":3,\"\u{FFFF}\":2,\"\u{10000}\":1}")
    }

    @Test func prettyPrinted() throws {
        #expect(
            try Self.value.serializedString(options: [.prettyPrinted]) == #"""
                {
                  "b": [
                    1,
                    "x/y"
                  ],
                  "a": {
                    "é": "😀\n\t\u0001\"\\"
                  },
                  "c": [],
                  "d": {}
                }
                """#)
    }

    @Test func indentWidth() throws {
        let value: JSON = ["k": [true, nil]]
        #expect(try value.serializedString(options: [.indent(4)]) == "{\n    \"k\": [\n        true,\n        null\n    ]\n}")
        #expect(try value.serializedString(options: [.tabIndent]) == "{\n\t\"k\": [\n\t\ttrue,\n\t\tnull\n\t]\n}")
        #expect(try value.serializedString(options: [.indent(4), .tabIndent]) == (try value.serializedString(options: [.tabIndent])))
        #expect(try value.serializedString(options: [.indent(0)]) == "{\n\"k\": [\ntrue,\nnull\n]\n}")
        #expect(try JSON.array([]).serializedString(options: [.prettyPrinted]) == "[]")
        #expect(try JSON(1).serializedString(options: [.prettyPrinted]) == "1")
    }

    @Test func prettyAndSortedTogether() throws {
        let value: JSON = ["b": 1, "a": ["y": 2, "x": 3]]
        #expect(
            try value.serializedString(options: [.prettyPrinted, .sortedKeys])
                == "{\n  \"a\": {\n    \"x\": 3,\n    \"y\": 2\n  },\n  \"b\": 1\n}")
    }

    @Test func escapeUnicode() throws {
        #expect(try Self.value.serializedString(options: [.escapeUnicode]) == #"{"b":[1,"x/y"],"a":{"\u00e9":"\ud83d\ude00\n\t\u0001\"\\"},"c":[],"d":{}}"#)
        #expect(try JSON("€ \u{10FFFF}").serializedString(options: [.escapeUnicode]) == #""\u20ac \udbff\udfff""#)
    }

    @Test func escapeSlashes() throws {
        #expect(try JSON("</script>").serializedString(options: [.escapeSlashes]) == #""<\/script>""#)
        #expect(try JSON("</script>").serializedString() == #""</script>""#)
    }

    @Test func controlCharactersUseTheShortEscapesJqAndFoundationWrite() throws {
        let all = String(decoding: (0..<0x20).map { UInt8($0) } + [0x7F], as: UTF8.self)
        var expected = "\""
        for byte in 0..<0x20 {
            switch byte {
            case 0x0A: expected += "\\n"
            case 0x09: expected += "\\t"
            case 0x0D: expected += "\\r"
            case 0x08: expected += "\\b"
            case 0x0C: expected += "\\f"
            default: expected += "\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
            }
        }
        expected += "\u{7F}\""
        #expect(try JSON.string(all).serializedString() == expected)
        #expect(try JSON.string("\u{8}\u{C}\r\n\t\u{1}\u{1F}").serializedString() == #""\b\f\r\n\t\u0001\u001f""#)
        // The Codable encoder writes the same, as Foundation's does.
        let foundation = try JSONEncoder().encode(["\u{8}\u{C}\r\n\t\u{1}"])
        #expect(try JSON.Encoder().encode(["\u{8}\u{C}\r\n\t\u{1}"]) as [UInt8] == Array(foundation))
    }

    @Test func singleStringWithAndWithoutQuotes() {
        #expect(JSON.serializedString(escaping: "say \"hi\"") == #""say \"hi\"""#)
        #expect(JSON.serializedString(escaping: "say \"hi\"", includeQuotes: false) == #"say \"hi\""#)
        #expect(JSON.serializedString(escaping: "a/é", includeQuotes: false, options: [.escapeSlashes, .escapeUnicode]) == #"a\/\u00e9"#)
    }

    @Test func scalars() throws {
        #expect(try JSON.null.serializedString() == "null")
        #expect(try JSON(true).serializedString() == "true")
        #expect(try JSON(false).serializedString() == "false")
        #expect(try JSON(-12).serializedString() == "-12")
        #expect(try JSON.number(.init(Int64.min)).serializedString() == "-9223372036854775808")
        #expect(try JSON.number(.init(UInt64.max)).serializedString() == "18446744073709551615")
        #expect(try JSON(2.5).serializedString() == "2.5")
    }

    @Test func escapedOutputParsesBack() throws {
        let value: JSON = ["\u{0}key/é😀": "\u{0}\u{1F}\"\\/\u{7F}é😀\u{FFFF}"]
        for options: JSON.SerializationOptions in [[], [.escapeUnicode], [.escapeSlashes], [.prettyPrinted, .escapeUnicode]] {
            #expect(try JSON(parsing: value.serialized(options: options)) == value)
        }
    }

    /// Long strings go through the 16-byte skip; every escape at every
    /// position must come out as the byte-by-byte rules say.
    @Test func escapingMatchesAReferenceAtEveryPosition() {
        let pieces: [String] = ["a", "b", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{1F}", "\u{7F}", "é", "😀", "€", " "]
        var generator = SeededGenerator(seed: 47)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...70, using: &generator)
            let text = (0..<length).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined()
            for options: JSON.SerializationOptions in [[], [.escapeSlashes], [.escapeUnicode], [.escapeSlashes, .escapeUnicode]] {
                #expect(
                    JSON.serializedString(escaping: text, options: options)
                        == Self.referenceEscape(text, slashes: options.escapeSlashes, unicode: options.escapeUnicode))
            }
        }
    }

    /// Strings are escaped 32 bytes at a time: every pair of escapes at
    /// every two positions of strings up to 70 bytes (a block, its tail of
    /// one to 31 bytes padded, and the block after), each escape of every
    /// kind, against the byte-by-byte rules.
    @Test func everyPairOfEscapePositionsMatchesTheReference() {
        let escapes: [Character] = ["/", "\"", "\\", "\n", "é"]
        for length in [1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 70] {
            for first in 0..<length {
                for second in Set([first, (first * 7 + 3) % length, length - 1]) {
                    var text = Array(repeating: Character("a"), count: length)
                    text[first] = escapes[first % escapes.count]
                    text[second] = escapes[(second + 1) % escapes.count]
                    for options: JSON.SerializationOptions in [[], [.escapeSlashes], [.escapeSlashes, .escapeUnicode]] {
                        let string = String(text)
                        #expect(
                            JSON.serializedString(escaping: string, options: options)
                                == Self.referenceEscape(string, slashes: options.escapeSlashes, unicode: options.escapeUnicode),
                            "\(length) bytes, escapes at \(first) and \(second)")
                    }
                }
            }
        }
    }

    static func referenceEscape(_ text: String, slashes: Bool, unicode: Bool) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/" where slashes: out += "\\/"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case _ where scalar.value < 0x20 || (unicode && scalar.value >= 0x80):
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test func serializeHandsOverBoundedPieces() throws {
        // 100 levels of 50 elements, pretty with a wide indent: 4 MB of output from 10 KB.
        var value: JSON = 0
        for _ in 0..<100 { value = .array(Array(repeating: 1, count: 49) + [value]) }
        let options = JSON.SerializationOptions(prettyPrinted: true, indentWidth: 16, maxDepth: 1_000)
        var pieces: [[UInt8]] = []
        try value.serialize(options: options) { pieces.append($0) }
        #expect(pieces.joined().elementsEqual(try value.serialized(options: options)))
        #expect(pieces.count > 10 && pieces.allSatisfy { $0.count < (1 << 16) + 8_000 }, "\(pieces.map(\.count).max() ?? 0)")

        struct Full: Error {}
        var written = 0
        #expect(throws: Full.self) {
            try value.serialize(options: options) { piece in
                written += 1
                if written == 2 { throw Full() }
            }
        }
        #expect(written == 2)
    }

    /// Keys seen before are copied from a cache of their text: repeated,
    /// escaped, long, colliding and thousands of distinct keys (past which
    /// the cache turns itself off) all come out as written the first time.
    @Test func repeatedKeysComeOutTheSame() throws {
        let names = ["id", "a\"b", "é", String(repeating: "long key ", count: 6), "x/y", "\u{1}"] + (0..<3_000).map { "key \($0)" }
        var objects: [JSON] = []
        var expected: [String] = []
        for round in 0..<3 {
            for (index, name) in names.enumerated() where index % (round + 1) == 0 {
                objects.append(.object([name: .number(JSON.Number(round))]))
                expected.append("{" + JSON.serializedString(escaping: name) + ":\(round)}")
            }
        }
        #expect(try JSON.array(objects).serializedString() == "[" + expected.joined(separator: ",") + "]")
        let pretty = try JSON.array(Array(objects.prefix(20))).serializedString(options: [.prettyPrinted])
        #expect(try JSON(parsing: pretty) == JSON.array(Array(objects.prefix(20))))
        #expect(pretty.contains("\"id\": 0"))
    }

    /// The key cache confirms a hit by the key's `String` bits first: long
    /// keys of equal text built anew each time (separate storage, so found
    /// by text), keys parsed once per document (interned, so found by bits)
    /// and different keys of one length all come out as written.
    @Test func keysFoundByIdentityAndByText() throws {
        func key(_ number: Int) -> String { String(repeating: "k", count: 20) + String(number % 10) + String(repeating: "z", count: 20) }
        var objects: [JSON] = []
        var expected: [String] = []
        for round in 0..<4 {
            for number in 0..<30 {
                objects.append(.object([key(number): .number(JSON.Number(round)), "id": .number(JSON.Number(number))]))
                expected.append(#"{"\#(key(number))":\#(round),"id":\#(number)}"#)
            }
        }
        let text = "[" + expected.joined(separator: ",") + "]"
        #expect(try JSON.array(objects).serializedString() == text)
        #expect(try JSON(parsing: text).serializedString() == text)
        #expect(try JSON(parsing: text).serializedString(options: [.prettyPrinted]) == JSON.array(objects).serializedString(options: [.prettyPrinted]))
    }

    /// Integers of every length, and at the edges of each length.
    @Test func integersOfEveryLength() throws {
        var values: [Int64] = [0, -1, Int64.min, Int64.max]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power, -(power - 1)]
        }
        var generator = SeededGenerator(seed: 3)
        values += (0..<2_000).map { _ in Int64.random(in: .min ... .max, using: &generator) >> Int64.random(in: 0...62, using: &generator) }
        let text = try JSON.array(values.map { .number(JSON.Number($0)) }).serializedString()
        #expect(text == "[" + values.map(String.init).joined(separator: ",") + "]")
        let unsigned: [UInt64] = [UInt64(Int64.max) + 1, 10_000_000_000_000_000_000, UInt64.max]
        #expect(try JSON.array(unsigned.map { .number(JSON.Number($0)) }).serializedString() == "[" + unsigned.map(String.init).joined(separator: ",") + "]")
    }

    /// Every ASCII byte at every position of strings up to 70 bytes, under
    /// every escaping rule: the short strings checked inline, those of 16
    /// to 31 bytes (two overlapping chunks; the text ends in a 2-byte "é",
    /// so lengths 14 and 29 are that range's ends), the 16- and 32-byte
    /// chunks of longer ones and their short tails.
    @Test func everyASCIIByteAtEveryPosition() {
        for options: JSON.SerializationOptions in [[], [.escapeSlashes], [.escapeUnicode], [.escapeSlashes, .escapeUnicode]] {
            for length in [1, 2, 3, 4, 5, 7, 8, 9, 13, 14, 15, 16, 17, 29, 30, 31, 32, 33, 47, 48, 64, 70] {
                for position in 0..<length {
                    for byte in UInt8(0)..<0x80 {
                        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                        bytes[position] = byte
                        let text = String(decoding: bytes, as: UTF8.self) + "é"
                        let expected = Self.referenceEscape(text, slashes: options.escapeSlashes, unicode: options.escapeUnicode)
                        if JSON.serializedString(escaping: text, options: options) != expected {
                            Issue.record("byte \(byte) at \(position) of \(length), \(options)")
                            return
                        }
                    }
                }
            }
        }
    }

    /// Sorted keys in one value of many objects whose shapes repeat (the
    /// writer finds an earlier object's order again by its keys'
    /// identities): the same keys in another member order, more shapes than
    /// the memo's 16 slots, objects past its 64 members, keys interned by
    /// the parser and keys built for each object, against a plain sort.
    @Test func sortedKeysAcrossObjectsOfRepeatedShapes() throws {
        var generator = SeededGenerator(seed: 22)
        let names = (0..<80).map { "k\($0 * 37 % 80)" + String(repeating: "_", count: $0 % 19) }
        var shapes: [[String]] = []
        for _ in 0..<400 {
            let count = [1, 2, 3, 17, 40, 65, 80][Int.random(in: 0..<7, using: &generator)]
            let start = Int.random(in: 0...(80 - count), using: &generator) % 5
            let keys = Array(names[start..<start + count])
            shapes.append(Bool.random(using: &generator) ? keys.reversed() : keys)
        }
        func object(_ keys: [String], _ index: Int, sorted: Bool) -> String {
            let ordered = sorted ? keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } : keys
            return "{" + ordered.map { "\"\($0)\":\(index)" }.joined(separator: ",") + "}"
        }
        let text = "[" + shapes.indices.map { object(shapes[$0], $0, sorted: false) }.joined(separator: ",") + "]"
        let expected = "[" + shapes.indices.map { object(shapes[$0], $0, sorted: true) }.joined(separator: ",") + "]"
        #expect(try JSON(parsing: text).serializedString(options: [.sortedKeys]) == expected)
        let built = JSON.array(shapes.indices.map { index in
            var members = JSON.Object()
            for key in shapes[index] { members[String(decoding: Array(key.utf8), as: UTF8.self)] = .number(JSON.Number(index)) }
            return .object(members)
        })
        #expect(try built.serializedString(options: [.sortedKeys]) == expected)
    }

    /// Sorted keys: long shared prefixes, prefixes of each other, and
    /// non-ASCII, against a plain sort of their UTF-8.
    @Test func sortedKeysAgainstAReference() throws {
        var generator = SeededGenerator(seed: 21)
        let stems = ["", "a", "profile_background_", "profile_background_image_url", "z", "é", "\u{10000}", "\u{0}"]
        for _ in 0..<200 {
            var object = JSON.Object()
            for _ in 0..<Int.random(in: 0..<30, using: &generator) {
                let key = (stems.randomElement(using: &generator) ?? "") + String(Int.random(in: 0..<50, using: &generator), radix: 7)
                object[key] = .number(JSON.Number(key.utf8.count))
            }
            let keys = object.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let expected = "{" + keys.map { JSON.serializedString(escaping: $0) + ":\($0.utf8.count)" }.joined(separator: ",") + "}"
            #expect(try JSON.object(object).serializedString(options: [.sortedKeys]) == expected)
        }
    }
}
