import Foundation
import Peregrine
import Testing

/// Whatever a model does with its containers, `JSON.Encoder` writes one
/// valid JSON text, as Foundation's `JSONEncoder` would (compared with
/// sorted keys, since Foundation's key order is not the model's), and runs
/// each `encode(to:)` once.
@Suite struct EncoderContainerTests {
    enum Keys: String, CodingKey { case a, b, c }

    /// A model whose `encode(to:)` is a closure, counting its runs.
    final class Scripted: Encodable, @unchecked Sendable {
        let script: @Sendable (any Encoder) throws -> Void
        private(set) var runs = 0
        init(_ script: @escaping @Sendable (any Encoder) throws -> Void) { self.script = script }
        func encode(to encoder: any Encoder) throws {
            runs += 1
            try script(encoder)
        }
    }

    /// Ours (in model order) and Foundation's, both with sorted keys.
    private func encoded(_ model: Scripted, file: String = #fileID, line: Int = #line) throws -> (ours: String, sorted: String, foundation: String) {
        let ours = String(decoding: try JSON.Encoder().encode(model) as [UInt8], as: UTF8.self)
        #expect(model.runs == 1, "encode(to:) ran \(model.runs) times")
        let sortedEncoder = JSON.Encoder()
        sortedEncoder.outputFormatting = .sortedKeys
        let sorted = String(decoding: try sortedEncoder.encode(model) as [UInt8], as: UTF8.self)
        let foundationEncoder = JSONEncoder()
        foundationEncoder.outputFormatting = .sortedKeys
        let foundation = String(decoding: try foundationEncoder.encode(model), as: UTF8.self)
        // Every output parses as strict JSON.
        _ = try JSON(parsing: ours)
        return (ours, sorted, foundation)
    }

    @Test func aKeyWrittenTwiceKeepsItsPlaceAndTakesTheLastValue() throws {
        let model = Scripted { encoder in
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(0, forKey: .a)
            try container.encode(1, forKey: .b)
            try container.encode(42, forKey: .a)
            try container.encode("x", forKey: .c)
        }
        let (ours, sorted, foundation) = try encoded(model)
        #expect(ours == #"{"a":42,"b":1,"c":"x"}"#)
        #expect(sorted == foundation)
    }

    @Test func containersOpenedTwiceForOneKeyMerge() throws {
        let model = Scripted { encoder in
            var container = encoder.container(keyedBy: Keys.self)
            var first = container.nestedContainer(keyedBy: Keys.self, forKey: .b)
            try first.encode(1, forKey: .a)
            var second = container.nestedContainer(keyedBy: Keys.self, forKey: .b)
            try second.encode(2, forKey: .b)
            var list = container.nestedUnkeyedContainer(forKey: .a)
            try list.encode(1)
            var again = container.nestedUnkeyedContainer(forKey: .a)
            try again.encode(2)
            // The first container is still the same object.
            try first.encode(3, forKey: .c)
        }
        let (ours, sorted, foundation) = try encoded(model)
        #expect(ours == #"{"b":{"a":1,"b":2,"c":3},"a":[1,2]}"#)
        #expect(sorted == foundation)
    }

    @Test func writesIntoAContainerAfterALaterSiblingStarted() throws {
        let model = Scripted { encoder in
            var container = encoder.container(keyedBy: Keys.self)
            var a = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
            var b = container.nestedUnkeyedContainer(forKey: .b)
            try b.encode(1)
            try a.encode(true, forKey: .c)
            try b.encode(2)
            try container.encode(Double.pi, forKey: .c)
        }
        let (ours, sorted, foundation) = try encoded(model)
        #expect(ours == #"{"a":{"c":true},"b":[1,2],"c":3.141592653589793}"#)
        #expect(sorted == foundation)
    }

    class Base: Encodable, @unchecked Sendable {
        var id = 1
        /// The coding paths each run of `encode(to:)` saw.
        private(set) var paths: [[String]] = []
        func encode(to encoder: any Encoder) throws {
            paths.append(encoder.codingPath.map(\.stringValue))
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(id, forKey: .a)
        }
    }

    final class Derived: Base, @unchecked Sendable {
        private(set) var runs = 0
        override func encode(to encoder: any Encoder) throws {
            runs += 1
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("derived", forKey: .b)
            try super.encode(to: container.superEncoder())
            try super.encode(to: container.superEncoder(forKey: .c))
        }
    }

    @Test func superEncodersWriteWhereTheyWereAskedForOnce() throws {
        let model = Derived()
        let ours = try JSON.Encoder().encode(["x": model]) as [UInt8]
        #expect(model.runs == 1)
        #expect(model.paths == [["x", "super"], ["x", "c"]])
        let value = try JSON(parsing: ours)
        #expect(value == ["x": ["b": "derived", "super": ["a": 1], "c": ["a": 1]]])
        let foundation = try JSONDecoder().decode(JSON.self, from: JSONEncoder().encode(["x": Derived()]))
        #expect(value == foundation)
    }

    @Test func aSecondSingleValueIsAnErrorNotTwoTexts() throws {
        let twice = Scripted { encoder in
            var container = encoder.singleValueContainer()
            try container.encode(1)
            try container.encode(2)
        }
        let error = try #require(throws: EncodingError.self) { try JSON.Encoder().encode(["k": twice]) as [UInt8] }
        guard case .invalidValue(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["k"])
        #expect(context.debugDescription.contains("already encoded"))
    }

    @Test func aContainerAfterAValueIsAnError() throws {
        let model = Scripted { encoder in
            var single = encoder.singleValueContainer()
            try single.encode(1)
            var keyed = encoder.container(keyedBy: Keys.self)
            try keyed.encode(2, forKey: .a)
        }
        for formatting: JSON.Encoder.OutputFormatting in [[], .sortedKeys] {
            let encoder = JSON.Encoder()
            encoder.outputFormatting = formatting
            let error = try #require(throws: EncodingError.self) { try encoder.encode([model]) as [UInt8] }
            guard case .invalidValue(_, let context) = error else { Issue.record("\(error)"); return }
            #expect(context.codingPath.map(\.stringValue) == ["Index 0"])
        }
    }

    @Test func nothingAtTheTopIsAnErrorAndNothingInsideIsAnEmptyObject() throws {
        let nothing = Scripted { _ in }
        let error = try #require(throws: EncodingError.self) { try JSON.Encoder().encode(nothing) as [UInt8] }
        guard case .invalidValue(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription.contains("did not encode any values"))
        #expect(String(decoding: try JSON.Encoder().encode([nothing]) as [UInt8], as: UTF8.self) == "[{}]")
    }

    @Test func everyFormattingGivesOneValidText() throws {
        let model = Scripted { encoder in
            var container = encoder.container(keyedBy: Keys.self)
            var list = container.nestedUnkeyedContainer(forKey: .a)
            try container.encode([String: Int](), forKey: .b)
            try list.encode("late")
            try container.encode(1, forKey: .b)
        }
        let formattings: [JSON.Encoder.OutputFormatting] = [[], .prettyPrinted, .sortedKeys, [.prettyPrinted, .foundationLayout], .escapeUnicode]
        for formatting in formattings {
            let encoder = JSON.Encoder()
            encoder.outputFormatting = formatting
            let value = try JSON(parsing: try encoder.encode(model) as [UInt8])
            #expect(value == ["a": ["late"], "b": 1], "\(formatting)")
        }
    }

    /// Names repeated across nested objects are not repeats: each object
    /// checks its own, even when an inner object used the outer one's names.
    @Test func namesSharedWithInnerObjectsAreNotRepeats() throws {
        struct Node: Encodable { var a: Int; var b: [Node] }
        let tree = Node(a: 1, b: [Node(a: 2, b: [Node(a: 3, b: [])]), Node(a: 4, b: [])])
        let text = String(decoding: try JSON.Encoder().encode(tree) as [UInt8], as: UTF8.self)
        #expect(text == #"{"a":1,"b":[{"a":2,"b":[{"a":3,"b":[]}]},{"a":4,"b":[]}]}"#)
        // After an inner object with the same names, the outer one's repeat is still found.
        let model = Scripted { encoder in
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .a)
            try container.encode(["a": 2], forKey: .b)
            try container.encode(3, forKey: .a)
        }
        #expect(try encoded(model).ours == #"{"a":3,"b":{"a":2}}"#)
    }
}
