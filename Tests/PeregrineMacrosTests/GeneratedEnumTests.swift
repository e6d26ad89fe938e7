import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// `@JSONCodable` enums: the generated path gives what the `Codable` path
/// gives (synthesis's, the standard library's raw values, or the
/// `init(from:)` / `encode(to:)` the macro writes for the discriminator
/// shapes), values and errors; Foundation's coders read and write the same JSON.
@Suite struct GeneratedEnumTests {
    static let drawing = """
        {"color": "BLUE", "level": 100, "heading": {"east_side": {}},
         "shapes": [{"circle": {"radius": 1.5}}, {"rect": {"width": 2, "height": null}}, {"point": {"_0": 1, "_1": -2}},
                    {"labeled": {"_0": "a", "name": "b"}}, {"none": {}}, {"group": {"_0": [{"none": {}}, {"circle": {"radius": 0}}]}},
                    {"dated": {"_0": 5}}, {"nested": {"_0": {"point": {"_0": 3, "_1": 4}}}}],
         "figures": [{"type": "circle", "radius": 2}, {"type": "rect", "width": 1, "height": 2, "label": "r"},
                     {"type": "polygon", "sides": 5, "at": [1, 2]}, {"type": "empty"}],
         "events": {"a": {"kind": "circle", "value": {"radius": 3}}, "b": {"kind": "label", "value": "x"},
                    "c": {"kind": "two_values", "value": {"_0": 1, "_1": null}}, "d": {"kind": "rect", "value": {"width": 1, "height": 2}},
                    "e": {"kind": "empty"}}}
        """

    static var values: [Drawing] {
        [
        Drawing(
            color: .red, level: .low, shapes: [.circle(radius: 1), .rectangle(width: 2, height: nil), .point(1, 2), .labeled("a", name: "b"), .none,
                .group([.none, .nested(.circle(radius: 0))]), .dated(Date(timeIntervalSinceReferenceDate: 9))],
            figures: [.circle(radius: 2), .rectangle(Rect(width: 1, height: 2, label: nil)), .polygon(sides: 3, name: "t", at: []), .empty],
            events: ["a": .circle(radius: 3), "b": .label("x"), "c": .pair(1, nil), "d": .pair(1, 2), "e": .rect(Rect(width: 1, height: 2, label: "l")), "f": .empty],
            heading: .east),
        Drawing(color: .blue, level: nil, shapes: [], figures: [], events: [:], heading: .north),
        ]
    }

    @Test func validPayload() throws {
        #expect(expectSameDecoding(Drawing.self, Self.drawing) == nil)
        let drawing = try JSON.Decoder().decode(Drawing.self, from: Self.drawing)
        #expect(drawing.color == .blue && drawing.level == .high && drawing.heading == .east)
        #expect(drawing.shapes[1] == .rectangle(width: 2, height: nil) && drawing.shapes[7] == .nested(.point(3, 4)))
        #expect(drawing.figures[1] == .rectangle(Rect(width: 1, height: 2, label: "r")))
        #expect(drawing.figures[2] == .polygon(sides: 5, name: nil, at: [1, 2]))
        #expect(drawing.events["b"] == .label("x") && drawing.events["c"] == .pair(1, nil) && drawing.events["e"] == .empty)
        // Foundation reads the same JSON to the same value.
        #expect(try JSONDecoder().decode(Drawing.self, from: Data(Self.drawing.utf8)) == drawing)
    }

    /// Every value of the payload replaced by each other kind, and every member removed.
    @Test func everyMutationOfThePayload() throws {
        let base = try JSON(parsing: Self.drawing)
        let replacements: [JSON] = [.null, "text", "circle", "rect", 1.5, -1, 300, true, [], ["x": 1], ["circle": [:]], ["type": "empty"]]
        var errors = 0
        for text in try payloadMutations(of: base, replacing: replacements) where expectSameDecoding(Drawing.self, text) != nil {
            errors += 1
        }
        #expect(errors > 300)
    }

    @Test func rawValues() throws {
        for text in [#""red""#, #""BLUE""#, #""blue""#, "1", "null", "[]"] { expectSameDecoding(Color.self, text) }
        for text in ["-1", "0", "100", "5", "300", "1.5", #""0""#] { expectSameDecoding(Level.self, text) }
        for text in ["0", "18446744073709551615", "1", "-1"] { expectSameDecoding(Flags.self, text) }
        let unknown = try #require(expectSameDecoding([Color].self, #"["red", "purple"]"#))
        #expect(unknown == "dataCorrupted [Index 1#1] Cannot initialize Color from invalid String value purple underlying: none")
        #expect(try JSON.Decoder().decode([Level].self, from: "[-1, 100]") == [.low, .high])
        #expect(String(decoding: try JSON.Encoder().encode([Color.blue, .red]) as [UInt8], as: UTF8.self) == #"["BLUE","red"]"#)
        expectSameEncoding([Flags.all, .none])
        expectSameEncoding([Level.low, .mid])
    }

    @Test func casesWithoutValues() throws {
        for text in [#"{"north": {}}"#, #"{"east_side": {}}"#, #"{"east": {}}"#, "{}", #"{"north": {}, "south": {}}"#, #"{"north": 1}"#,
            #"{"north": []}"#, #"{"north": {"x": 1}, "other": 2}"#, #""north""#, "[]", "null"]
        {
            expectSameDecoding(Direction.self, text)
        }
        let none = try #require(expectSameDecoding(Direction.self, "{}"))
        #expect(none == "typeMismatch(Direction) [] Invalid number of keys found, expected one. underlying: none")
        #expect(String(decoding: try JSON.Encoder().encode([Direction.east, .south]) as [UInt8], as: UTF8.self) == #"[{"east_side":{}},{"south":{}}]"#)
    }

    @Test func externalShape() throws {
        let texts = [
            #"{"circle": {"radius": 1}}"#, #"{"circle": {}}"#, #"{"circle": {"radius": "1"}}"#, #"{"circle": null}"#, #"{"circle": 1}"#,
            #"{"rect": {"width": 1}}"#, #"{"rectangle": {"width": 1}}"#, #"{"rect": {"height": 1}}"#, #"{"point": {"_0": 1}}"#,
            #"{"point": {"_1": 1, "_0": 2}}"#, #"{"point": [1, 2]}"#, #"{"labeled": {"name": "b", "_0": "a"}}"#, #"{"none": null}"#,
            #"{"group": {"_0": [{"circle": {"radius": 1}}, {"circle": {"radius": 1}, "none": {}}]}}"#, #"{"nested": {"_0": {"nested": {"_0": {}}}}}"#,
            #"{"circle": {"radius": 1}, "rect": {"width": 1}}"#, #"{"circle": {"radius": 1}, "circle": {"radius": 2}}"#,
        ]
        for text in texts { expectSameDecoding(Shape.self, text) }
        let deep = try #require(expectSameDecoding(Shape.self, #"{"group": {"_0": [{"none": {}}, {"point": {"_0": 1, "_1": "x"}}]}}"#))
        #expect(deep.hasPrefix("typeMismatch(Int) [group#-/_0#-/Index 1#1/point#-/_1#-] $.group._0[1].point._1 (line 1, column "))
        for value in Self.values.flatMap(\.shapes) + [.dated(Date(timeIntervalSinceReferenceDate: 1))] { expectSameEncoding(value) }
    }

    @Test func internalShape() throws {
        let texts = [
            #"{"type": "circle", "radius": 1}"#, #"{"radius": 1, "type": "circle"}"#, #"{"type": "circle"}"#, #"{"type": "rect", "width": 1}"#,
            #"{"type": "rect", "width": 1, "height": 2}"#, #"{"type": "polygon", "sides": 1, "name": null, "at": [1]}"#,
            #"{"type": "polygon", "sides": 1, "at": {}}"#, #"{"type": "empty", "radius": 1}"#, #"{"type": 1}"#, #"{"type": null}"#,
            #"{"radius": 1}"#, #"{"type": "Circle"}"#, #"[]"#, #""circle""#, #"{"type": "circle", "type": "empty"}"#,
        ]
        for text in texts { expectSameDecoding(Figure.self, text) }
        let missing = try #require(expectSameDecoding(Figure.self, #"{"radius": 1}"#))
        #expect(missing.hasPrefix(#"keyNotFound(type) [] $ (line 1, column 1, offset 0): no value for key "type""#))
        for value in Self.values.flatMap(\.figures) { expectSameEncoding(value) }
        #expect(
            String(decoding: try JSON.Encoder().encode(Figure.rectangle(Rect(width: 1, height: 2, label: nil))) as [UInt8], as: UTF8.self)
                == #"{"type":"rect","width":1,"height":2}"#)
        #expect(String(decoding: try JSON.Encoder().encode(Figure.circle(radius: 1)) as [UInt8], as: UTF8.self) == #"{"type":"circle","radius":1}"#)
    }

    @Test func adjacentShape() throws {
        let texts = [
            #"{"kind": "circle", "value": {"radius": 1}}"#, #"{"kind": "circle"}"#, #"{"kind": "circle", "value": 1}"#,
            #"{"kind": "circle", "value": null}"#, #"{"value": {}, "kind": "label"}"#, #"{"kind": "label", "value": 1}"#,
            #"{"kind": "two_values", "value": {"_0": 1}}"#, #"{"kind": "two_values", "value": {"_1": 1}}"#, #"{"kind": "pair", "value": {}}"#,
            #"{"kind": "rect", "value": {"width": 1}}"#, #"{"kind": "empty", "value": 5}"#, #"{"kind": ["empty"]}"#,
        ]
        for text in texts { expectSameDecoding(Event.self, text) }
        for value in Self.values.flatMap(\.events.values) { expectSameEncoding(value) }
        #expect(String(decoding: try JSON.Encoder().encode(Event.label("x")) as [UInt8], as: UTF8.self) == #"{"kind":"label","value":"x"}"#)
        #expect(String(decoding: try JSON.Encoder().encode(Event.pair(1, nil)) as [UInt8], as: UTF8.self) == #"{"kind":"two_values","value":{"_0":1}}"#)
        #expect(String(decoding: try JSON.Encoder().encode(Event.empty) as [UInt8], as: UTF8.self) == #"{"kind":"empty"}"#)
    }

    /// An unknown tag: `dataCorrupted` at the tag, naming it (cut short) and the tags expected, with the position.
    @Test func unknownTags() throws {
        let unknown = try #require(expectSameDecoding(Figure.self, "{\"radius\": 1,\n \"type\": \"squar\"}"))
        #expect(
            unknown == #"dataCorrupted [type#-] $.type (line 2, column 10, offset 23): unknown tag "squar", expected one of "circle", "rect", "polygon", "empty" underlying: none"#
        )
        let adjacent = try #require(expectSameDecoding([Event].self, #"[{"kind": "circle_", "value": {}}]"#))
        #expect(adjacent.hasPrefix(#"dataCorrupted [Index 0#0/kind#-] $[0].kind (line 1, column 11, offset 10): unknown tag "circle_", expected one of "circle", "label", "two_values", "rect", "empty""#))
        // A long tag is cut short: the error stays small whatever the input.
        let long = String(repeating: "x", count: 100_000)
        let error = try #require(expectSameDecoding(Figure.self, #"{"type": "\#(long)"}"#))
        #expect(error.contains(#"unknown tag "\#(String(repeating: "x", count: 40))…", expected"#) && error.count < 400)
        // Foundation's decoder: the same error, without a position.
        do {
            _ = try JSONDecoder().decode(Figure.self, from: Data(#"{"type": "squar"}"#.utf8))
            Issue.record("decoded an unknown tag")
        } catch {
            #expect(summary(of: error) == #"dataCorrupted [type#-] unknown tag "squar", expected one of "circle", "rect", "polygon", "empty" underlying: none"#)
        }
    }

    @Test func keyStrategiesAndDuplicateKeys() throws {
        let snake = JSON.Decoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        expectSameDecoding(Drawing.self, Self.drawing, decoder: snake)
        for text in [#"{"east_side": {}}"#, #"{"eastSide": {}}"#, #"{"north": {}}"#] { expectSameDecoding(Direction.self, text, decoder: snake) }
        for text in [#"{"type": "rect", "width": 1, "height": 2}"#, #"{"Type": "rect"}"#] { expectSameDecoding(Figure.self, text, decoder: snake) }
        expectSameDecoding(Event.self, #"{"kind": "two_values", "value": {"_0": 1}}"#, decoder: snake)
        let custom = JSON.Decoder()
        custom.keyDecodingStrategy = .custom { path in AnyKey(path.last.map { $0.stringValue.lowercased() } ?? "") }
        for text in [#"{"TYPE": "circle", "RADIUS": 1}"#, #"{"Type": "Circle"}"#] { expectSameDecoding(Figure.self, text, decoder: custom) }
        expectSameDecoding(Shape.self, #"{"CIRCLE": {"Radius": 2}}"#, decoder: custom)
        for policy in [JSON.ParseOptions.DuplicateKeyPolicy.lastWins, .firstWins] {
            let decoder = JSON.Decoder()
            decoder.parseOptions.duplicateKeys = policy
            expectSameDecoding(Figure.self, #"{"type": "circle", "radius": 1, "type": "empty"}"#, decoder: decoder)
            expectSameDecoding(Figure.self, #"{"type": "nope", "type": "empty"}"#, decoder: decoder)
            expectSameDecoding(Shape.self, #"{"none": 1, "none": {}}"#, decoder: decoder)
        }
        let lenient = JSON.Decoder()
        lenient.leniency = .all
        for text in [#"{"type": 1}"#, #"{"type": "circle", "radius": "2"}"#, #"{"type": "polygon", "sides": "3", "at": []}"#] {
            expectSameDecoding(Figure.self, text, decoder: lenient)
        }
        expectSameDecoding(Level.self, #""100""#, decoder: lenient)
        expectSameDecoding(Event.self, #"{"kind": "label", "value": 5}"#, decoder: lenient)
        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        for value in Self.values { expectSameEncoding(value, encoder: encoder) }
        let sorted = JSON.Encoder()
        sorted.outputFormatting = [.sortedKeys, .prettyPrinted]
        for value in Self.values { expectSameEncoding(value, encoder: sorted) }
    }

    @Test func encodingErrors() throws {
        expectSameEncoding(Shape.circle(radius: .nan))
        expectSameEncoding([Figure.polygon(sides: 1, name: nil, at: [1, .infinity])])
        expectSameEncoding(["a": Event.pair(1, 2), "b": .circle(radius: -.infinity)])
        expectSameEncoding(Figure.rectangle(Rect(width: .nan, height: 1, label: nil)))
    }

    /// A `Codable` value inside a case turns the output into a tree: the
    /// rest of the case (members beside the tag, in the content, in the
    /// case's object) goes on through the `Encodable` path.
    @Test func casesHoldingTrees() throws {
        let holds = HoldsTwice(before: [1], twice: Twice(), after: Profile(name: "p", age: nil, ids: [2]), list: [Twice()], last: 1.5)
        expectSameEncoding([BesideTwice.holds(holds), .plain(first: Twice(), second: [3])])
        expectSameEncoding([AroundTwice.holds(holds), .plain(first: Twice(), second: [3])])
        expectSameEncoding([OutsideTwice.holds(holds), .plain(first: Twice(), second: [3])])
        let text = String(decoding: try JSON.Encoder().encode(BesideTwice.holds(holds)) as [UInt8], as: UTF8.self)
        #expect(text == #"{"type":"holds","before":[1],"twice":{"a":2},"after":{"name":"p","ids":[2]},"list":[{"a":2}],"last":1.5}"#)
    }

    /// Enums that declare `Codable`, with names that need backticks.
    @Test func declaredCodableAndKeywords() throws {
        for text in [#"{"type": "a", "x": 1}"#, #"{"type": "default", "for": "f"}"#, #"{"type": "default"}"#, #"{"type": "a"}"#] {
            expectSameDecoding(DeclaredCodable.self, text)
        }
        for text in [#"{"a": {"x": 1}}"#, #"{"default": {"for": "f"}}"#, #"{"default": {}}"#, #"{"default": 1}"#] {
            expectSameDecoding(DeclaredExternal.self, text)
        }
        #expect(try JSON.Decoder().decode(DeclaredCodable.self, from: #"{"type": "default", "for": "f"}"#) == .default(for: "f"))
        for value in [DeclaredCodable.a(x: 1), .default(for: nil), .default(for: "x")] { expectSameEncoding(value) }
        for value in [DeclaredExternal.a(x: 1), .default(for: nil), .default(for: "x")] { expectSameEncoding(value) }
    }

    /// Foundation's decoder fails where ours does, with the same kind of
    /// error at the same coding path (its descriptions are its own).
    @Test func foundationFailsAlike() {
        func expectSameFailure<T: Decodable>(_ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
            func kind(_ error: any Error) -> String {
                let (name, context): (String, DecodingError.Context?) =
                    switch error {
                    case DecodingError.typeMismatch(let type, let context): ("typeMismatch(\(type))", context)
                    case DecodingError.valueNotFound(let type, let context): ("valueNotFound(\(type))", context)
                    case DecodingError.keyNotFound(let key, let context): ("keyNotFound(\(key.stringValue))", context)
                    case DecodingError.dataCorrupted(let context): ("dataCorrupted", context)
                    default: ("\(error)", nil)
                    }
                return name + " " + (context?.codingPath.map { "\($0.stringValue)#\($0.intValue.map(String.init) ?? "-")" }.joined(separator: "/") ?? "")
            }
            let ours = Result { try JSON.Decoder().decode(T.self, from: text) }
            let theirs = Result { try JSONDecoder().decode(T.self, from: Data(text.utf8)) }
            switch (ours, theirs) {
            case (.failure(let ours), .failure(let theirs)): #expect(kind(ours) == kind(theirs), "\(text)", sourceLocation: sourceLocation)
            case (.success, .success): break
            default: Issue.record("only one decoder fails on \(text)", sourceLocation: sourceLocation)
            }
        }
        for text in [
            #"{"radius": 1}"#, #"{"type": 1}"#, #"{"type": null}"#, #"{"type": "nope"}"#, #"{"type": "circle"}"#, #"{"type": "circle", "radius": "1"}"#,
            #"{"type": "rect", "width": 1}"#, #"{"type": "polygon", "sides": 1, "at": [1, "x"]}"#, "[]", "1",
        ] {
            expectSameFailure(Figure.self, text)
        }
        for text in [
            #"{"kind": "circle"}"#, #"{"kind": "circle", "value": []}"#, #"{"kind": "circle", "value": {}}"#, #"{"kind": "label", "value": 1}"#,
            #"{"kind": "label"}"#, #"{"kind": "empty"}"#, #"[{"kind": "x"}]"#, #"{"value": 1}"#,
        ] {
            expectSameFailure([Event].self, "[\(text)]")
        }
        for text in [#"{}"#, #"{"circle": {}}"#, #"{"circle": 1}"#, #"{"none": 1}"#, #"{"point": {"_0": 1}}"#, #"{"a": {}, "b": {}}"#] {
            expectSameFailure(Shape.self, text)
        }
        for text in [#""purple""#, "1"] { expectSameFailure(Color.self, text) }
    }

    /// The binary format codes the enums through their `Codable` conformances.
    @Test func binaryRoundTrips() throws {
        for value in Self.values {
            #expect(try Binary.Decoder().decode(Drawing.self, from: try Binary.Encoder().encode(value) as [UInt8]) == value)
        }
    }

    /// Foundation's coders and ours read each other's output.
    @Test func foundationRoundTrips() throws {
        for value in Self.values {
            let ours: [UInt8] = try JSON.Encoder().encode(value)
            let theirs = try JSONEncoder().encode(value)
            #expect(try JSONDecoder().decode(Drawing.self, from: Data(ours)) == value)
            #expect(try JSON.Decoder().decode(Drawing.self, from: theirs) == value)
            #expect(try JSON(parsing: ours) == JSON(parsing: theirs))
        }
    }
}
