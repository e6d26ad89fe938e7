import Foundation
import Peregrine
import Testing

/// `Binary.Encoder` and `Binary.Decoder`: round trips of every kind of
/// model, native tags, shared instances and cycles, records and the type
/// registry, and errors with their kinds, offsets and coding paths.
struct BinaryCodableTests {
    typealias Models = BinaryModels

    func roundTrip<T: Codable & Equatable>(_ value: T, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [UInt8] {
        let bytes: [UInt8] = try Binary.Encoder().encode(value)
        #expect(try Binary.Decoder().decode(T.self, from: bytes) == value, sourceLocation: sourceLocation)
        return bytes
    }

    /// The shared-value count of a file's header (the second varint after magic and version).
    func sharedHint(_ bytes: [UInt8]) -> Int {
        var position = 6
        func varint() -> Int {
            var value = 0
            var shift = 0
            while true {
                let byte = bytes[position]
                position += 1
                value |= Int(byte & 0x7F) << shift
                guard byte & 0x80 != 0 else { return value }
                shift += 7
            }
        }
        _ = varint()
        return varint()
    }

    // MARK: Round trips

    @Test func primitivesRoundTrip() throws {
        let bytes = try roundTrip(Models.Primitives())
        let value = try Binary.Value(decoding: bytes)
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(members.map(\.key).prefix(3) == ["bool", "string", "double"])
        #expect(members.first { $0.key == "uint64" }?.value == .number(JSON.Number(UInt64.max)))
        #expect(try Binary.Decoder().decode(Models.Primitives.self, from: bytes).negativeZero.sign == .minus)
    }

    @Test func optionalsAndNestedContainersRoundTrip() throws {
        let bytes = try roundTrip(Models.Nested())
        let value = try Binary.Value(decoding: bytes)
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(!members.contains { $0.key == "absent" })
        #expect(members.first { $0.key == "explicitNull" }?.value == .null)
        var changed = Models.Nested()
        changed.present = nil
        changed.explicitNull = 2.5
        _ = try roundTrip(changed)
    }

    /// Two key types whose cases have the same bytes, and a key that is no enum.
    struct Outer: Codable, Equatable {
        struct Inner: Codable, Equatable {
            var b = 1
            var c = 2
        }
        struct Other: Codable, Equatable {
            var d = 7
            var e = 8
        }
        struct NamedKey: CodingKey {
            let stringValue: String
            init(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }
        var a = 0
        var inner = [Inner(), Inner(b: 3, c: 4)]
        var tags = ["x": 5, "y": 6]
        var other = Other()

        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: NamedKey.self)
            a = try container.decode(Int.self, forKey: NamedKey(stringValue: "first"))
            inner = try container.decode([Inner].self, forKey: NamedKey(stringValue: "second"))
            tags = try container.decode([String: Int].self, forKey: NamedKey(stringValue: "third"))
            other = try container.decode(Other.self, forKey: NamedKey(stringValue: "fourth"))
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: NamedKey.self)
            try container.encode(a, forKey: NamedKey(stringValue: "first"))
            try container.encode(inner, forKey: NamedKey(stringValue: "second"))
            try container.encode(tags, forKey: NamedKey(stringValue: "third"))
            try container.encode(other, forKey: NamedKey(stringValue: "fourth"))
        }
    }

    @Test func memberNamesAreTheirKeysNamesWhateverTheKeyType() throws {
        let bytes = try roundTrip(Outer())
        let json = try JSON(binary: bytes)
        #expect(json.object?.keys == ["first", "second", "third", "fourth"])
        #expect(json["second"][1].value == ["b": 3, "c": 4])
        #expect(json["third"].value == ["x": 5, "y": 6])
        #expect(json["fourth"].value == ["d": 7, "e": 8])
    }

    @Test func enumsRoundTrip() throws {
        _ = try roundTrip(Models.Rich().shapes)
        _ = try roundTrip([Models.Color.red, .green])
        _ = try roundTrip(Models.Shape.empty)
    }

    @Test func topLevelScalarsAndEmptyValuesRoundTrip() throws {
        _ = try roundTrip(42)
        _ = try roundTrip("text")
        _ = try roundTrip([Int]())
        _ = try roundTrip(Optional<Int>.none)
        let empty = try roundTrip(Models.Empty())
        #expect(try Binary.Value(decoding: empty) == .object([]))
    }

    @Test func largeCountsArePatchedIn() throws {
        // Counts of 128 and more need a second varint byte, written once the elements are.
        let points = (0..<1_000).map { Models.Point(x: $0, y: -$0) }
        _ = try roundTrip(points)
        let names = Dictionary(uniqueKeysWithValues: (0..<300).map { ("key\($0)", [$0, $0 + 1]) })
        _ = try roundTrip(names)
        _ = try roundTrip(Array(repeating: Models.Nested(), count: 200))
    }

    // MARK: Native tags

    @Test func foundationTypesAreWrittenWithTheirTags() throws {
        let bytes = try roundTrip(Models.Rich())
        let value = try Binary.Value(decoding: bytes)
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        func member(_ key: String) -> Binary.Value? { members.first { $0.key == key }?.value }
        #expect(member("date") == .date(Date(timeIntervalSince1970: 1_700_000_000.25)))
        #expect(member("data") == .data(Data([0, 1, 2, 0xFF])))
        #expect(member("url") == .url(try #require(URL(string: "https://example.com/a?b=c"))))
        #expect(member("uuid") == .uuid(try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))))
        #expect(member("decimal") == .decimal(try #require(Decimal(string: "-12.345"))))
        // The tag bytes are in the body.
        for tag: UInt8 in [0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x10] { #expect(bytes.contains(tag), "tag \(tag)") }
    }

    @Test func setsAndDictionariesTakeTheirForms() throws {
        let bytes = try roundTrip(Models.Rich())
        guard case .object(let members) = try Binary.Value(decoding: bytes) else {
            Issue.record("not an object")
            return
        }
        func member(_ key: String) -> Binary.Value? { members.first { $0.key == key }?.value }
        guard case .set(let tags)? = member("tags") else {
            Issue.record("tags: \(String(describing: member("tags")))")
            return
        }
        #expect(Set(tags) == [.string("a"), .string("b"), .string("c")])
        // String and Int keys: an object, as their Codable form has it; other keys: a dictionary.
        guard case .object(let byNumber)? = member("byNumber"), case .dictionary(let byPoint)? = member("byPoint"),
            case .dictionary(let byUUID)? = member("byUUID"), case .object? = member("byName")
        else {
            Issue.record("dictionaries: \(members)")
            return
        }
        #expect(Set(byNumber.map(\.key)) == ["1", "20"])
        #expect(byPoint.first?.key == .object([.init(key: "x", value: .number(JSON.Number(1))), .init(key: "y", value: .number(JSON.Number(2)))]))
        guard case .uuid? = byUUID.first?.key else {
            Issue.record("UUID keys: \(byUUID)")
            return
        }
    }

    /// A model that falls back when a key is missing, by catching `DecodingError.keyNotFound`.
    struct Tolerant: Decodable, Equatable {
        var name: String
        enum CodingKeys: String, CodingKey { case name, title }
        init(name: String) { self.name = name }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            do {
                name = try container.decode(String.self, forKey: .name)
            } catch DecodingError.keyNotFound(let key, let context) {
                #expect(key.stringValue == "name" && context.codingPath.isEmpty)
                name = try container.decode(String.self, forKey: .title)
            }
        }
    }
    struct Titled: Codable { var title: String }

    /// Three coordinates read from an array of any length.
    struct Triple: Decodable {
        var values: [Int] = []
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            for _ in 0..<3 { values.append(try container.decode(Int.self)) }
        }
    }

    /// The same broken values through both decoders: the same case, coding
    /// path and message (JSON's adds the line and column, binary's puts its
    /// byte offset in the underlying error).
    @Test func bothDecodersReportTheSameErrors() throws {
        func errors<T: Decodable>(_ type: T.Type, _ json: String) throws -> (json: DecodingError, binary: DecodingError) {
            let packed: [UInt8] = try Binary.Encoder().encode(try JSON(parsing: json))
            let fromJSON = #expect(throws: DecodingError.self) { try JSON.Decoder().decode(type, from: json) }
            let fromBinary = #expect(throws: DecodingError.self) { try Binary.Decoder().decode(type, from: packed) }
            return (try #require(fromJSON), try #require(fromBinary))
        }
        let cases: [(errors: (json: DecodingError, binary: DecodingError), kind: String, path: [String], message: String)] = [
            (try errors(Models.Point.self, #"{"x": 1}"#), "keyNotFound", [], #"$: no value for key "y""#),
            (try errors(Models.Point.self, #"{"x": 1, "y": "two"}"#), "typeMismatch", ["y"], #"$.y: expected Int, found string "two""#),
            (try errors(Models.Point.self, #"{"x": 1, "y": null}"#), "valueNotFound", ["y"], "$.y: expected Int, found null"),
            (try errors([Int8].self, "[1, 300]"), "dataCorrupted", ["Index 1"], "$[1]: number 300 does not fit in Int8"),
            (try errors([Int].self, "[1, 2.5]"), "typeMismatch", ["Index 1"], "$[1]: expected Int (a whole number), found number 2.5"),
            (try errors(Triple.self, "[1, 2]"), "valueNotFound", ["Index 2"], "$: the array has no element 2"),
            (try errors([String: [Bool]].self, #"{"flags": [true, {}]}"#), "typeMismatch", ["flags", "Index 1"], "$.flags[1]: expected Bool, found an object"),
        ]
        for (errors, kind, path, message) in cases {
            for error in [errors.json, errors.binary] {
                #expect(error.kindName == kind, "\(error)")
                #expect(error.pathStrings == path, "\(error)")
            }
            let located = try #require(errors.json.context?.debugDescription)
            #expect(located.replacingOccurrences(of: #" \(line \d+, column \d+, offset \d+\)"#, with: "", options: .regularExpression) == message)
            let underlying = try #require(errors.binary.context?.underlyingError as? Binary.DecodingError)
            #expect(underlying.message == message)
        }
    }

    @Test func errorsAreDecodingErrorsWhicheverDecoderFeedsTheModel() throws {
        let packed: [UInt8] = try Binary.Encoder().encode(Titled(title: "Dr"))
        #expect(try Binary.Decoder().decode(Tolerant.self, from: packed) == Tolerant(name: "Dr"))
        #expect(try JSON.Decoder().decode(Tolerant.self, from: #"{"title": "Dr"}"#) == Tolerant(name: "Dr"))
        #expect(try JSONDecoder().decode(Tolerant.self, from: Data(#"{"title": "Dr"}"#.utf8)) == Tolerant(name: "Dr"))
        // A value of the wrong type: typeMismatch naming the type, the path, and the offset underneath.
        let wrong: [UInt8] = try Binary.Encoder().encode(["n": [1, 2]])
        do {
            _ = try Binary.Decoder().decode([String: String].self, from: wrong)
            Issue.record("decoded an array as a String")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(ObjectIdentifier(type) == ObjectIdentifier(String.self))
            #expect(context.codingPath.map(\.stringValue) == ["n"])
            let underlying = try #require(context.underlyingError as? Binary.DecodingError)
            #expect(underlying.kind == .typeMismatch && underlying.message == "$.n: expected String, found an array")
        }
    }

    @Test func aSetWithARepeatedElementIsInvalid() throws {
        // A set of two equal strings, hand-made: the encoder never writes one.
        let bytes: [UInt8] = [0x89, 0x50, 0x47, 0x42, 1, 0, 3, 0, 1, 1, 0x61, 0x0F, 0x02, 0x07, 0x00, 0x07, 0x00]
        do {
            _ = try Binary.Decoder().decode(Set<String>.self, from: bytes)
            Issue.record("decoded a set with equal elements")
        } catch let error as DecodingError {
            guard case .dataCorrupted(let context) = error, let underlying = error.binaryError else { throw error }
            #expect(underlying.kind == .invalidValue && underlying.offset == 11, "\(error)")
            #expect(context.codingPath.isEmpty)
        }
        // The file is invalid whatever the model reads.
        let asArray = try #require(throws: DecodingError.self) { try Binary.Decoder().decode([String].self, from: bytes) }
        #expect(asArray.kindName == "dataCorrupted")
        #expect(asArray.pathStrings == [])
        #expect(asArray.binaryError?.kind == .invalidValue)
        #expect(asArray.binaryError?.offset == 11)
    }

    @Test func nativeValuesAlsoDecodeFromTheirJSONForms() throws {
        // What a file converted from JSON holds: strings and plain numbers.
        struct Forms: Codable, Equatable {
            var date: Date
            var data: Data
            var url: URL
            var uuid: UUID
            var decimal: Decimal
            var small: Decimal
        }
        let json = try JSON(
            parsing: #"{"date": "2023-11-14T22:13:20.500Z", "data": "AAEC/w==", "url": "https://example.com/a", "uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "decimal": 12345678901234567890123, "small": -1.25}"#,
            options: .init(numbers: .lossless))
        let forms = try Binary.Decoder().decode(Forms.self, from: json.binaryEncoded())
        #expect(forms.date == Date(timeIntervalSince1970: 1_700_000_000.5))
        #expect(forms.data == Data([0, 1, 2, 0xFF]) && forms.url.absoluteString == "https://example.com/a")
        #expect(forms.uuid.uuidString == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(forms.decimal == Decimal(string: "12345678901234567890123") && forms.small == Decimal(string: "-1.25"))
        // Native values read as JSON (their JSON forms) and packed again read back into the same model.
        let asJSON = try JSON(binary: Binary.Encoder().encode(forms))
        #expect(try Binary.Decoder().decode(Forms.self, from: asJSON.binaryEncoded()) == forms)
    }

    @Test func nativeValuesAlsoDecodeFromTheirCodableForms() throws {
        // A date written by another encoder as seconds since 2001 (Date's own Codable form).
        let date = Date(timeIntervalSinceReferenceDate: 12.5)
        let bytes = try JSON.number(JSON.Number(12.5)).binaryEncoded()
        #expect(try Binary.Decoder().decode(Date.self, from: bytes) == date)
    }

    // MARK: Shared instances

    @Test func aClassInstanceIsWrittenOnceAndDecodedOnce() throws {
        let node = Models.Node("shared")
        let graph = Models.Graph(first: node, second: node, all: [node])
        let bytes: [UInt8] = try Binary.Encoder().encode(graph)
        #expect(sharedHint(bytes) == 1)
        #expect(bytes.filter { $0 == 0x13 }.count >= 2)
        // The name is written once: a copy of the graph without sharing is longer.
        let copies: [UInt8] = try Binary.Encoder().encode(
            Models.Graph(first: Models.Node("shared"), second: Models.Node("shared"), all: [Models.Node("shared")]))
        #expect(sharedHint(copies) == 3 && bytes.count < copies.count)

        let back = try Binary.Decoder().decode(Models.Graph.self, from: bytes)
        #expect(back.first === back.second && back.second === back.all[0])
        #expect(back.first.name == "shared")
        // Read as a plain value, each place has a copy.
        guard case .object(let members) = try Binary.Value(decoding: bytes) else {
            Issue.record("not an object")
            return
        }
        #expect(members[0].value == members[1].value)
    }

    @Test func sharedInstancesLinkAcrossTheGraph() throws {
        let tail = Models.Node("tail")
        let middle = Models.Node("middle", next: tail)
        let head = Models.Node("head", next: middle)
        let back = try Binary.Decoder().decode([Models.Node].self, from: Binary.Encoder().encode([head, middle, tail]))
        #expect(back.count == 3 && back[0].next === back[1] && back[1].next === back[2] && back[2].next == nil)
    }

    @Test func sharedInstancesInOptionalsAreDecodedOnce() throws {
        let node = Models.Node("shared")
        let bytes: [UInt8] = try Binary.Encoder().encode([node, nil, node])
        let back = try Binary.Decoder().decode([Models.Node?].self, from: bytes)
        #expect(back.count == 3 && back[1] == nil && back[0]?.name == "shared")
        #expect(back[0] === back[2])
        let byName = try Binary.Decoder().decode([String: Models.Node?].self, from: Binary.Encoder().encode(["a": node, "b": node]))
        #expect(byName["a"]! === byName["b"]!)
    }

    @Test func aSharedValueDecodedAsAStructIsDecodedAgain() throws {
        // [shared {name: "n"}, reference 0], decoded as structs.
        struct Named: Codable, Equatable { var name: String }
        let node = Models.Node("n")
        let bytes: [UInt8] = try Binary.Encoder().encode([node, node])
        #expect(try Binary.Decoder().decode([Named].self, from: bytes) == [Named(name: "n"), Named(name: "n")])
    }

    @Test func aReferenceCycleThrowsPromptly() throws {
        let a = Models.Node("a")
        let b = Models.Node("b", next: a)
        a.next = b
        defer { a.next = nil }
        do {
            _ = try Binary.Encoder().encode(a) as [UInt8]
            Issue.record("encoded a cycle")
        } catch let error as Binary.EncodingError {
            #expect(error.kind == .cycle)
            #expect(error.message.contains("$.next.next"), "\(error)")
        }
        let selfLoop = Models.Node("self")
        selfLoop.next = selfLoop
        defer { selfLoop.next = nil }
        let loop = try #require(throws: Binary.EncodingError.self) { try Binary.Encoder().encode([selfLoop]) as [UInt8] }
        #expect(loop.kind == .cycle)
        #expect(loop.message.contains("$[0].next"), "\(loop)")
    }

    @Test func superEncodersNestTheSuperclass() throws {
        let dog = Models.Dog(name: "Rex")
        let bytes: [UInt8] = try Binary.Encoder().encode(dog)
        let back = try Binary.Decoder().decode(Models.Dog.self, from: bytes)
        #expect(back.name == "Rex" && back.legs == 4)
        #expect(try JSON(binary: bytes).serializedString() == #"{"name":"Rex","super":{"legs":4}}"#)
    }

    // MARK: Limits and misuse

    @Test func depthIsLimitedOnBothSides() throws {
        let deep = Models.Chain.of(length: 300)
        do {
            _ = try Binary.Encoder().encode(deep) as [UInt8]
            Issue.record("encoded past maxDepth")
        } catch let error as Binary.EncodingError {
            #expect(error.kind == .depthExceeded)
        }
        var encoder = Binary.Encoder()
        encoder.maxDepth = 2_000
        let bytes: [UInt8] = try encoder.encode(deep)
        do {
            _ = try Binary.Decoder().decode(Models.Chain.self, from: bytes)
            Issue.record("decoded past maxDepth")
        } catch let error as DecodingError {
            #expect(error.binaryError?.kind == .limitExceeded, "\(error)")
        }
        var decoder = Binary.Decoder()
        decoder.limits.maxDepth = 2_000
        #expect(try decoder.decode(Models.Chain.self, from: bytes) == deep)
        _ = try roundTrip(Models.Chain.of(length: 100))
    }

    @Test func containersUsedOutOfOrderAreAnError() {
        do {
            _ = try Binary.Encoder().encode(Models.OutOfOrder()) as [UInt8]
            Issue.record("encoded out of order")
        } catch let error as Binary.EncodingError {
            #expect(error.kind == .containerOrder)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func nanDecimalsCannotBeWritten() throws {
        let error = try #require(throws: Binary.EncodingError.self) { try Binary.Encoder().encode([Decimal.nan]) as [UInt8] }
        #expect(error.kind == .invalidValue)
        #expect(error.message.contains("$[0]"), "\(error)")
    }

    @Test func userInfoReachesTheModels() throws {
        var encoder = Binary.Encoder()
        encoder.userInfo[Models.Tagged.key] = "written"
        let bytes: [UInt8] = try encoder.encode(Models.Tagged(tag: "ignored"))
        #expect(try JSON(binary: bytes) == "written")
        var decoder = Binary.Decoder()
        decoder.userInfo[Models.Tagged.key] = "read"
        #expect(try decoder.decode(Models.Tagged.self, from: bytes) == Models.Tagged(tag: "read"))
    }

    @Test func dataInAndOut() throws {
        let data: Data = try Binary.Encoder().encode(Models.Point(x: 1, y: 2))
        #expect(try Binary.Decoder().decode(Models.Point.self, from: data) == Models.Point(x: 1, y: 2))
    }

    // MARK: Records and the registry

    @Test func registeredTypesAreWrittenAsRecords() throws {
        var registry = Binary.TypeRegistry()
        registry.register(Models.Point.self, as: "Point")
        var encoder = Binary.Encoder()
        encoder.registry = registry
        let bytes: [UInt8] = try encoder.encode([Models.Point(x: 1, y: 2)])
        #expect(
            try Binary.Value(decoding: bytes)
                == .array([.record(type: "Point", fields: [.init(key: "x", value: .number(JSON.Number(1))), .init(key: "y", value: .number(JSON.Number(2)))])]))
        // Records decode like objects, with or without the registry.
        #expect(try Binary.Decoder().decode([Models.Point].self, from: bytes) == [Models.Point(x: 1, y: 2)])
        var decoder = Binary.Decoder()
        decoder.registry = registry
        #expect(try decoder.decode([Models.Point].self, from: bytes) == [Models.Point(x: 1, y: 2)])
    }

    @Test func aRecordOfAnotherTypeIsATypeMismatch() throws {
        let bytes = try Binary.Value.record(type: "Vector", fields: [.init(key: "x", value: .number(JSON.Number(1))), .init(key: "y", value: .number(JSON.Number(2)))]).encoded()
        var decoder = Binary.Decoder()
        decoder.registry.register(Models.Point.self, as: "Point")
        do {
            _ = try decoder.decode(Models.Point.self, from: bytes)
            Issue.record("decoded a Vector as a Point")
        } catch let error as DecodingError {
            guard case .typeMismatch(let type, _) = error, let underlying = error.binaryError else { throw error }
            #expect(ObjectIdentifier(type) == ObjectIdentifier(Models.Point.self))
            // The record's tag follows the header (8 bytes) and the table "Vector", "x", "y" (12).
            #expect(underlying.kind == .typeMismatch && underlying.offset == 20, "\(error)")
        }
    }

    @Test func decodeGraphBuildsRegisteredTypesAndKeepsTheRest() throws {
        // A JSON document with `$class` members, as FastCoding bootstraps an object graph.
        let json = try JSON(parsing: #"{"origin": {"$class": "Point", "x": 3, "y": 4}, "other": {"$class": "Unknown", "a": [1, "b", null]}, "n": 1.5}"#)
        var fields: [Binary.Value.Member] = []
        for (key, member) in json.object ?? [:] {
            guard case .object(let object) = member, case .string(let type)? = object["$class"] else {
                fields.append(.init(key: key, value: try Binary.Value(decoding: member.binaryEncoded())))
                continue
            }
            let recordFields = try object.filter { $0.key != "$class" }.map { Binary.Value.Member(key: $0.key, value: try Binary.Value(decoding: $0.value.binaryEncoded())) }
            fields.append(.init(key: key, value: .record(type: type, fields: recordFields)))
        }
        let bytes = try Binary.Value.object(fields).encoded()

        var decoder = Binary.Decoder()
        decoder.registry.register(Models.Point.self, as: "Point")
        let graph = try #require(try decoder.decodeGraph(from: bytes) as? [String: Any])
        #expect(graph["origin"] as? Models.Point == Models.Point(x: 3, y: 4))
        let other = try #require(graph["other"] as? [String: Any])
        #expect(other["$class"] as? String == "Unknown")
        let list = try #require(other["a"] as? [Any])
        #expect(list.count == 3 && list[0] as? Int == 1 && list[1] as? String == "b" && list[2] is NSNull)
        #expect(graph["n"] as? Double == 1.5)
    }

    @Test func decodeGraphReturnsOneInstanceForASharedClass() throws {
        var registry = Binary.TypeRegistry()
        registry.register(Models.Node.self, as: "Node")
        var encoder = Binary.Encoder()
        encoder.registry = registry
        let node = Models.Node("n")
        let bytes: [UInt8] = try encoder.encode(Models.Graph(first: node, second: node, all: [node, Models.Node("m")]))
        var decoder = Binary.Decoder()
        decoder.registry = registry
        let graph = try #require(try decoder.decodeGraph(from: bytes) as? [String: Any])
        let first = try #require(graph["first"] as? Models.Node)
        let all = try #require(graph["all"] as? [Any])
        #expect(first === graph["second"] as? Models.Node && first === all[0] as? Models.Node)
        #expect((all[1] as? Models.Node)?.name == "m")
    }

    @Test func decodeGraphGivesFoundationValues() throws {
        let bytes: [UInt8] = try Binary.Encoder().encode(Models.Rich())
        let graph = try #require(try Binary.Decoder().decodeGraph(from: bytes) as? [String: Any])
        #expect(graph["date"] as? Date == Date(timeIntervalSince1970: 1_700_000_000.25))
        #expect(graph["data"] as? Data == Data([0, 1, 2, 0xFF]))
        #expect(graph["url"] as? URL == URL(string: "https://example.com/a?b=c"))
        #expect(graph["uuid"] as? UUID == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(graph["decimal"] as? Decimal == Decimal(string: "-12.345"))
        #expect(graph["tags"] as? Set<AnyHashable> == ["a", "b", "c"])
        // Keys that are not hashable (objects) leave the dictionary as key-value pairs.
        let byPoint = try #require(graph["byPoint"] as? [[Any]])
        #expect(byPoint.count == 1 && (byPoint[0][0] as? [String: Any])?["x"] as? Int == 1 && byPoint[0][1] as? String == "p")
        #expect((graph["byUUID"] as? [AnyHashable: Any])?.count == 1)
    }

    @Test func registryNamesFollowTheLastRegistration() {
        var registry = Binary.TypeRegistry()
        registry.register(Models.Point.self)
        #expect(registry.name(of: Models.Point.self) == "Point" && registry.contains("Point"))
        registry.register(Models.Point.self, as: "P")
        #expect(registry.name(of: Models.Point.self) == "P" && !registry.contains("Point"))
        registry.register(Models.Empty.self, as: "P")
        #expect(registry.name(of: Models.Point.self) == nil && registry.name(of: Models.Empty.self) == "P")
    }
}
