import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// The per-property options (`@Key` paths, `@Defaulted`, `@Ignored`): the
/// generated path, the `Codable` path the macro writes, and Foundation's
/// coders give the same values and errors.
@Suite struct PropertyOptionTests {
    static let paths = """
        {"id": 1, "user": {"profile": {"id": 2, "name": "Ada"}, "handle": "ada", "level": 3},
         "a.b": 4, "retries": 5, "cache": [9], "meta": {"score": 1.5}, "tags": ["t"]}
        """

    /// `value` decoded by Foundation's `JSONDecoder` from `text`, as a summary.
    func foundation<T: Decodable>(_ type: T.Type, _ text: String) -> String {
        do { return "\(try JSONDecoder().decode(type, from: Data(text.utf8)))" } catch { return "error" }
    }

    @Test func keyPathsRead() throws {
        #expect(expectSameDecoding(Paths.self, Self.paths) == nil)
        let value = try JSON.Decoder().decode(Paths.self, from: Self.paths)
        #expect(value.userID == 2 && value.name == "Ada" && value.handle == "ada" && value.level == 3)
        #expect(value.dotted == 4 && value.retries == 5 && value.cache == [1] && value.score == 1.5 && value.tags == ["t"])
        #expect(try JSONDecoder().decode(Paths.self, from: Data(Self.paths.utf8)) == value)
    }

    /// Every value of the payload replaced by each other kind of value, and
    /// every member removed: both paths agree, and Foundation agrees on the values.
    @Test func everyMutationOfThePayload() throws {
        let base = try JSON(parsing: Self.paths)
        let replacements: [JSON] = [.null, "text", 1.5, -1, true, [], ["id": 1], ["x": 1]]
        var errors = 0
        for text in try payloadMutations(of: base, replacing: replacements) {
            if expectSameDecoding(Paths.self, text) != nil { errors += 1 }
            if let value = try? JSON.Decoder().decode(Paths.self, from: text) {
                #expect(try JSONDecoder().decode(Paths.self, from: Data(text.utf8)) == value, "\(text)")
            } else {
                #expect(throws: DecodingError.self) { try JSONDecoder().decode(Paths.self, from: Data(text.utf8)) }
            }
        }
        #expect(errors > 40)
    }

    @Test func missingAndNullObjectsOnTheWay() throws {
        // Optional and defaulted members below a missing or `null` object are nil or their default.
        let missing = expectSameDecoding(Paths.self, #"{"id": 1, "user": {"handle": "h"}}"#)
        #expect(missing?.hasPrefix("keyNotFound(profile) [user#-]") == true, "\(missing ?? "")")
        let null = expectSameDecoding(Paths.self, #"{"id": 1, "user": {"handle": "h", "profile": null}}"#)
        #expect(null?.hasPrefix("valueNotFound(Dictionary<String, Any>) [user#-/profile#-]") == true, "\(null ?? "")")
        let noUser = expectSameDecoding(Paths.self, #"{"id": 1}"#)
        #expect(noUser?.hasPrefix("keyNotFound(user) []") == true, "\(noUser ?? "")")
        let notObject = expectSameDecoding(Paths.self, #"{"id": 1, "user": [1]}"#)
        #expect(notObject?.hasPrefix("typeMismatch(Dictionary<String, Any>) [user#-]") == true, "\(notObject ?? "")")
        let value = try JSON.Decoder().decode(Paths.self, from: #"{"id": 1, "user": {"handle": "h", "profile": {"id": 5}}, "meta": null}"#)
        #expect(value.name == nil && value.score == nil && value.level == 1 && value.retries == 7 && value.tags == ["x"])
        // The first error in declaration order.
        let first = expectSameDecoding(Paths.self, #"{"id": "x", "user": 1}"#)
        #expect(first?.hasPrefix("typeMismatch(Dictionary<String, Any>) [user#-]") == true, "\(first ?? "")")
        let deep = expectSameDecoding(Paths.self, "{\"id\": 1,\n \"user\": {\"handle\": \"h\", \"profile\": {\"id\": \"2\"}}}")
        #expect(deep?.contains("[user#-/profile#-/id#-] $.user.profile.id (line 2, column ") == true, "\(deep ?? "")")
    }

    @Test func keyStrategiesApplyToEveryName() throws {
        let snake = JSON.Decoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let text = #"{"id": 1, "user": {"profile": {"id": 2}, "handle": "h"}, "a.b": 3, "retries": 4}"#
        #expect(expectSameDecoding(Paths.self, text, decoder: snake) == nil)
        expectSameDecoding(Paths.self, #"{"id": 1, "user": {"pro_file": {"id": 2}, "handle": "h"}}"#, decoder: snake)
        let custom = JSON.Decoder()
        custom.keyDecodingStrategy = .custom { path in AnyKey(path.last.map { $0.stringValue.lowercased() } ?? "") }
        let upper = #"{"ID": 1, "USER": {"PROFILE": {"ID": 2}, "HANDLE": "h", "LEVEL": null}, "A.B": 3}"#
        #expect(expectSameDecoding(Paths.self, upper, decoder: custom) == nil)
        #expect(try custom.decode(Paths.self, from: upper).userID == 2)
        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        expectSameEncoding(try JSON.Decoder().decode(Paths.self, from: Self.paths), encoder: encoder)
    }

    @Test func duplicateKeysFollowThePolicy() throws {
        for policy in [JSON.ParseOptions.DuplicateKeyPolicy.lastWins, .firstWins, .reject] {
            let decoder = JSON.Decoder()
            decoder.parseOptions.duplicateKeys = policy
            let text = #"{"id": 1, "user": {"profile": {"id": 2}, "handle": "h"}, "user": {"profile": {"id": 3}, "handle": "i"}, "retries": null}"#
            expectSameDecoding(Paths.self, text, decoder: decoder)
            expectSameDecoding(Paths.self, #"{"id": 1, "user": {"profile": {"id": 2, "id": "x"}, "handle": "h"}}"#, decoder: decoder)
        }
    }

    @Test func defaultsAreReported() throws {
        let decoder = JSON.Decoder()
        for text in [#"{}"#, #"{"count": null, "note": null, "profile": null}"#, #"{"count": 2, "note": "n", "profile": {"name": "a", "ids": []}}"#] {
            #expect(expectSameDecoding(Defaults.self, text, decoder: decoder) == nil)
            let (value, report) = try decoder.decodeWithReport(Defaults.self, from: text)
            let (codable, codableReport) = try decoder.decodeWithReport(CodablePath<Defaults>.self, from: text)
            #expect(value == codable.value && "\(report)" == "\(codableReport)")
            #expect(try JSONDecoder().decode(Defaults.self, from: Data(text.utf8)) == value)
        }
        let (value, report) = try decoder.decodeWithReport(Defaults.self, from: #"{"count": null}"#)
        #expect(value == Defaults(count: 0, note: "none", profile: Profile(name: "none", age: nil, ids: [])))
        #expect(report.events.map(\.description) == [
            "$.count is null: took the default", "$.note is missing: took the default", "$.profile is missing: took the default",
        ])
        // A value of another type is still an error.
        #expect(expectSameDecoding(Defaults.self, #"{"count": "1"}"#)?.hasPrefix("typeMismatch(Int) [count#-]") == true)
        let (_, nested) = try decoder.decodeWithReport(Paths.self, from: #"{"id": 1, "user": {"profile": {"id": 2}, "handle": "h"}}"#)
        #expect(nested.events.map(\.description) == [
            "$.retries is missing: took the default", "$.user.level is missing: took the default", "$.tags is missing: took the default",
        ])
        let (_, codableNested) = try decoder.decodeWithReport(CodablePath<Paths>.self, from: #"{"id": 1, "user": {"profile": {"id": 2}, "handle": "h"}}"#)
        #expect("\(nested)" == "\(codableNested)")
    }

    @Test func ignoredPropertiesKeepTheirValue() throws {
        let text = #"{"kept": 1, "skipped": "remote", "later": 2}"#
        #expect(expectSameDecoding(Skips.self, text) == nil)
        #expect(try JSON.Decoder().decode(Skips.self, from: text) == Skips(kept: 1, skipped: "local", later: nil))
        #expect(try JSONDecoder().decode(Skips.self, from: Data(text.utf8)) == Skips(kept: 1, skipped: "local", later: nil))
        let written: [UInt8] = try JSON.Encoder().encode(Skips(kept: 2, skipped: "x", later: 3))
        #expect(String(decoding: written, as: UTF8.self) == #"{"kept":2}"#)
        expectSameEncoding(Skips(kept: 2, skipped: "x", later: 3))
    }

    @Test func classesWithOptions() throws {
        for text in [#"{"inner": {"value": 3}, "label": "l"}"#, #"{"inner": {}}"#, #"{"inner": null, "label": null}"#, #"{"inner": {"value": "x"}}"#] {
            expectSameDecoding(Node.self, text)
        }
        let node = try JSON.Decoder().decode(Node.self, from: #"{"inner": {"value": 3}}"#)
        #expect(node.value == 3 && node.label == "?")
        expectSameEncoding(node)
    }

    @Test func keyPathsWriteSharedNestedObjects() throws {
        let value = try JSON.Decoder().decode(Paths.self, from: Self.paths)
        let written: [UInt8] = try JSON.Encoder().encode(value)
        #expect(
            String(decoding: written, as: UTF8.self)
                == #"{"id":1,"user":{"profile":{"id":2,"name":"Ada"},"handle":"ada","level":3},"a.b":4,"retries":5,"meta":{"score":1.5},"tags":["t"]}"#)
        for formatting: JSON.Encoder.OutputFormatting in [[], .prettyPrinted, .sortedKeys, [.prettyPrinted, .sortedKeys]] {
            expectSameEncoding(value, encoder: GeneratedEncodingTests.encoder(formatting))
        }
        var sparse = value
        sparse.name = nil
        sparse.score = nil
        expectSameEncoding(sparse)
        // Foundation's encoder writes the same members, and both read back.
        let foundation = try JSONEncoder().encode(sparse)
        #expect(try JSON(parsing: foundation) == JSON(parsing: try JSON.Encoder().encode(sparse) as [UInt8]))
        #expect(try JSON.Decoder().decode(Paths.self, from: foundation) == sparse)
        var infinite = value
        infinite.score = .infinity
        expectSameEncoding(infinite)
        let error = #expect(throws: EncodingError.self) { try JSON.Encoder().encode(infinite) as [UInt8] }
        #expect(error.map(summary(of:))?.contains("[meta/score]") == true)
    }

    /// A nested object after the output became a tree goes through the
    /// closure the macro writes, with the same result.
    @Test func keyPathsAfterTheOutputTurnsIntoATree() throws {
        let value = TwiceThenPath(twice: Twice(), x: 1.5, y: 2)
        expectSameEncoding(value)
        expectSameEncoding(TwiceThenPath(twice: Twice(), x: .nan, y: nil))
        let written: [UInt8] = try JSON.Encoder().encode(value)
        #expect(String(decoding: written, as: UTF8.self) == #"{"twice":{"a":2},"deep":{"inner":{"x":1.5},"y":2}}"#)
    }

    static let lossy = """
        {"ids": [1, "2", 3, null, 4.5], "profiles": [{"name": "a", "ids": []}, {"ids": []}, 1],
         "counts": {"a": 1, "b": "x", "c": null, "d": 2}, "weights": [1, "w"], "nested": {"list": ["s", 1]}}
        """

    @Test func lossyCollectionsDropWhatFails() throws {
        #expect(expectSameDecoding(LossyLists.self, Self.lossy) == nil)
        let decoder = JSON.Decoder()
        let (value, report) = try decoder.decodeWithReport(LossyLists.self, from: Self.lossy)
        #expect(value.ids == [1, 3] && value.profiles?.map(\.name) == ["a"] && value.counts == ["a": 1, "d": 2])
        #expect(value.weights == [1] && value.nested == ["s"])
        let (_, codableReport) = try decoder.decodeWithReport(CodablePath<LossyLists>.self, from: Self.lossy)
        #expect("\(report)" == "\(codableReport)")
        let dropped = report.events.filter { $0.kind == .dropped }.map(\.path)
        #expect(dropped.sorted() == ["$.counts.b", "$.counts.c", "$.ids[1]", "$.ids[3]", "$.ids[4]", "$.nested.list[1]", "$.profiles[1]", "$.profiles[2]", "$.weights[1]"])
        #expect(try JSONDecoder().decode(LossyLists.self, from: Data(Self.lossy.utf8)) == value)
        // Missing or `null`: empty, nil, or the default.
        for text in ["{}", #"{"ids": null, "profiles": null, "counts": null, "weights": null, "nested": null}"#, #"{"nested": {}}"#] {
            #expect(expectSameDecoding(LossyLists.self, text) == nil)
            #expect(try JSON.Decoder().decode(LossyLists.self, from: text) == LossyLists(ids: [], profiles: nil, counts: [:], weights: [1.5], nested: []))
        }
        // Not a collection at all is still an error.
        for text in [#"{"ids": 1}"#, #"{"counts": []}"#, #"{"nested": 1}"#, #"{"nested": {"list": "s"}}"#] {
            #expect(expectSameDecoding(LossyLists.self, text) != nil)
        }
        let snake = JSON.Decoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let keys = #"{"ids": [], "counts": {"a_b": 1, "c_d": "x"}}"#
        #expect(expectSameDecoding(LossyLists.self, keys, decoder: snake) == nil)
        #expect(try snake.decode(LossyLists.self, from: keys).counts == ["a_b": 1])
        for policy in [JSON.ParseOptions.DuplicateKeyPolicy.lastWins, .firstWins] {
            let decoder = JSON.Decoder()
            decoder.parseOptions.duplicateKeys = policy
            expectSameDecoding(LossyLists.self, #"{"counts": {"a": 1, "a": "x", "b": "y", "b": 2}}"#, decoder: decoder)
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            expectSameDecoding(LossyLists.self, #"{"counts": {"a": 1, "a": "x", "b": "y", "b": 2}}"#, decoder: decoder)
        }
        expectSameEncoding(value)
    }

    @Test func dateStrategiesPerProperty() throws {
        let text = #"{"start": "2024-01-02T03:04:05Z", "end": 1704164645000, "seen": 10, "meta": {"created": 5}, "plain": 7}"#
        #expect(expectSameDecoding(Dated.self, text) == nil)
        let value = try JSON.Decoder().decode(Dated.self, from: text)
        #expect(value.start == Date(timeIntervalSince1970: 1_704_164_645) && value.end == value.start)
        #expect(value.seen == Date(timeIntervalSince1970: 10) && value.created == Date(timeIntervalSinceReferenceDate: 5))
        #expect(value.plain == Date(timeIntervalSinceReferenceDate: 7))
        #expect(try JSONDecoder().decode(Dated.self, from: Data(text.utf8)) == value)
        // The decoder's own strategy applies to the other dates only.
        let iso = JSON.Decoder()
        iso.dateDecodingStrategy = .iso8601
        let mixed = #"{"start": "2024-01-02T03:04:05Z", "meta": {"created": 5}, "plain": "2024-01-02T03:04:05Z"}"#
        #expect(expectSameDecoding(Dated.self, mixed, decoder: iso) == nil)
        #expect(try iso.decode(Dated.self, from: mixed).plain == value.start)
        // Broken dates: the same errors, with the position.
        let broken = expectSameDecoding(Dated.self, #"{"start": "yesterday", "meta": {"created": 5}}"#)
        #expect(broken?.hasPrefix("dataCorrupted [start#-] $.start (line 1, column 11") == true, "\(broken ?? "")")
        for text in [#"{"start": 5, "meta": {"created": 5}}"#, #"{"start": "2024-01-02T03:04:05Z", "end": "x", "meta": {"created": 5}}"#,
                     #"{"start": "2024-01-02T03:04:05Z", "meta": {"created": "5"}}"#, #"{"start": "2024-01-02T03:04:05Z", "seen": null, "meta": {}}"#] {
            #expect(expectSameDecoding(Dated.self, text) != nil)
        }
        #expect(try JSON.Decoder().decode(Dated.self, from: #"{"start": "2024-01-02T03:04:05Z", "seen": null, "meta": {"created": 1}}"#).seen
            == Date(timeIntervalSince1970: 0))
        // Written in their formats, whatever the encoder's strategy.
        let written: [UInt8] = try JSON.Encoder().encode(value)
        #expect(String(decoding: written, as: UTF8.self)
            == #"{"start":"2024-01-02T03:04:05Z","end":1704164645000,"seen":10,"meta":{"created":5},"plain":7}"#)
        let encoder = JSON.Encoder()
        encoder.dateEncodingStrategy = .iso8601
        expectSameEncoding(value)
        expectSameEncoding(value, encoder: encoder)
        let foundation = try JSONEncoder().encode(value)
        #expect(try JSON.Decoder().decode(Dated.self, from: foundation) == value)
    }

    @Test func unknownMembersSurviveARoundTrip() throws {
        let text = #"{"x": [1, {"a": 2}], "id": 1, "user": {"name": "a", "age": 3}, "y": null, "z\u00e9": 1.5}"#
        #expect(expectSameDecoding(Open.self, text) == nil)
        let value = try JSON.Decoder().decode(Open.self, from: text)
        #expect(value.extra == ["x": [1, ["a": 2]], "y": .null, "zé": 1.5, "user": ["age": 3]])
        let written: [UInt8] = try JSON.Encoder().encode(value)
        #expect(String(decoding: written, as: UTF8.self) == #"{"id":1,"user":{"name":"a","age":3},"x":[1,{"a":2}],"y":null,"zé":1.5}"#)
        #expect(try JSON.Decoder().decode(Open.self, from: written) == value)
        for formatting: JSON.Encoder.OutputFormatting in [[], .prettyPrinted, .sortedKeys] {
            expectSameEncoding(value, encoder: GeneratedEncodingTests.encoder(formatting))
        }
        // A member the model names is not written twice.
        var clash = value
        clash.extra["id"] = 9
        expectSameEncoding(clash)
        #expect(String(decoding: try JSON.Encoder().encode(clash) as [UInt8], as: UTF8.self).hasPrefix(#"{"id":1,"#))
        // Foundation: the same members (objects compare regardless of order: its keyed containers have none).
        #expect(try JSONDecoder().decode(Open.self, from: Data(text.utf8)) == value)
        #expect(try JSON(parsing: JSONEncoder().encode(value)) == JSON(parsing: written))
        // Errors, duplicates, strategies, a model with only a collector.
        for broken in ["[]", #"{"id": "1", "q": 1}"#, #"{"q": 1}"#] { #expect(expectSameDecoding(Open.self, broken) != nil) }
        for policy in [JSON.ParseOptions.DuplicateKeyPolicy.lastWins, .firstWins] {
            let decoder = JSON.Decoder()
            decoder.parseOptions.duplicateKeys = policy
            let repeated = #"{"id": 1, "q": 1, "id": 2, "q": 2, "r": 3, "q": 3}"#
            #expect(expectSameDecoding(Open.self, repeated, decoder: decoder) == nil)
            #expect(try decoder.decode(Open.self, from: repeated).extra == ["q": policy == .firstWins ? 1 : 3, "r": 3])
        }
        let snake = JSON.Decoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let snakeText = #"{"id": 1, "new_field": 2, "user": {"name": "n"}}"#
        #expect(expectSameDecoding(Open.self, snakeText, decoder: snake) == nil)
        #expect(try snake.decode(Open.self, from: snakeText).extra == ["new_field": 2])
        for bag in ["{}", #"{"a": 1, "b": [true]}"#, "1"] { expectSameDecoding(Bag.self, bag) }
        expectSameEncoding(try JSON.Decoder().decode(Bag.self, from: #"{"a": 1, "b": [true]}"#))
        let tree = TwiceThenUnknown(twice: Twice(), extra: ["k": [1, "v"], "twice": 0])
        expectSameEncoding(tree)
        #expect(String(decoding: try JSON.Encoder().encode(tree) as [UInt8], as: UTF8.self) == #"{"twice":{"a":2},"k":[1,"v"]}"#)
    }

    static let nested = #"{"z": 3, "a": {"b": {"c": 1, "x": 1}, "y": [2], "d": "s"}, "e": {"f": {"g": true}}}"#

    /// The members of key paths' nested objects that no property names are
    /// kept under the paths' names and written back into those objects.
    @Test func unknownMembersOfNestedObjects() throws {
        let value = try JSON.Decoder().decode(OpenPaths.self, from: Self.nested)
        #expect(value.c == 1 && value.d == "s")
        #expect(value.extra == ["z": 3, "a": ["b": ["x": 1], "y": [2]]])
        let written: [UInt8] = try JSON.Encoder().encode(value)
        #expect(String(decoding: written, as: UTF8.self) == #"{"a":{"b":{"c":1,"x":1},"d":"s","y":[2]},"e":{"f":{"g":true}},"z":3}"#)
        #expect(try JSON.Decoder().decode(OpenPaths.self, from: written) == value)
        #expect(expectSameDecoding(OpenPaths.self, Self.nested) == nil)
        for encoder in SortedAndConvertedKeysTests.encoders { expectSameEncoding(value, encoder: encoder) }
        // Foundation: the same members, the same JSON.
        #expect(try JSONDecoder().decode(OpenPaths.self, from: Data(Self.nested.utf8)) == value)
        #expect(try JSON(parsing: JSONEncoder().encode(value)) == JSON(parsing: written))
        // Binary: both paths, both ways.
        let packed = try #require(expectSameBinaryEncoding(value))
        #expect(expectSameBinaryDecoding(OpenPaths.self, packed) == nil)
        #expect(try Binary.Decoder().decode(OpenPaths.self, from: packed) == value)
        // Missing, null and broken nested objects; every mutation agrees on both paths.
        for text in [#"{"a": {"b": {"c": 1}}}"#, #"{"a": {"b": {"c": 1}}, "e": null}"#, #"{"a": {"b": 1}}"#, #"{"a": {"b": {"c": 1}}, "e": {"f": 2}}"#] {
            expectSameDecoding(OpenPaths.self, text)
        }
        #expect(try JSON.Decoder().decode(OpenPaths.self, from: #"{"a": {"b": {"c": 1}}, "e": null}"#).extra == [:])
        let base = try JSON(parsing: Self.nested)
        for text in try payloadMutations(of: base, replacing: [.null, "t", 1, [], ["q": 1]]) {
            expectSameDecoding(OpenPaths.self, text)
        }
        // Names as written (after the key strategy, as members are found), under the model's path names.
        let snake = JSON.Decoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let snakeText = #"{"a": {"b": {"c": 1, "new_field": 2}}}"#
        #expect(expectSameDecoding(OpenPaths.self, snakeText, decoder: snake) == nil)
        #expect(try snake.decode(OpenPaths.self, from: snakeText).extra == ["a": ["b": ["new_field": 2]]])
        for policy in [JSON.ParseOptions.DuplicateKeyPolicy.lastWins, .firstWins] {
            let decoder = JSON.Decoder()
            decoder.parseOptions.duplicateKeys = policy
            let repeated = #"{"a": {"b": {"c": 1, "q": 1, "q": 2}, "b": {"c": 2, "r": 3}}}"#
            #expect(expectSameDecoding(OpenPaths.self, repeated, decoder: decoder) == nil)
        }
        // Something other than an object where a nested object is, or a name the model's object names: left out.
        var odd = value
        odd.extra["a"] = 5
        odd.extra["e"] = ["f": "not an object"]
        expectSameEncoding(odd)
        #expect(String(decoding: try JSON.Encoder().encode(odd) as [UInt8], as: UTF8.self) == #"{"a":{"b":{"c":1},"d":"s"},"e":{"f":{"g":true}},"z":3}"#)
        // After a value that turns the output into a tree.
        let tree = TwiceThenOpenPath(twice: Twice(), x: 1, extra: ["deep": ["k": 2], "top": 3])
        expectSameEncoding(tree)
        #expect(String(decoding: try JSON.Encoder().encode(tree) as [UInt8], as: UTF8.self) == #"{"twice":{"a":2},"deep":{"x":1,"k":2},"top":3}"#)
    }
}
