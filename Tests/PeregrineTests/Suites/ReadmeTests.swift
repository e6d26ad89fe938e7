import Foundation
import Peregrine
import Testing
import TestSupport

/// The README's examples, so that they keep compiling and stay true.
@Suite struct ReadmeTests {
    @Test func parseExample() throws {
        let value = try JSON(parsing: #"{"name": "Peregrine", "speeds": [320, 389.5]}"#)
        #expect(value == ["name": "Peregrine", "speeds": [320, 389.5]])
        let bytes = Array(#"[[1]]"#.utf8)
        let shallow = try JSON(parsing: bytes, options: .init(maxDepth: 32))
        #expect(shallow == [[1]])
        let lines = [#"{"event": 1}"#, #"{"event": 2}"#]
        var parser = JSON.Parser()
        let events = try lines.map { try parser.parse($0) }
        #expect(events == [["event": 1], ["event": 2]])
    }

    @Test func errorExample() {
        do {
            _ = try JSON(parsing: "{\"a\": 1,\n \"b\": [1 x]}")
            Issue.record("parsed invalid JSON")
        } catch {
            #expect(error.kind == .unexpectedCharacter)
            #expect("\(error)" == "2:10: expected ',' or ']' after an array element, found 'x'\n   \"b\": [1 x]}\n           ^")
        }
    }

    @Test func parseOptionsExample() throws {
        let text = "{\"a\": [1, 2,], /* note */ \"b\": 1}"
        let config = try JSON(parsing: text, options: .init(allowComments: true, allowTrailingCommas: true))
        #expect(config == ["a": [1, 2], "b": 1])
        // The second "a" (offset 9).
        let duplicate = try #require(throws: JSON.ParseError.self) { try JSON(parsing: #"{"a": 1, "a": 2}"#, options: .secure) }
        #expect(duplicate.kind == .duplicateKey)
        #expect(duplicate.offset == 9)
        #expect(duplicate.column == 10)
        let legacy = try JSON(parsing: "{'a': 1, /* c */}", options: .lenient)
        #expect(legacy == ["a": 1])
        let json5 = try JSON(parsing: "{hex: 0xFF, list: [.5, +1,], 'q': Infinity,}", options: .json5)
        #expect(json5 == ["hex": 255, "list": [0.5, 1], "q": .number(.init(Double.infinity))])
        #expect(try json5.serializedString(options: [.nonConformingFloats(.json5Literals)]) == #"{"hex":255,"list":[0.5,1],"q":Infinity}"#)
    }

    @Test func codableExample() throws {
        struct User: Codable, Equatable { var id: Int; var name: String; var joined: Date }
        let bytes = Array(#"{"id": 1, "name": "Ada", "joined": "2024-05-01T12:00:00Z"}"#.utf8)
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let user = try decoder.decode(User.self, from: bytes)
        #expect(user.joined == Date(timeIntervalSince1970: 1_714_564_800))
        let encoder = JSON.Encoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let out: [UInt8] = try encoder.encode(user)
        #expect(String(decoding: out, as: UTF8.self) == "{\n  \"id\": 1,\n  \"joined\": 736257600,\n  \"name\": \"Ada\"\n}")
    }

    static let timeline = #"""
        {"statuses": [{"id": 1, "retweet_count": 12, "user": {"id": 7, "name": "ann", "screen_name": "a", "bio": null}},
                      {"id": 2, "retweet_count": 3, "user": {"id": 8, "name": "bob", "screen_name": "b", "bio": "hi"}}],
         "count": "123"}
        """#

    struct User: Decodable, Equatable {
        var id: Int
        var name: String
    }

    @Test func accessExample() throws {
        let bytes = Array(Self.timeline.utf8)
        let v = try JSON(parsing: bytes)
        #expect(v["statuses"][0]["user"]["id"].int64 == 7)
        let bio = v["statuses"][0]["user"]["bio"]
        #expect(bio.exists && bio.isNull)
        #expect(v["statuses"][999]["id"].missing?.description == "$.statuses has no element 999 (it has 2)")
        #expect(v["count"].lenient.int == 123 && v["count"].int == nil)
        #expect(try v["statuses"][0]["user"].decode(User.self) == User(id: 7, name: "ann"))

        let doc = try JSON.Document(parsing: bytes)
        #expect(doc.root["statuses"][0]["user"]["name"].string == "ann")
        #expect(doc.root["statuses"][0]["user"].value?["name"].string == "ann")
        #expect(try doc.root["statuses"][0]["user"].decode(User.self) == User(id: 7, name: "ann"))
        #expect(doc.root["statuses"][999].exists == false)
    }

    /// `Examples/sample.json`, which the README's access and query examples read.
    static let sampleURL = TestData.sample

    struct Sighting: Decodable, Equatable {
        var id: Int
        var species: String
    }

    @Test func sampleAccessExample() throws {
        let sample = try Data(contentsOf: Self.sampleURL)
        let v = try JSON(parsing: sample)
        #expect(v["sightings"][0]["species"].string == "Peregrine falcon")
        #expect(v["sightings"][0]["count"].int == 2)
        let strict = try JSON(parsing: #"[2.0, "2"]"#)
        #expect(strict[0].int == nil && strict[1].int == nil)
        #expect(v["sightings"][1]["dive_speed_kmh"].exists && v["sightings"][1]["dive_speed_kmh"].isNull)
        #expect(v["sightings"][9]["id"].missing?.description == "$.sightings has no element 9 (it has 3)")
        #expect(try v["sightings"][0].decode(Sighting.self) == Sighting(id: 1, species: "Peregrine falcon"))
        let doc = try JSON.Document(parsing: sample)
        #expect(doc.root["observers"]["lead"].string == "A. Okafor")
    }

    @Test func sampleQueryExample() throws {
        let sample = try Data(contentsOf: Self.sampleURL)
        let v = try JSON(parsing: sample)
        #expect(try v.query("/sightings/*/species") == ["Peregrine falcon", "Merlin", "Gyrfalcon"])
        #expect(try v.jsonPath("$.sightings[?@.count > 0].species") == ["Peregrine falcon", "Merlin"])
        #expect(v[pointer: "/observers/assistants/1"].string == "C. Ito")
        let doc = try JSON.Document(parsing: sample)
        #expect(try doc.root.query("/sightings/?").decode([Sighting].self) == [
            Sighting(id: 1, species: "Peregrine falcon"), Sighting(id: 2, species: "Merlin"), Sighting(id: 3, species: "Gyrfalcon"),
        ])
    }

    @Test func assignmentExample() throws {
        var config: JSON = ["name": "edge", "ports": [80, 443]]
        config["tls"]["enabled"] = true
        config["ports"][2] = 8443
        config["name"].value = nil
        #expect(try config.serializedString() == #"{"ports":[80,443,8443],"tls":{"enabled":true}}"#)
    }

    @Test func queryExample() throws {
        let v = try JSON(parsing: Self.timeline)
        #expect(try v.query("/statuses/*/id") == [1, 2])
        #expect(try v.query(".statuses.0.id") == [1])
        #expect(v[pointer: "/statuses/0/user/name"].string == "ann")
        var copy = v
        try copy.setValue(["id": 9], at: JSON.Pointer("/statuses/-"))
        try copy.removeValue(at: JSON.Pointer("/statuses/0"))
        #expect(try copy.query("/statuses/*/id") == [2, 9])
        #expect(try v.jsonPath("$.statuses[?@.retweet_count > 10].user.name") == ["ann"])
        #expect(try v.jsonPathMatches("$..screen_name").map(\.normalizedPath) == [
            "$['statuses'][0]['user']['screen_name']", "$['statuses'][1]['user']['screen_name']",
        ])
        let doc = try JSON.Document(parsing: Self.timeline)
        #expect(try doc.root.query("/statuses/*/user").decode([User].self) == [User(id: 7, name: "ann"), User(id: 8, name: "bob")])
    }

    @Test func jsonPatchExample() throws {
        var config = try JSON(parsing: #"{"name": "edge", "ports": [80], "debug": true}"#)
        let patch = try JSON.Patch(JSON(parsing: """
            [{"op": "test", "path": "/name", "value": "edge"},
             {"op": "add", "path": "/ports/-", "value": 443},
             {"op": "remove", "path": "/debug"}]
            """))
        try config.apply(patch)
        #expect(try config.serializedString() == #"{"name":"edge","ports":[80,443]}"#)
        do {
            try config.apply(patch)
            Issue.record("applied twice")
        } catch {
            #expect("\(error)" == #"operation 2: remove at "/debug": $ has no member "debug""#)
            #expect(error.kind == .pathNotFound)
            #expect(try config.serializedString() == #"{"name":"edge","ports":[80,443]}"#)
        }
        let merged = config.merging(patch: ["name": nil, "tls": ["enabled": true]])
        let changes = JSON.Patch(from: config, to: merged)
        #expect(changes.description == #"[{"op":"remove","path":"/name"},{"op":"add","path":"/tls","value":{"enabled":true}}]"#)
        #expect(try config.applying(changes) == merged)
    }

    @Test func writeExample() throws {
        let config: JSON = ["name": "edge", "ports": [80, 443]]
        #expect(try config.serializedString(options: [.prettyPrinted, .sortedKeys]).hasPrefix("{\n  \"name\": \"edge\",\n  \"ports\": ["))
        #expect(try config.serializedString(options: [.indent(4)]).hasPrefix("{\n    \"name\""))
        #expect(JSON.serializedString(escaping: "say \"hi\"", includeQuotes: false) == #"say \"hi\""#)
    }

    @Test func binaryExample() throws {
        let value = try JSON(parsing: Self.timeline)
        let packed = try value.binaryEncoded()
        #expect(try JSON(binary: packed) == value)
        #expect(try Binary.Value(decoding: packed, limits: .plainData) == Binary.Value(decoding: packed))
        let graph = try JSON(parsing: #"{"owner": {"$class": "Person", "name": "Ann"}, "pet": {"owner": {"$alias": "owner"}}}"#)
        let records = try graph.binaryEncoded(bootstrapping: true)
        let summary = try Binary.Summary(of: records)
        #expect(summary.recordTypes == ["Person": 1] && summary.sharedCount == 1 && summary.referenceCount == 1)
    }

    @Test func gzipExample() throws {
        let value = try JSON(parsing: Self.timeline)
        let packed = try value.serialized(options: [.gzip])
        #expect(try JSON(parsing: packed) == value)
        let encoder = JSON.Encoder()
        encoder.outputFormatting = [.gzip]
        let bytes: [UInt8] = try encoder.encode(["a": 1])
        #expect(try JSON(parsing: bytes) == ["a": 1])
    }

    @Test func largeInputExample() throws {
        struct Event: Decodable { var id: Int }
        let url = TemporaryFile.url()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("{\"id\": 1}\nbad\n{\"id\": 2}\n".utf8).write(to: url)
        var ids: [Int] = []
        for line in try JSON.LineReader(contentsOf: url).decode(Event.self) {
            guard case .success(let event) = line.result else { continue }
            ids.append(event.id)
        }
        #expect(ids == [1, 2])
        try Data("[1, [2], {\"three\": 3}]".utf8).write(to: url)
        var reader = try JSON.StreamReader(contentsOf: url)
        var values: [JSON] = []
        while let element = try reader.next() { values.append(element.value) }
        #expect(values == [1, [2], ["three": 3]])
        try Data("{\"id\": 1}\nbad\n".utf8).write(to: url)
        var errors: [JSON.LineError] = []
        let lineCount = try JSON.validateLines(fileHandle: FileHandle(forReadingFrom: url)) { error in
            errors.append(error)
        }
        #expect(lineCount == 2 && errors.map(\.line) == [2])
        #expect("\(errors[0])".hasPrefix("line 2: 1:1: expected a value, found 'b'"))
    }

    @Test func binaryCodableExample() throws {
        struct Timeline: Codable, Equatable { var ids: [Int]; var when: Date }
        let timeline = Timeline(ids: [1, 2], when: Date(timeIntervalSince1970: 5))
        let packed = try Binary.Encoder().encode(timeline)
        #expect(try Binary.Decoder().decode(Timeline.self, from: packed) == timeline)
        struct Person: Codable, Equatable { var name: String }
        var registry = Binary.TypeRegistry()
        registry.register(Person.self, as: "Person")
        var decoder = Binary.Decoder()
        decoder.registry = registry
        let records = try JSON(parsing: #"{"owner": {"$class": "Person", "name": "Ann"}}"#).binaryEncoded(bootstrapping: true)
        let graph = try decoder.decodeGraph(from: records)
        #expect(((graph as? [String: Any])?["owner"] as? Person) == Person(name: "Ann"))
    }
}
