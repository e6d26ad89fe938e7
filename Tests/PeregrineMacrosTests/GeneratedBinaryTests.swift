import Foundation
import Peregrine
import PeregrineMacros
import Testing
import TestSupport
import CorpusModels

/// The generated coders through ``Binary/Decoder`` and ``Binary/Encoder``:
/// the same values, bytes and errors as the `Codable` path.
@Suite struct GeneratedBinaryTests {
    static let account = GeneratedEncodingTests.account

    /// `value` as the `Codable` path writes it.
    static func packed<T: Codable>(_ value: T, encoder: Binary.Encoder = Binary.Encoder()) throws -> [UInt8] {
        try encoder.encode(CodablePath(value))
    }

    @Test func generatedPathIsTaken() throws {
        let five: [UInt8] = try Binary.Encoder().encode(5)
        #expect(try Binary.Decoder().decode(OnlyGenerated.self, from: five) == OnlyGenerated(value: 5))
        #expect(try Binary.Decoder().decode([OnlyGenerated].self, from: Binary.Encoder().encode([1, 2])).map(\.value) == [1, 2])
        #expect(try Binary.Encoder().encode(OnlyGeneratedOutput()) as [UInt8] == Binary.Encoder().encode(7))
        #expect(try Binary.Encoder().encode([OnlyGeneratedOutput()]) as [UInt8] == Binary.Encoder().encode([7]))
    }

    @Test func modelsDecodeAndEncodeAlike() throws {
        let bytes = try #require(expectSameBinaryEncoding(Self.account))
        #expect(expectSameBinaryDecoding(Account.self, bytes) == nil)
        #expect(try Binary.Decoder().decode(Account.self, from: bytes) == Self.account)
        let list = [Self.account, Self.account]
        #expect(try Binary.Decoder().decode([Account].self, from: #require(expectSameBinaryEncoding(list))) == list)
        let dictionary = ["a": Self.account.profile, "b": Profile(name: "b", age: nil, ids: [])]
        #expect(try Binary.Decoder().decode([String: Profile].self, from: #require(expectSameBinaryEncoding(dictionary))) == dictionary)
        let optionals = [Profile?.none, Profile(name: "a", age: 1, ids: [.max, .min])]
        #expect(try Binary.Decoder().decode([Profile?].self, from: #require(expectSameBinaryEncoding(optionals))) == optionals)
        for value in [Nothing()] { expectSameBinaryDecoding(Nothing.self, try #require(expectSameBinaryEncoding(value))) }
        let own = OwnKeys(first: 1, second: "2", skipped: true)
        let ownBytes = try #require(expectSameBinaryEncoding(own))
        #expect(try Binary.Decoder().decode(OwnKeys.self, from: ownBytes) == OwnKeys(first: 1, second: "2"))
        let escaped = Escaped(slash: 1, unicode: "é/x", quoted: .infinity, plain: -0.0)
        #expect(expectSameBinaryDecoding(Escaped.self, try #require(expectSameBinaryEncoding(escaped))) == nil)
        let nan = try #require(expectSameBinaryEncoding(Escaped(slash: 1, unicode: "", quoted: .nan, plain: .nan)))
        #expect(try Binary.Decoder().decode(Escaped.self, from: nan).quoted.isNaN)
        let names = NamesLikeTheGeneratedCode(source: Source(name: "s"), sink: Sink(depth: 1), index: 2, members: [3], object: "o")
        #expect(expectSameBinaryDecoding(NamesLikeTheGeneratedCode.self, try #require(expectSameBinaryEncoding(names))) == nil)
    }

    @Test func topLevelScalarsAndCollections() throws {
        for number in [Binary.Value.number(127), .number(128), .number(-129), .number(1.0), .number(1.5), .number(JSON.Number(UInt64.max)), .string("1")] {
            let bytes = try number.encoded()
            expectSameBinaryDecoding(Int8.self, bytes)
            expectSameBinaryDecoding(UInt64.self, bytes)
            expectSameBinaryDecoding(Float.self, bytes)
            expectSameBinaryDecoding(Double.self, bytes)
            expectSameBinaryDecoding([Int].self, try Binary.Value.array([number]).encoded())
            expectSameBinaryDecoding([Double].self, try Binary.Value.array([number, .number(2)]).encoded())
        }
        let profiles = Binary.Value.array([
            .object([.init(key: "name", value: .string("a")), .init(key: "ids", value: .array([]))]), .object([.init(key: "ids", value: .array([]))]),
        ])
        #expect(expectSameBinaryDecoding([Profile].self, try profiles.encoded())?.hasPrefix("keyNotFound(name) [Index 1#1]") == true)
        expectSameBinaryDecoding([String: [Double]].self, try Binary.Value.object([.init(key: "a", value: .array([.number(1)])), .init(key: "b", value: .string("x"))]).encoded())
        expectSameBinaryDecoding([[Int64]].self, try Binary.Value.array([.array([.number(1)]), .number(2)]).encoded())
        // Sets and dictionaries read as arrays, records as objects, as on the Codable path.
        expectSameBinaryDecoding([Int].self, try Binary.Value.set([.number(1), .number(2)]).encoded())
        expectSameBinaryDecoding([Int].self, try Binary.Value.dictionary([.init(key: .number(1), value: .number(2))]).encoded())
        let record = Binary.Value.record(type: "Profile", fields: [.init(key: "name", value: .string("r")), .init(key: "ids", value: .array([]))])
        #expect(expectSameBinaryDecoding(Profile.self, try record.encoded()) == nil)
        expectSameBinaryDecoding([String: String].self, try record.encoded())
        expectSameBinaryDecoding(Profile.self, try Binary.Value.array([]).encoded())
        expectSameBinaryDecoding(String.self, try Binary.Value.null.encoded())
    }

    /// Every value of the account's file replaced by each other kind of
    /// value the format has, and every member removed: both paths agree.
    @Test func everyMutationOfTheFile() throws {
        let base = try Binary.Value(decoding: Self.packed(Self.account))
        let replacements: [Binary.Value] = [
            .null, .string("text"), .number(1.5), .number(-1), .number(300), .bool(true), .array([]), .object([.init(key: "x", value: .number(1))]),
            .date(Date(timeIntervalSince1970: 0)), .data(Data([1])), .url(URL(string: "https://a.b")!), .uuid(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))),
            .decimal(Decimal(string: "1.25")!), .set([.number(1)]), .dictionary([.init(key: .number(1), value: .string("one"))]),
            .record(type: "Profile", fields: [.init(key: "name", value: .string("r")), .init(key: "ids", value: .array([]))]),
        ]
        var errors = 0
        var checked = 0
        for place in places(in: base) {
            for replacement in replacements {
                let changed = replacing(place, in: base, with: replacement)
                if expectSameBinaryDecoding(Account.self, try changed.encoded()) != nil { errors += 1 }
                checked += 1
            }
            if let removed = removing(place, in: base) {
                if expectSameBinaryDecoding(Account.self, try removed.encoded()) != nil { errors += 1 }
                checked += 1
            }
        }
        #expect(checked > 700 && errors > 500, "\(checked) files, \(errors) errors")
    }

    /// Errors carry the coding path and the ``Binary/DecodingError`` with its kind and byte offset.
    @Test func errorsHaveThePathAndTheOffset() throws {
        var file = try Binary.Value(decoding: Self.packed(Self.account))
        file = replacing([.member("friends"), .element(1), .member("ids"), .element(0)], in: file, with: .string("x"))
        let bytes = try file.encoded()
        let error = try #require(expectSameBinaryDecoding(Account.self, bytes))
        #expect(error.hasPrefix("typeMismatch(Int64) [friends#-/Index 1#1/ids#-/Index 0#0] offset "), "\(error)")
        #expect(error.contains(#"typeMismatch: $.friends[1].ids[0]: expected Int64, found string "x""#), "\(error)")
        let missing = try #require(removing([.member("id")], in: Binary.Value(decoding: Self.packed(Self.account))))
        #expect(expectSameBinaryDecoding(Account.self, try missing.encoded())?.hasPrefix("keyNotFound(id) [] offset ") == true)
        let null = replacing([.member("profile"), .member("ids")], in: try Binary.Value(decoding: Self.packed(Self.account)), with: .null)
        #expect(expectSameBinaryDecoding(Account.self, try null.encoded())?.hasPrefix("valueNotFound(Array<Any>) [profile#-/ids#-]") == true)
    }

    /// Every truncation of a file, and bytes changed at random (seeded): both paths agree on each.
    @Test func truncatedAndCorruptedFiles() throws {
        let bytes = try Self.packed(Self.account)
        for length in 0..<bytes.count {
            #expect(expectSameBinaryDecoding(Account.self, Array(bytes.prefix(length)))?.hasPrefix("dataCorrupted [] The given data was not a valid binary file") == true)
        }
        var random = SeededGenerator(seed: 22)
        var decoded = 0
        for _ in 0..<2000 {
            var changed = bytes
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                changed[Int.random(in: 0..<changed.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if expectSameBinaryDecoding(Account.self, changed) == nil { decoded += 1 }
        }
        #expect(decoded > 0)
    }

    /// A class instance is written once and referred back to, and decodes
    /// to one instance; a class that holds itself is refused alike.
    @Test func sharedInstancesAndCycles() throws {
        let box = Box()
        box.label = "shared"
        let other = Box()
        let boxes = Boxes(first: box, second: box, list: [other, box, other], optional: other)
        let bytes = try #require(expectSameBinaryEncoding(boxes))
        #expect(expectSameBinaryDecoding(Boxes.self, bytes) == nil)
        let decoded = try Binary.Decoder().decode(Boxes.self, from: bytes)
        #expect(decoded.first === decoded.second && decoded.list[1] === decoded.first)
        #expect(decoded.list[0] === decoded.list[2] && decoded.optional === decoded.list[0] && decoded.first !== decoded.list[0])
        #expect(decoded == boxes)
        let root = try #require(expectSameBinaryEncoding(box))
        #expect(try Binary.Decoder().decode(Box.self, from: root) == box)
        let node = ChainNode()
        node.name = "a"
        node.next = ChainNode()
        #expect(expectSameBinaryEncoding(node) != nil)
        node.next?.next = node
        expectSameBinaryEncoding(node)
        #expect(throws: Binary.EncodingError.self) { try Binary.Encoder().encode(node) as [UInt8] }
        node.next?.next = nil
    }

    /// Registered types are written as records and checked when read.
    @Test func recordsAndTheRegistry() throws {
        var encoder = Binary.Encoder()
        encoder.registry.register(Profile.self)
        encoder.registry.register(Box.self, as: "Crate")
        let value = Boxes(first: Box(), second: Box(), list: [], optional: nil)
        let records = try #require(expectSameBinaryEncoding(value, encoder: encoder))
        expectSameBinaryDecoding(Boxes.self, records)
        let account = try #require(expectSameBinaryEncoding(Self.account, encoder: encoder))
        var decoder = Binary.Decoder()
        decoder.registry = encoder.registry
        #expect(expectSameBinaryDecoding(Account.self, account, decoder: decoder) == nil)
        #expect(expectSameBinaryDecoding(Boxes.self, records, decoder: decoder) == nil)
        decoder.registry = Binary.TypeRegistry()
        decoder.registry.register(Profile.self, as: "Person")
        let error = expectSameBinaryDecoding(Account.self, account, decoder: decoder)
        #expect(error?.hasPrefix("typeMismatch(Profile) [profile#-]") == true, "\(error ?? "")")
        #expect(error?.contains("expected a record of type Person, found one of type Profile") == true)
    }

    @Test func limits() throws {
        var encoder = Binary.Encoder()
        for depth in [0, 1, 2, 3] {
            encoder.maxDepth = depth
            expectSameBinaryEncoding(Self.account, encoder: encoder)
            expectSameBinaryEncoding(Profile(name: "a", age: nil, ids: []), encoder: encoder)
            expectSameBinaryEncoding(Boxes(first: Box(), second: Box(), list: [], optional: nil), encoder: encoder)
            expectSameBinaryEncoding(Nothing(), encoder: encoder)
        }
        let bytes = try Self.packed(Self.account)
        var decoder = Binary.Decoder()
        for depth in [1, 2, 3] {
            decoder.limits = Binary.DecodingLimits(maxDepth: depth)
            expectSameBinaryDecoding(Account.self, bytes, decoder: decoder)
        }
        decoder.limits = Binary.DecodingLimits(maxStringBytes: 3)
        expectSameBinaryDecoding(Account.self, bytes, decoder: decoder)
    }

    /// A `Codable` value that writes a name twice fails the same way inside a generated model.
    @Test func namesWrittenTwice() throws {
        let value = HoldsTwice(before: [1], twice: Twice(), after: Profile(name: "a", age: nil, ids: [2]), list: [Twice()], last: 0.5)
        expectSameBinaryEncoding(value)
        #expect(throws: Binary.EncodingError.self) { try Binary.Encoder().encode(value) as [UInt8] }
    }

    /// Objects with more distinct names than the member lookup keeps, and
    /// names longer than any key: every member is still found.
    @Test func manyMemberNames() throws {
        var profiles: [Binary.Value] = []
        for object in 0..<1500 {
            var members: [Binary.Value.Member] = (0..<50).map { .init(key: "extra\(object)_\($0)", value: .number(JSON.Number($0))) }
            members.insert(.init(key: String(repeating: "n", count: 100 + object), value: .null), at: object % 50)
            members.insert(.init(key: "name", value: .string("p\(object)")), at: object % 40)
            members.append(.init(key: "ids", value: .array([.number(JSON.Number(object))])))
            profiles.append(.object(members))
        }
        let bytes = try Binary.Value.array(profiles).encoded()
        #expect(expectSameBinaryDecoding([Profile].self, bytes) == nil)
        let decoded = try Binary.Decoder().decode([Profile].self, from: bytes)
        #expect(decoded.count == 1500 && decoded[1499].name == "p1499" && decoded[1499].ids == [1499])
    }

    /// Enums of every shape: the same bytes, values and errors as their
    /// `Codable` conformances (synthesised, or written by the macro).
    @Test func enums() throws {
        for value in GeneratedEnumTests.values {
            let bytes = try #require(expectSameBinaryEncoding(value))
            #expect(expectSameBinaryDecoding(Drawing.self, bytes) == nil)
            #expect(try Binary.Decoder().decode(Drawing.self, from: bytes) == value)
        }
        let drawing = try JSON.Decoder().decode(Drawing.self, from: GeneratedEnumTests.drawing)
        let base = try Binary.Value(decoding: Self.packed(drawing))
        var errors = 0
        for place in places(in: base) {
            for replacement in [Binary.Value.null, .string("purple"), .number(7), .object([]), .array([])] {
                if expectSameBinaryDecoding(Drawing.self, try replacing(place, in: base, with: replacement).encoded()) != nil { errors += 1 }
            }
            if let removed = removing(place, in: base), expectSameBinaryDecoding(Drawing.self, try removed.encoded()) != nil { errors += 1 }
        }
        #expect(errors > 100, "\(errors) errors")
        let twice = HoldsTwice(before: [1], twice: Twice(), after: Profile(name: "a", age: nil, ids: [2]), list: [], last: 0.5)
        expectSameBinaryEncoding(BesideTwice.plain(first: Twice(), second: [1]))
        expectSameBinaryEncoding([AroundTwice.holds(twice), .plain(first: Twice(), second: [])])
        expectSameBinaryEncoding(OutsideTwice.plain(first: Twice(), second: [2]))
        for value in [DeclaredCodable.a(x: 1), .default(for: nil)] {
            expectSameBinaryDecoding(DeclaredCodable.self, try #require(expectSameBinaryEncoding(value)))
        }
    }

    /// The property options (key paths, defaults, lossy collections, dates,
    /// the collector of unknown members): the same bytes, values and errors
    /// as the `Codable` conformance the macro writes, under every mutation.
    @Test func propertyOptions() throws {
        func check<Model: Codable & Equatable>(_ value: Model, mutations: Int) throws {
            let bytes = try #require(expectSameBinaryEncoding(value))
            #expect(expectSameBinaryDecoding(Model.self, bytes) == nil)
            let decoded = try Binary.Decoder().decode(Model.self, from: bytes)
            #expect(decoded == value, "\(decoded) != \(value)")
            let base = try Binary.Value(decoding: bytes)
            var errors = 0
            for place in places(in: base) {
                for replacement in [Binary.Value.null, .string("x"), .number(7), .object([.init(key: "z", value: .bool(true))]), .array([.number(1)])] {
                    if expectSameBinaryDecoding(Model.self, try replacing(place, in: base, with: replacement).encoded()) != nil { errors += 1 }
                }
                if let removed = removing(place, in: base), expectSameBinaryDecoding(Model.self, try removed.encoded()) != nil { errors += 1 }
            }
            #expect(errors >= mutations, "\(Model.self): \(errors) errors")
        }
        try check(JSON.Decoder().decode(Paths.self, from: PropertyOptionTests.paths), mutations: 20)
        try check(JSON.Decoder().decode(LossyLists.self, from: PropertyOptionTests.lossy), mutations: 5)
        try check(Defaults(count: 2, note: "n", profile: Profile(name: "p", age: 3, ids: [4])), mutations: 5)
        try check(Dated(start: Date(timeIntervalSince1970: 1), end: nil, seen: Date(timeIntervalSince1970: 2), created: Date(timeIntervalSince1970: 3), plain: nil), mutations: 5)
        let open = try JSON.Decoder().decode(Open.self, from: #"{"id": 1, "user": {"name": "a"}, "beta": {"x": true}, "list": [1, "two", null]}"#)
        #expect(open.extra == ["beta": ["x": true], "list": [1, "two", nil]])
        try check(open, mutations: 5)
        try check(JSON.Decoder().decode(Bag.self, from: #"{"a": 1, "b": [true]}"#), mutations: 0)
    }

    /// Every corpus model: the same bytes through both encoders, the same
    /// model through both decoders, and back.
    @Test(TestData.needs("corpus")) func corpus() throws {
        func check<Model: Codable & Equatable>(_ type: Model.Type, _ file: String) throws {
            let model = try JSON.Decoder().decode(type, from: TestData.bytes(TestData.url("corpus/\(file)")))
            let bytes = try #require(expectSameBinaryEncoding(model))
            #expect(expectSameBinaryDecoding(type, bytes) == nil)
            #expect(try Binary.Decoder().decode(type, from: bytes) == model)
        }
        try check(GeneratedTwitterModel.self, "twitter.json")
        try check(GeneratedCitmModel.self, "citm_catalog.json")
        try check(GeneratedCanadaModel.self, "canada.json")
    }

    // MARK: Changing files

    enum Step: Equatable {
        case member(String)
        case element(Int)
    }

    /// The places of every value inside `value`.
    func places(in value: Binary.Value, at path: [Step] = []) -> [[Step]] {
        var found = path.isEmpty ? [] : [path]
        switch value {
        case .array(let elements):
            for (index, element) in elements.enumerated() { found += places(in: element, at: path + [.element(index)]) }
        case .object(let members):
            for member in members { found += places(in: member.value, at: path + [.member(member.key)]) }
        default: break
        }
        return found
    }

    /// `value` with the value at `place` replaced by `replacement`.
    func replacing(_ place: [Step], in value: Binary.Value, with replacement: Binary.Value) -> Binary.Value {
        guard let step = place.first else { return replacement }
        let rest = Array(place.dropFirst())
        switch (value, step) {
        case (.array(var elements), .element(let index)) where elements.indices.contains(index):
            elements[index] = replacing(rest, in: elements[index], with: replacement)
            return .array(elements)
        case (.object(var members), .member(let key)):
            guard let index = members.firstIndex(where: { $0.key == key }) else { return value }
            members[index].value = replacing(rest, in: members[index].value, with: replacement)
            return .object(members)
        default:
            return value
        }
    }

    /// `value` without the value at `place` (`nil` for a place that is not a member or element).
    func removing(_ place: [Step], in value: Binary.Value) -> Binary.Value? {
        guard let step = place.first else { return nil }
        let rest = Array(place.dropFirst())
        switch (value, step) {
        case (.array(var elements), .element(let index)) where elements.indices.contains(index):
            if rest.isEmpty {
                elements.remove(at: index)
            } else {
                guard let changed = removing(rest, in: elements[index]) else { return nil }
                elements[index] = changed
            }
            return .array(elements)
        case (.object(var members), .member(let key)):
            guard let index = members.firstIndex(where: { $0.key == key }) else { return nil }
            if rest.isEmpty {
                members.remove(at: index)
            } else {
                guard let changed = removing(rest, in: members[index].value) else { return nil }
                members[index].value = changed
            }
            return .object(members)
        default:
            return nil
        }
    }
}
