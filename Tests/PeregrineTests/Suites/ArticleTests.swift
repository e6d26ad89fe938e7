import Foundation
import Peregrine
import Testing

/// The examples of the DocC articles in `Sources/PeregrineCore/PeregrineCore.docc`,
/// so that they keep compiling and stay true.
@Suite struct ArticleTests {
    // MARK: GettingStarted.md

    static let speeds = #"{"name": "Peregrine", "speeds": [320, 389.5]}"#

    @Test func gettingStartedParseAndRead() throws {
        let value = try JSON(parsing: Self.speeds)
        let doc = try JSON.Document(parsing: Array(Self.speeds.utf8))
        #expect(doc.root["speeds"].count == 2)
        #expect(value["name"].string == "Peregrine")
        #expect(value["speeds"][1].double == 389.5)
        #expect(value["speeds"][0].int == 320)
        #expect(value["speeds"][9].int == nil)
        #expect(value["speeds"][9].missing?.description == "$.speeds has no element 9 (it has 2)")
        #expect(doc.root["name"].string == "Peregrine")
    }

    @Test func gettingStartedParseError() {
        let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: "{\"a\": 1,\n \"b\": [1 x]}") }
        #expect(error?.kind == .unexpectedCharacter)
        #expect(error.map { "\($0)" } == "2:10: expected ',' or ']' after an array element, found 'x'\n   \"b\": [1 x]}\n           ^")
    }

    struct Aircraft: Codable, Equatable { var name: String; var topSpeed: Int }

    @Test func gettingStartedCodable() throws {
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let plane = try decoder.decode(Aircraft.self, from: #"{"name": "Peregrine", "top_speed": 389}"#)
        #expect(plane == Aircraft(name: "Peregrine", topSpeed: 389))

        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys]
        let data: Data = try encoder.encode(plane)
        let bytes: [UInt8] = try encoder.encode(plane)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"name":"Peregrine","top_speed":389}"#)
        #expect(Array(data) == bytes)

        let error = #expect(throws: DecodingError.self) {
            try decoder.decode(Aircraft.self, from: #"{"name": "Peregrine", "top_speed": "fast"}"#)
        }
        #expect(error?.kindName == "typeMismatch")
        #expect(error?.context?.debugDescription == #"$.topSpeed (line 1, column 36, offset 35): expected Int, found string "fast""#)
    }

    struct Pilot: Codable {
        var fullName: String
        enum CodingKeys: String, CodingKey { case fullName = "full_name" }
    }

    @Test func gettingStartedKeyStrategyRenamesMembersFirst() throws {
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let error = try #require(throws: DecodingError.self) { try decoder.decode(Pilot.self, from: #"{"full_name": "Ada"}"#) }
        guard case .keyNotFound(let key, let context) = error else { Issue.record("\(error)"); return }
        #expect(key.stringValue == "full_name")
        #expect(context.debugDescription == #"$ (line 1, column 1, offset 0): no value for key "full_name"; "#
            + #"the key decoding strategy turned "full_name" into "fullName", and keys are matched after it: name the key "fullName", or decode without the strategy"#)
        #expect(try JSON.Decoder().decode(Pilot.self, from: #"{"full_name": "Ada"}"#).fullName == "Ada")
    }

    @Test func gettingStartedWrite() throws {
        let value = try JSON(parsing: Self.speeds)
        let compact: [UInt8] = try value.serialized()
        #expect(String(decoding: compact, as: UTF8.self) == #"{"name":"Peregrine","speeds":[320,389.5]}"#)
        let pretty = try value.serializedString(options: [.prettyPrinted, .sortedKeys])
        #expect(pretty == "{\n  \"name\": \"Peregrine\",\n  \"speeds\": [\n    320,\n    389.5\n  ]\n}")
        let ascii = try JSON.string("Fálki").serializedString(options: [.escapeUnicode])
        #expect(ascii == #""F\u00e1lki""#)
        let packed = try value.serialized(options: [.gzip])
        #expect(Array(packed.prefix(2)) == [0x1F, 0x8B])
        #expect(try JSON(parsing: packed) == value)
        #expect(try JSON.number(.init(1e100)).serializedString() == "1e+100")
    }

    // MARK: MigratingFromFoundation.md

    struct Flight: Codable, Equatable { var code: String; var stops: [String] }

    @Test func migratingChangeTheTypeName() throws {
        struct Departure: Codable, Equatable { var flightCode: String; var leaves: Date }
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .secondsSince1970
        let data = Data(#"{"flight_code": "PG1", "leaves": 86400}"#.utf8)
        let departure = try decoder.decode(Departure.self, from: data)
        #expect(departure == Departure(flightCode: "PG1", leaves: Date(timeIntervalSince1970: 86400)))

        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let written: Data = try encoder.encode(departure)
        let bytes: [UInt8] = try encoder.encode(departure)
        let value: JSON = try encoder.encode(departure)
        #expect(Array(written) == bytes)
        #expect(value["flight_code"].string == "PG1")
    }

    @Test func migratingStrictInput() throws {
        let decoder = JSON.Decoder()
        let error = #expect(throws: DecodingError.self) { try decoder.decode([Int].self, from: "[1, 2,]") }
        #expect(error?.kindName == "dataCorrupted")
        #expect(error?.parseError?.kind == .trailingComma)
        decoder.parseOptions = .init(allowTrailingCommas: true)
        #expect(try decoder.decode([Int].self, from: "[1, 2,]") == [1, 2])
        decoder.allowsJSON5 = true
        #expect(try decoder.decode([Int].self, from: "[1, 0x2,]") == [1, 2])
    }

    @Test func migratingDuplicateKeysAndErrors() throws {
        #expect(try JSON.Decoder().decode([String: Int].self, from: #"{"a": 1, "a": 2}"#) == ["a": 2])
        let error = #expect(throws: DecodingError.self) {
            try JSON.Decoder().decode(Flight.self, from: #"{"code": "PG1", "stops": ["LHR", 7]}"#)
        }
        #expect(error?.kindName == "typeMismatch")
        #expect(error?.context?.debugDescription == "$.stops[1] (line 1, column 34, offset 33): expected String, found number 7")
    }

    @Test func migratingFoundationLayout() throws {
        let flight = Flight(code: "PG1", stops: [])
        let encoder = JSON.Encoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let ours: [UInt8] = try encoder.encode(flight)
        #expect(String(decoding: ours, as: UTF8.self) == "{\n  \"code\": \"PG1\",\n  \"stops\": []\n}")
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .foundationLayout]
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.prettyPrinted, .sortedKeys]
        #expect(try encoder.encode(flight) == foundation.encode(flight))
        encoder.outputFormatting = [.keepsWholeNumberFractions]
        #expect(try encoder.encode([1.0]) == Data("[1.0]".utf8))
    }

    enum Zero: DefaultValue { static var defaultValue: Int { 0 } }
    struct Profile: Codable {
        var id: Int
        @Default<Zero> var followers: Int
        @Lossy var tags: [Int]
    }

    @Test func migratingLeniencyAndReport() throws {
        let decoder = JSON.Decoder()
        decoder.leniency = [.numbersFromStrings]
        let (profile, report) = try decoder.decodeWithReport(Profile.self, from: #"{"id": "7", "tags": [1, "two", 3]}"#)
        #expect(profile.id == 7 && profile.followers == 0 && profile.tags == [1, 3])
        #expect(report.events.map(\.kind) == [.coerced, .defaulted, .dropped])
        #expect(report.events.map(\.description) == [
            #"$.id (line 1, column 8, offset 7): coerced string "7" to Int"#,
            "$.followers is missing: took the default",
            #"$.tags[1] dropped: $.tags[1] (line 1, column 25, offset 24): expected Int, found string "two""#,
        ])
    }

    // MARK: UntrustedInput.md

    @Test func untrustedSecureEverywhere() throws {
        struct Order: Codable, Equatable { var id: Int }
        let body = Array(#"{"id": 7}"#.utf8)
        #expect(try JSON(parsing: body, options: .secure) == ["id": 7])
        #expect(try JSON.Document(parsing: body, options: .secure).root["id"].int == 7)
        let decoder = JSON.Decoder()
        decoder.parseOptions = .secure
        #expect(try decoder.decode(Order.self, from: body) == Order(id: 7))
        var tight = JSON.ParseOptions.secure
        tight.maxInputBytes = 64 * 1024
        tight.maxDepth = 16
        let deep = #expect(throws: JSON.ParseError.self) { try JSON(parsing: String(repeating: "[", count: 17), options: tight) }
        #expect(deep?.kind == .tooDeep && deep?.offset == 16)
    }

    @Test func untrustedSecureLimits() {
        let secure = JSON.ParseOptions.secure
        #expect(secure.maxDepth == 64 && secure.maxInputBytes == 16 << 20 && secure.maxStringBytes == 1 << 20)
        #expect(secure.maxObjectMembers == 10_000 && secure.duplicateKeys == .reject)
        #expect(secure.rejectNUL && secure.rejectNoncharacters)
        let defaults = JSON.ParseOptions()
        #expect(defaults.maxDepth == 512 && defaults.maxInputBytes == .max && defaults.maxDecompressedBytes == 256 << 20)
        #expect(JSON.maxValueDepth == 1_024)
        let nul = #expect(throws: JSON.ParseError.self) { try JSON(parsing: #"["a\u0000"]"#, options: .secure) }
        #expect(nul?.kind == .nulCharacter)
        let long = #expect(throws: JSON.ParseError.self) {
            try JSON(parsing: "[1, \"" + String(repeating: "a", count: 10) + "\"]", options: .init(maxStringBytes: 8))
        }
        #expect(long?.kind == .stringTooLong && long?.offset == 4)
    }

    @Test func untrustedDuplicateKeys() {
        let error = #expect(throws: JSON.ParseError.self) {
            try JSON(parsing: #"{"amount": 1, "amount": 1000000}"#, options: .secure)
        }
        #expect(error?.kind == .duplicateKey)
        #expect(error?.offset == 14)
        // Canonically equivalent, but different scalars: different keys.
        #expect(throws: Never.self) { try JSON(parsing: "{\"\u{E9}\": 1, \"e\u{301}\": 2}", options: .secure) }
    }

    @Test func untrustedGzipBomb() throws {
        let bomb = try JSON.string(String(repeating: " ", count: 4 << 20)).serialized(options: [.gzip])
        #expect(bomb.count < 8 * 1024)
        let inflated = #expect(throws: JSON.ParseError.self) { try JSON(parsing: bomb, options: .init(maxDecompressedBytes: 1 << 20)) }
        #expect(inflated?.kind == .decompressedTooLarge)
        let input = #expect(throws: JSON.ParseError.self) { try JSON(parsing: bomb, options: .init(maxInputBytes: 1 << 20)) }
        #expect(input?.kind == .inputTooLarge)
        let broken = #expect(throws: JSON.ParseError.self) { try JSON(parsing: [0x1F, 0x8B, 0x08]) }
        #expect(broken?.kind == .invalidCompressedData && broken?.line == 0 && broken?.column == 0)
    }

    @Test func untrustedErrorPosition() {
        let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: "[1,\n 2,\n 3 4]", options: .secure) }
        #expect(error?.line == 3 && error?.column == 4 && error?.offset == 11)
        #expect(error.map { "\($0)" } == "3:4: expected ',' or ']' after an array element, found '4'\n   3 4]\n     ^")
    }

    // MARK: BinaryFormat.md

    @Test func binaryJSONValues() throws {
        let value = try JSON(parsing: #"{"id": 1, "big": 18446744073709551615, "ratio": -0.0}"#)
        let packed = try value.binaryEncoded()
        let back = try JSON(binary: packed)
        #expect(back == value)
        #expect(try back.serializedString() == #"{"id":1,"big":18446744073709551615,"ratio":-0.0}"#)
        #expect(Binary.isBinary(packed))
        #expect(!Binary.isBinary(Array("{}".utf8)))

        let graph = try JSON(parsing: #"{"owner": {"$class": "Person", "name": "Ann"}, "pet": {"owner": {"$alias": "owner"}}}"#)
        let records = try graph.binaryEncoded(bootstrapping: true)
        let summary = try Binary.Summary(of: records)
        #expect(summary.recordTypes == ["Person": 1] && summary.sharedCount == 1 && summary.referenceCount == 1)
    }

    @Test func binaryValues() throws {
        let point: Binary.Value = .record(type: "Point", fields: [
            .init(key: "x", value: .number(.init(1))),
            .init(key: "seen", value: .date(Date(timeIntervalSince1970: 0))),
        ])
        let bytes = try point.encoded()
        #expect(try Binary.Value(decoding: bytes) == point)
        #expect(try JSON(binary: bytes) == ["$class": "Point", "x": 1, "seen": "1970-01-01T00:00:00.000Z"])
    }

    struct Person: Codable, Equatable { var name: String }

    @Test func binaryModels() throws {
        struct Timeline: Codable, Equatable { var ids: [Int]; var updated: Date; var source: URL }
        let source = try #require(URL(string: "https://example.com/feed"))
        let timeline = Timeline(ids: [1, 2], updated: Date(timeIntervalSince1970: 5), source: source)
        let packed: [UInt8] = try Binary.Encoder().encode(timeline)
        #expect(try Binary.Decoder().decode(Timeline.self, from: packed) == timeline)

        let records = try JSON(parsing: #"{"owner": {"$class": "Person", "name": "Ann"}}"#).binaryEncoded(bootstrapping: true)
        var decoder = Binary.Decoder()
        decoder.registry.register(Person.self, as: "Person")
        let owner = (try decoder.decodeGraph(from: records) as? [String: Any])?["owner"] as? Person
        #expect(owner == Person(name: "Ann"))
    }

    @Test func binaryHostileFiles() throws {
        let records = try JSON(parsing: #"{"owner": {"$class": "Person", "name": "Ann"}}"#).binaryEncoded(bootstrapping: true)
        let refused = #expect(throws: Binary.DecodingError.self) { try Binary.Value(decoding: records, limits: .plainData) }
        #expect(refused?.kind == .recordNotAllowed)
        var decoder = Binary.Decoder()
        decoder.limits = Binary.DecodingLimits(maxDepth: 64, plainData: true)
        let wrapped = #expect(throws: DecodingError.self) { try decoder.decode([String: Person].self, from: records) }
        #expect((wrapped?.context?.underlyingError as? Binary.DecodingError)?.kind == .recordNotAllowed)

        let truncated = Array(records.dropLast())
        let error = #expect(throws: Binary.DecodingError.self) { try JSON(binary: truncated) }
        #expect(error?.kind == .truncated && error?.offset == truncated.count)
        #expect(Binary.DecodingLimits() == Binary.DecodingLimits(
            maxDepth: 512, maxValues: 50_000_000, maxStringBytes: 256 << 20, maxOutputBytes: 256 << 20, maxCount: 50_000_000))
    }

    // MARK: StreamingLargeFiles.md

    /// A file in the temporary directory holding `bytes`, removed by `body`'s end.
    private func withFile(_ bytes: [UInt8], _ body: (URL) throws -> Void) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("peregrine-article-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(bytes).write(to: url)
        try body(url)
    }

    struct User: Codable, Equatable { var id: Int }

    @Test func streamingLines() throws {
        try withFile(Array("{\"id\": 1}\nbad\n\n{\"id\": 3}\n".utf8)) { url in
            var values: [JSON] = []
            var errors: [String] = []
            for line in try JSON.LineReader(contentsOf: url) {
                switch line.result {
                case .success(let event): values.append(event)
                case .failure(let error): errors.append("\(error)")
                }
            }
            #expect(values == [["id": 1], ["id": 3]])
            #expect(errors.count == 1 && errors[0].hasPrefix("line 2: 1:1: expected a value, found 'b'"))
            let stopped = #expect(throws: JSON.LineError.self) {
                try JSON.LineReader(contentsOf: url).decode(User.self).map { try $0.get() }
            }
            #expect(stopped?.line == 2)
        }
        try withFile(Array("{\"id\": 1}\n{\"id\": 2}".utf8)) { url in
            let users = try JSON.LineReader(contentsOf: url).decode(User.self).map { try $0.get() }
            #expect(users == [User(id: 1), User(id: 2)])
        }
        // gzip is inflated on the way.
        let gzipped = try (["id": 5] as JSON).serialized(options: [.gzip])
        #expect(JSON.LineReader(bytes: gzipped).compactMap { try? $0.get() } == [["id": 5]])
    }

    @Test func streamingAsyncLines() async throws {
        let chunks = AsyncStream<[UInt8]> { continuation in
            continuation.yield(Array("{\"id\": 1}\n{\"i".utf8))
            continuation.yield(Array("d\": 2}\n[\n".utf8))
            continuation.finish()
        }
        var users: [User] = []
        var failed: [Int] = []
        for try await line in JSON.AsyncLines(chunks, decoding: User.self) {
            if case .success(let user) = line.result { users.append(user) } else { failed.append(line.number) }
        }
        #expect(users == [User(id: 1), User(id: 2)] && failed == [3])
    }

    @Test func streamingValidateLines() throws {
        let bytes = Array("[1]\n{\"a\": 1,}\n\"ok\"\n{\"a\" 2}\n".utf8)
        let result = JSON.validateLines(bytes)
        #expect(result.lineCount == 4)
        #expect(result.errors.map(\.line) == [2, 4])
        try withFile(bytes) { url in
            var errors: [JSON.LineError] = []
            let lines = try JSON.validateLines(fileHandle: FileHandle(forReadingFrom: url)) { error in
                errors.append(error)
            }
            #expect(lines == 4 && errors.map(\.line) == [2, 4])
            #expect("\(errors[1])".hasPrefix("line 4: 1:6: "))
        }
    }

    @Test func streamingStreamReader() throws {
        try withFile(Array("{\"a\": 1,\n \"b\": [2, 3]}".utf8)) { url in
            var reader = try JSON.StreamReader(contentsOf: url)
            var members: [JSON.StreamReader.Element] = []
            while let element = try reader.next() { members.append(element) }
            #expect(reader.isObject)
            #expect(members.map(\.key) == ["a", "b"] && members.map(\.value) == [1, [2, 3]])
            #expect(members.map(\.offset) == [1, 10])
        }
        try withFile(Array("[1,\n 2,\n {\"x\": }]".utf8)) { url in
            var reader = try JSON.StreamReader(contentsOf: url)
            #expect(try reader.next()?.value == 1)
            #expect(try reader.next()?.value == 2)
            let error = #expect(throws: JSON.StreamError.self) { try reader.next() }
            #expect(error?.line == 3 && error?.offset == 15 && error?.parseError?.kind == .unexpectedCharacter)
            #expect(try reader.next() == nil)
        }
        // gzip is inflated on the way; validateRest only scans.
        try withFile(try ([1, [2], ["three": 3]] as JSON).serialized(options: [.gzip])) { url in
            var reader = try JSON.StreamReader(contentsOf: url, options: .secure, maxElementBytes: 1 << 20)
            #expect(try reader.next()?.value == 1)
            try reader.validateRest()
        }
    }

    @Test func streamingLimits() throws {
        let long = Array(("[" + String(repeating: "1,", count: 100) + "1]\n2\n").utf8)
        let lines = JSON.LineReader(bytes: long, options: .secure, maxLineBytes: 64).map { $0 }
        #expect(lines.map(\.number) == [1, 2])
        let tooLong = try #require(lines.first.flatMap { line -> JSON.LineTooLong? in
            guard case .failure(let error) = line.result else { return nil }
            return error.error as? JSON.LineTooLong
        })
        #expect(tooLong.length == 203 && tooLong.limit == 64)
        #expect(try lines[1].get() == 2)
        try withFile(Array(#"[1, "a long string"]"#.utf8)) { url in
            var reader = try JSON.StreamReader(contentsOf: url, options: .secure, maxElementBytes: 4)
            let error = #expect(throws: JSON.StreamError.self) { while try reader.next() != nil {} }
            #expect(error?.offset == 4 && error?.line == 1)
        }
    }
}
