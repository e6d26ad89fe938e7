import Foundation
import Peregrine
import Testing
import TestSupport

@Suite struct EncoderTests {
    struct Model: Codable, Equatable {
        var zeta: Int
        var alpha: String
        var url: String
        var values: [Double]
        var nested: Nested?
        var flag: Bool
        var small: Float
    }

    struct Nested: Codable, Equatable { var userId: UInt64; var note: String? }

    static let model = Model(
        zeta: -3, alpha: "é/\"x\"", url: "https://a/b", values: [1, 2.5, -0.0], nested: Nested(userId: UInt64.max, note: nil),
        flag: true, small: 0.1)

    @Test func keysInModelOrderAndFoundationCompatible() throws {
        let bytes: [UInt8] = try JSON.Encoder().encode(Self.model)
        #expect(String(decoding: bytes, as: UTF8.self)
            == #"{"zeta":-3,"alpha":"é\/\"x\"","url":"https:\/\/a\/b","values":[1,2.5,-0],"nested":{"userId":18446744073709551615},"flag":true,"small":0.1}"#)
        #expect(try JSONDecoder().decode(Model.self, from: Data(bytes)) == Self.model)
        #expect(try JSON.Decoder().decode(Model.self, from: bytes) == Self.model)
        let foundation = try JSONEncoder().encode(Self.model)
        #expect(try JSON.Decoder().decode(Model.self, from: foundation) == Self.model)
    }

    struct Row: Encodable {
        var b: Int
        var a: String?
        var c: [Row]?
        var repeated: Bool = false

        enum CodingKeys: String, CodingKey { case b, a, c }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(b, forKey: .b)
            try container.encodeIfPresent(a, forKey: .a)
            try container.encodeIfPresent(c, forKey: .c)
            if repeated { try container.encode(b + 1, forKey: .b) }  // a key encoded twice: its last value, once
        }

        var expected: String {
            let members = [a.map { #""a":"\#($0)""# }, #""b":\#(repeated ? b + 1 : b)"#, c.map { #""c":["# + $0.map(\.expected).joined(separator: ",") + "]" }]
            return "{" + members.compactMap { $0 }.joined(separator: ",") + "}"
        }
    }

    /// Sorted keys over many objects whose shapes repeat (an earlier
    /// object's order is found again by its keys' identities): objects with
    /// the same first key and count but other keys, nested objects, and a
    /// key encoded twice, against the order spelled out.
    @Test func sortedKeysAcrossObjectsOfRepeatedShapes() throws {
        var generator = SeededGenerator(seed: 23)
        func row(_ index: Int, depth: Int) -> Row {
            let nested = depth < 2 && Bool.random(using: &generator)
            return Row(
                b: index, a: Bool.random(using: &generator) ? "x\(index)" : nil,
                c: nested ? (0..<Int.random(in: 0..<3, using: &generator)).map { row($0, depth: depth + 1) } : nil,
                repeated: Int.random(in: 0..<10, using: &generator) == 0)
        }
        let rows = (0..<300).map { row($0, depth: 0) }
        let encoder = JSON.Encoder()
        encoder.outputFormatting = [.sortedKeys]
        let expected = "[" + rows.map(\.expected).joined(separator: ",") + "]"
        #expect(String(decoding: try encoder.encode(rows) as [UInt8], as: UTF8.self) == expected)
    }

    @Test func outputFormatting() throws {
        let encoder = JSON.Encoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let sorted = String(decoding: try encoder.encode(Nested(userId: 1, note: "a/b")) as [UInt8], as: UTF8.self)
        #expect(sorted == #"{"note":"a/b","userId":1}"#)
        encoder.outputFormatting = [.prettyPrinted, .escapeUnicode]
        let pretty = String(decoding: try encoder.encode(Nested(userId: 1, note: "é")) as [UInt8], as: UTF8.self)
        #expect(pretty == "{\n  \"userId\": 1,\n  \"note\": \"\\u00e9\"\n}")
    }

    @Test func dataAndValueOutputs() throws {
        let data: Data = try JSON.Encoder().encode([1, 2])
        #expect(data == Data("[1,2]".utf8))
        let value: JSON = try JSON.Encoder().encode(Nested(userId: 2, note: "n"))
        #expect(value == ["userId": 2, "note": "n"])
    }

    @Test func keyStrategies() throws {
        struct Keys: Codable, Equatable { var userID: Int; var myURLValue: Int; var plain: Int; var _hidden: Int }
        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        foundation.outputFormatting = [.sortedKeys]
        encoder.outputFormatting = [.sortedKeys]
        let value = Keys(userID: 1, myURLValue: 2, plain: 3, _hidden: 4)
        #expect(try encoder.encode(value) as [UInt8] == [UInt8](try foundation.encode(value)))
        encoder.keyEncodingStrategy = .custom { path in AnyKey(path.last?.stringValue.uppercased() ?? "") }
        #expect(String(decoding: try encoder.encode(Nested(userId: 1, note: nil)) as [UInt8], as: UTF8.self) == #"{"USERID":1}"#)
    }

    @Test func dateDataAndFloatStrategies() throws {
        struct Stamp: Codable { var at: Date; var blob: Data }
        let stamp = Stamp(at: Date(timeIntervalSince1970: 86400.5), blob: Data([1, 2, 3]))
        let encoder = JSON.Encoder()
        func text() throws -> String { String(decoding: try encoder.encode(stamp) as [UInt8], as: UTF8.self) }
        #expect(try text() == #"{"at":-978220799.5,"blob":"AQID"}"#)
        encoder.dateEncodingStrategy = .secondsSince1970
        #expect(try text() == #"{"at":86400.5,"blob":"AQID"}"#)
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.dataEncodingStrategy = .deferredToData
        #expect(try text() == #"{"at":86400500,"blob":[1,2,3]}"#)
        encoder.dateEncodingStrategy = .iso8601
        encoder.dataEncodingStrategy = .custom { data, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(data.count)
        }
        #expect(try text() == #"{"at":"1970-01-02T00:00:00Z","blob":3}"#)
        encoder.dateEncodingStrategy = .custom { _, _ in }
        #expect(try text() == #"{"at":{},"blob":3}"#)

        let nan = try #require(throws: EncodingError.self) { try JSON.Encoder().encode([Double.nan]) as [UInt8] }
        if case .invalidValue(let value, let context) = nan {
            #expect((value as? Double)?.isNaN == true)
            #expect(context.codingPath.map(\.stringValue) == ["Index 0"])
        } else {
            Issue.record("not invalidValue: \(nan)")
        }
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        #expect(String(decoding: try encoder.encode([Double.infinity, -Double.infinity, Double.nan]) as [UInt8], as: UTF8.self) == #"["+inf","-inf","nan"]"#)
        #expect(String(decoding: try JSON.Encoder().encode([Decimal(string: "0.1")!, Decimal(string: "-12345678901234567890.5")!]) as [UInt8], as: UTF8.self) == "[0.1,-12345678901234567890.5]")
    }

    @Test func codingPathsInErrorsAndModels() throws {
        struct Point: Encodable { var v: [Double]; var w: Double }
        struct Plot: Encodable { var name: String; var points: [String: [Point]] }
        func path(_ value: some Encodable, _ encode: (any Encodable) throws -> Void) -> [String] {
            do {
                try encode(value)
            } catch EncodingError.invalidValue(_, let context) {
                return context.codingPath.map(\.stringValue)
            } catch {}
            return []
        }
        for plot in [
            Plot(name: "a", points: ["p": [Point(v: [1], w: 0), Point(v: [2, .nan], w: 0)]]),
            Plot(name: "a", points: ["p": [Point(v: [], w: .infinity)]]),
        ] {
            let ours = path(plot) { _ = try JSON.Encoder().encode($0) as [UInt8] }
            let foundation = path(plot) { _ = try JSONEncoder().encode($0) }
            #expect(!ours.isEmpty)
            #expect(ours == foundation)
        }
        struct Reader: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "/"))
            }
        }
        struct Holder: Encodable { var first = 1; var list = [Reader(), Reader()]; var one = ["k": Reader()] }
        let text = String(decoding: try JSON.Encoder().encode(Holder()) as [UInt8], as: UTF8.self)
        #expect(text == #"{"first":1,"list":["list\/Index 0","list\/Index 1"],"one":{"k":"one\/k"}}"#)
        // Foundation gives the same paths (it orders the keys differently).
        let foundation = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Holder())) as? NSDictionary
        #expect(foundation == (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary))
    }

    @Test func arraysOfPrimitivesWriteLikeAnyArray() throws {
        struct Arrays: Codable, Equatable {
            var a: [Double] = [1.5, -0.0, 1e300]
            var b: [Float] = [0.25]
            var c: [Int] = [1, -2]
            var d: [Int64] = [.min]
            var e: [String] = ["x/\"y"]
            var f: [Bool] = [true, false]
            var g: [[Double]] = [[1, 2], []]
        }
        let compact = try JSON.Encoder().encode(Arrays()) as [UInt8]
        #expect(String(decoding: compact, as: UTF8.self)
            == #"{"a":[1.5,-0,1e+300],"b":[0.25],"c":[1,-2],"d":[-9223372036854775808],"e":["x\/\"y"],"f":[true,false],"g":[[1,2],[]]}"#)
        #expect(try JSONDecoder().decode(Arrays.self, from: Data(compact)) == Arrays())
        // Pretty printing through the stream matches the tree encoder (which `.sortedKeys` selects).
        let pretty = JSON.Encoder()
        pretty.outputFormatting = .prettyPrinted
        let sorted = JSON.Encoder()
        sorted.outputFormatting = [.prettyPrinted, .sortedKeys]
        #expect(try pretty.encode(Arrays()) as [UInt8] == sorted.encode(Arrays()) as [UInt8])
    }

    @Test func classHierarchiesAndSuperEncoders() throws {
        class Base: Codable { var id = 1 }
        final class Derived: Base {
            var extra = "x"
            enum CodingKeys: String, CodingKey { case extra }
            override init() { super.init() }
            required init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                extra = try container.decode(String.self, forKey: .extra)
                try super.init(from: container.superDecoder())
            }
            override func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(extra, forKey: .extra)
                try super.encode(to: container.superEncoder())
            }
        }
        let bytes: [UInt8] = try JSON.Encoder().encode(Derived())
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"extra":"x","super":{"id":1}}"#)
        #expect(try JSON.Decoder().decode(Derived.self, from: bytes).id == 1)
        #expect(try JSONDecoder().decode(Derived.self, from: Data(bytes)).extra == "x")
    }

    /// Containers used out of order (legal Codable) and nested containers
    /// filled in turn: the stream writes what it can, the tree the rest.
    @Test func containerOrderEdgeCases() throws {
        struct Interleaved: Encodable {
            enum Keys: String, CodingKey { case a, b, c }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
                try container.encode(1, forKey: .b)
                try nested.encode(2, forKey: .c)   // after its parent moved on
                var again = encoder.container(keyedBy: Keys.self)
                try again.encode(3, forKey: .c)
            }
        }
        #expect(String(decoding: try JSON.Encoder().encode(Interleaved()) as [UInt8], as: UTF8.self) == #"{"a":{"c":2},"b":1,"c":3}"#)

        struct InTurn: Encodable {
            enum Keys: String, CodingKey { case list, object, last }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode(1)
                var inner = list.nestedContainer(keyedBy: Keys.self)
                try inner.encode("x", forKey: .last)
                try list.encodeNil()
                var object = container.nestedContainer(keyedBy: Keys.self, forKey: .object)
                try object.encode(true, forKey: .last)
                _ = container.nestedUnkeyedContainer(forKey: .last)
            }
        }
        let encoder = JSON.Encoder()
        #expect(String(decoding: try encoder.encode(InTurn()) as [UInt8], as: UTF8.self) == #"{"list":[1,{"last":"x"},null],"object":{"last":true},"last":[]}"#)
        encoder.outputFormatting = .prettyPrinted
        #expect(String(decoding: try encoder.encode(InTurn()) as [UInt8], as: UTF8.self) == """
            {
              "list": [
                1,
                {
                  "last": "x"
                },
                null
              ],
              "object": {
                "last": true
              },
              "last": []
            }
            """)

        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        struct Empty: Codable {}
        let nothing = try #require(throws: EncodingError.self) { try JSON.Encoder().encode(Nothing()) as [UInt8] }
        if case .invalidValue(let value, let context) = nothing {
            #expect(value is Nothing)
            #expect(context.codingPath.isEmpty)
            #expect(context.debugDescription == "Top-level Nothing did not encode any values.")
        } else {
            Issue.record("not invalidValue: \(nothing)")
        }
        #expect(String(decoding: try JSON.Encoder().encode(Empty()) as [UInt8], as: UTF8.self) == "{}")
        #expect(String(decoding: try JSON.Encoder().encode([Nothing()]) as [UInt8], as: UTF8.self) == "[{}]")
    }

    @Test func memberNamesEscapedOnceReadTheSameEachTime() throws {
        // Each name is escaped once per encode and then copied: the copies read
        // as the tree writer (sorted keys) writes the names each time. The
        // names are in sorted order already.
        struct Item: Encodable {
            enum CodingKeys: String, CodingKey {
                case slash = "a/b", long = "a_key_longer_than_sixteen_bytes", quote = "q\"", accent = "é"
            }
            var slash = 1, long = 2, quote = 3, accent = 4
        }
        let options: [JSON.Encoder.OutputFormatting] = [
            [], [.withoutEscapingSlashes], [.escapeUnicode], [.prettyPrinted], [.prettyPrinted, .foundationLayout],
        ]
        for formatting in options {
            let encoder = JSON.Encoder()
            encoder.outputFormatting = formatting
            let streamed = String(decoding: try encoder.encode([[Item(), Item()], [Item()]]) as [UInt8], as: UTF8.self)
            encoder.outputFormatting = formatting.union(.sortedKeys)
            let sorted = String(decoding: try encoder.encode([[Item(), Item()], [Item()]]) as [UInt8], as: UTF8.self)
            #expect(streamed == sorted)
        }
        #expect(String(decoding: try JSON.Encoder().encode([Item(), Item()]) as [UInt8], as: UTF8.self)
            == #"[{"a\/b":1,"a_key_longer_than_sixteen_bytes":2,"q\"":3,"é":4},{"a\/b":1,"a_key_longer_than_sixteen_bytes":2,"q\"":3,"é":4}]"#)
    }

    /// Strings dense with escapes, of every length to 700 bytes: runs of
    /// `/`, `"` and `\` (written two bytes each, in place, 256 to a
    /// reservation) among controls, non-ASCII and plain text, written as
    /// Foundation writes them, with and without escaped slashes.
    @Test func stringsDenseWithEscapesAreWrittenAsFoundationWritesThem() throws {
        var generator = SeededGenerator(seed: 0x5_1A54)
        let alphabet: [String] = ["/", "/", "/", "\"", "\\", "a", "b", "\n", "\u{1}", "é", "😀", "\u{7F}"]
        var strings = [String(repeating: "/", count: 600), String(repeating: "/", count: 300) + "\u{1}" + String(repeating: "\"", count: 300)]
        let twoByteEscapes: [String] = ["/", "\"", "\\", "a"]
        for length in 0...700 {
            strings.append(String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }.joined()))
            strings.append(String((0..<length).map { _ in twoByteEscapes[Int.random(in: 0..<4, using: &generator)] }.joined()))
        }
        for formatting in [JSON.Encoder.OutputFormatting(), .withoutEscapingSlashes] {
            let encoder = JSON.Encoder()
            encoder.outputFormatting = formatting
            let foundation = JSONEncoder()
            foundation.outputFormatting = formatting.contains(.withoutEscapingSlashes) ? .withoutEscapingSlashes : []
            for string in strings {
                let ours = String(decoding: try encoder.encode([string]) as [UInt8], as: UTF8.self)
                #expect(ours == String(decoding: try foundation.encode([string]), as: UTF8.self), "\(string.utf8.count) bytes")
            }
        }
    }
}
