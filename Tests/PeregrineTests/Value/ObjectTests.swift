import Peregrine
import Testing

/// `JSON.Object` storage: small objects searched in order, larger ones
/// through their member index, both with the same semantics.
@Suite struct ObjectTests {
    @Test(arguments: [3, 16, 17, 40, 300])
    func insertLookUpReplaceAndRemove(count: Int) {
        var object = JSON.Object()
        for number in 0..<count { object["key\(number)"] = .number(.init(number)) }
        #expect(object.count == count)
        #expect(object.keys == (0..<count).map { "key\($0)" })
        for number in 0..<count { #expect(object["key\(number)"] == .number(.init(number))) }
        #expect(object["key\(count)"] == nil)
        // A copy shares the keys and values until one of them changes.
        let copy = object

        object["key0"] = "replaced"
        #expect(object.keys.first == "key0" && object["key0"] == "replaced")

        for number in stride(from: 0, to: count, by: 2) { object["key\(number)"] = nil }
        #expect(object.keys == stride(from: 1, to: count, by: 2).map { "key\($0)" })
        for number in 0..<count {
            #expect(object["key\(number)"] == (number.isMultiple(of: 2) ? nil : .number(.init(number))))
        }
        object["key0"] = true
        #expect(object.keys.last == "key0" && object["key0"] == true)
        #expect(copy.keys == (0..<count).map { "key\($0)" })
        for number in 0..<count { #expect(copy["key\(number)"] == .number(.init(number))) }
    }

    @Test(arguments: [5, 40])
    func parsedDuplicatesKeepFirstPositionAndLastValue(count: Int) throws {
        var members = (0..<count).map { "\"k\($0)\": \($0)" }
        members.append("\"k1\": \"again\"")
        members.append("\"k\(count - 1)\": \"last\"")
        members.append("\"k1\": \"final\"")
        let value = try JSON(parsing: "{" + members.joined(separator: ", ") + "}")
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.count == count)
        #expect(object.keys == (0..<count).map { "k\($0)" })
        #expect(object["k1"] == "final")
        #expect(object["k\(count - 1)"] == "last")
        #expect(object["k0"] == 0)
    }

    /// Every size up to and just past the unindexed limit, with one key
    /// repeated at every pair of positions (and none), under both policies.
    @Test(arguments: Array(1...17))
    func parsedDuplicatesAtEveryPosition(count: Int) throws {
        let names = (0..<count).map { "k\($0)" }
        for (first, second) in [(-1, -1)] + (0..<count).flatMap({ a in (a + 1..<count).map { (a, $0) } }) {
            var keys = names
            if first >= 0 { keys[second] = names[first] }
            let text = "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ",") + "}"
            for firstWins in [false, true] {
                let value = try JSON(parsing: text, options: .init(duplicateKeys: firstWins ? .firstWins : .lastWins))
                guard case .object(let object) = value else { Issue.record("not an object"); return }
                let expectedKeys = first >= 0 ? names.enumerated().filter { $0.offset != second }.map(\.element) : names
                #expect(object.keys == expectedKeys)
                if first >= 0 {
                    #expect(object[names[first]] == .number(.init(firstWins ? first : second)))
                }
            }
        }
    }

    /// Parsed objects with the same keys in the same order share the keys
    /// (and large ones one member index). Each still finds all of its
    /// members (keys short enough to be held inline and longer ones), an
    /// object that differs only in its last key (same count, same first key)
    /// finds its own, a repeated key in an object shaped like an earlier
    /// unique one is still merged by the policy, and changing one object
    /// leaves the others as they were.
    @Test(arguments: [JSON.ParseOptions.DuplicateKeyPolicy.lastWins, .firstWins], [4, 20])
    func parsedObjectsOfOneShapeShareKeysAndStayApart(policy: JSON.ParseOptions.DuplicateKeyPolicy, count: Int) throws {
        let keys = (0..<count).map { $0.isMultiple(of: 2) ? "k\($0)" : "a member name longer than sixteen bytes \($0)" }
        let last = count - 1
        var renamed = keys
        renamed[last] = "renamed"
        var repeated = keys
        repeated[last] = keys[1]
        let shapes = [keys, keys, renamed, repeated, keys]
        let text = "[" + shapes.enumerated().map { object, names in
            "{" + names.enumerated().map { "\(JSON.serializedString(escaping: $1)): \(object * 100 + $0)" }.joined(separator: ", ") + "}"
        }.joined(separator: ", ") + "]"
        guard case .array(let values) = try JSON(parsing: text, options: .init(duplicateKeys: policy)) else {
            Issue.record("not an array")
            return
        }
        var objects = values.compactMap { value -> JSON.Object? in
            guard case .object(let object) = value else { return nil }
            return object
        }
        try #require(objects.count == 5)
        for object in [0, 1, 4] {
            #expect(objects[object].keys == keys)
            for (position, key) in keys.enumerated() { #expect(objects[object][key] == .number(.init(object * 100 + position))) }
            #expect(objects[object]["renamed"] == nil)
        }
        #expect(objects[2].keys == renamed)
        #expect(objects[2]["renamed"] == .number(.init(200 + last)))
        #expect(objects[2][keys[last]] == nil)
        #expect(objects[3].keys == Array(keys.prefix(last)))
        #expect(objects[3][keys[1]] == .number(.init(policy == .firstWins ? 301 : 300 + last)))
        #expect(objects[3][keys[last]] == nil)

        objects[1]["added"] = true
        objects[1][keys[1]] = nil
        #expect(objects[1]["added"] == true && objects[1][keys[1]] == nil && objects[1][keys[3]] == 103)
        for object in [0, 4] {
            #expect(objects[object]["added"] == nil)
            #expect(objects[object][keys[1]] == .number(.init(object * 100 + 1)))
        }
    }

    /// Objects of two members whose keys repeat, in turns (a model's and one
    /// nested in it) or after one with a repeated key, each keep their own
    /// members, and in-place edits (a JSON Patch and a merge patch: taking,
    /// inserting and removing members) change only the object edited.
    @Test(arguments: [JSON.ParseOptions.DuplicateKeyPolicy.lastWins, .firstWins])
    func objectsOfTwoMembersShareKeysAndStayApart(policy: JSON.ParseOptions.DuplicateKeyPolicy) throws {
        let text = """
            {"0": {"a": 1, "b": {"x": 10, "y": 11}}, "1": {"a": 2, "b": {"x": 20, "y": 21}}, "2": {"x": 30, "y": 31},
             "3": {"a": 4, "a": 5}, "4": {"a": 6, "b": 7}, "5": {"b": 8, "a": 9}, "6": {"a": 10, "b": 11}}
            """
        var value = try JSON(parsing: text, options: .init(duplicateKeys: policy))
        #expect(value["3"].value == ["a": policy == .firstWins ? 4 : 5])
        #expect(value["5"].value?.object?.keys == ["b", "a"])
        let untouched = try JSON(parsing: text, options: .init(duplicateKeys: policy))
        try value.apply(JSON.Patch(JSON(parsing: """
            [{"op": "remove", "path": "/0/a"}, {"op": "add", "path": "/0/c", "value": 3},
             {"op": "move", "from": "/1/b/x", "path": "/1/b/z"}, {"op": "replace", "path": "/4/b", "value": 70}]
            """)))
        value.merge(patch: ["6": ["a": nil, "d": 1]])
        #expect(value["0"].value == ["b": ["x": 10, "y": 11], "c": 3])
        #expect(value["0"].value?.object?.keys == ["b", "c"])
        #expect(value["1"]["b"].value == ["y": 21, "z": 20])
        #expect(value["4"].value == ["a": 6, "b": 70])
        #expect(value["6"].value?.object?.keys == ["b", "d"])
        for unchanged in ["2", "3", "5"] { #expect(value[unchanged].value == untouched[unchanged].value) }
        #expect(untouched["0"]["b"].value?.object?.keys == ["x", "y"] && untouched["1"]["b"]["x"].value == 20)
        #expect(untouched["6"].value?.object?.keys == ["a", "b"] && untouched["4"]["b"].value == 7)
    }

    /// An object of two members takes the keys of one of the last two such
    /// objects when its keys are written the same (found by their bytes),
    /// and otherwise its own: for another second key, keys in another
    /// order, or a key with escapes that names the same key.
    @Test func objectsOfTwoMembersTakeKeysOnlyWhenWrittenAlike() throws {
        let value = try JSON(parsing: #"""
            [{"a":1,"b":2},{"a":3,"b":4},{"a":5,"c":6},{"b":7,"a":8},{"\u0061":9,"b":10},{"a":11,"b":12}]
            """#)
        guard case .array(let elements) = value else { Issue.record("not an array"); return }
        let objects = elements.compactMap { element -> JSON.Object? in if case .object(let object) = element { object } else { nil } }
        #expect(objects.count == 6)
        #expect(objects.map(\.keys) == [["a", "b"], ["a", "b"], ["a", "c"], ["b", "a"], ["a", "b"], ["a", "b"]])
        #expect(objects.map { $0["a"] } == [1, 3, 5, 8, 9, 11])
        #expect(objects[4]["b"] == 10 && objects[2]["c"] == 6 && objects[2]["b"] == nil)
    }

    /// An object takes an earlier object's keys only while its raw keys are
    /// the same, in order: not past the first that differs, not for a key
    /// with escapes (even one whose name is the same), and not when it has
    /// more members. Objects nested in one being built keep their own.
    @Test func parsedObjectsTakeAnEarlierObjectsKeysOnlyWhileTheyMatch() throws {
        let value = try JSON(parsing: #"""
            [{"a":1,"b":{"a":2,"b":3,"c":4},"c":5},
             {"a":6,"b":{"a":7,"b":8,"c":9},"c":10},
             {"a":11,"b":12,"d":13},
             {"a":14,"b\u0041":15,"c":16},
             {"a":17,"bA":18,"c":19},
             {"a\u0041":20,"b":21,"c":22},
             {"aA":23,"b":24,"c":25},
             {"a":26,"b":27,"c":28,"d":29}]
            """#)
        let expected: [[(String, JSON)]] = [
            [("a", 1), ("b", ["a": 2, "b": 3, "c": 4]), ("c", 5)],
            [("a", 6), ("b", ["a": 7, "b": 8, "c": 9]), ("c", 10)],
            [("a", 11), ("b", 12), ("d", 13)],
            [("a", 14), ("bA", 15), ("c", 16)],
            [("a", 17), ("bA", 18), ("c", 19)],
            [("aA", 20), ("b", 21), ("c", 22)],
            [("aA", 23), ("b", 24), ("c", 25)],
            [("a", 26), ("b", 27), ("c", 28), ("d", 29)],
        ]
        guard case .array(let objects) = value else {
            Issue.record("not an array")
            return
        }
        try #require(objects.count == expected.count)
        for (object, members) in zip(objects, expected) {
            #expect(object.object?.keys == members.map(\.0))
            for (key, member) in members { #expect(object.object?[key] == member) }
        }
        #expect(objects[2].object?["c"] == nil)
        #expect(objects[3].object?["b"] == nil)
        #expect(objects[5].object?["a"] == nil)
    }

    @Test func largeObjectsCompareAndHashRegardlessOfOrder() {
        let pairs = (0..<50).map { ("key\($0)", JSON.number(.init($0))) }
        let forward = JSON.object(JSON.Object(pairs))
        let backward = JSON.object(JSON.Object(pairs.reversed()))
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        var changed = JSON.Object(pairs)
        changed["key49"] = 0
        #expect(forward != .object(changed))
    }

    @Test func keysWithEqualHashPrefixesStayDistinct() throws {
        // Same length, same first and last eight bytes: one key-cache slot.
        let text = #"{"aaaaaaaa1zzzzzzzz": 1, "aaaaaaaa2zzzzzzzz": 2, "aaaaaaaa1zzzzzzzz": 3}"#
        let value = try JSON(parsing: text)
        #expect(value == ["aaaaaaaa1zzzzzzzz": 3, "aaaaaaaa2zzzzzzzz": 2])
    }
}

/// `JSON.Parser` gives the same values as one-shot parsing, document after document.
@Suite struct ParserTests {
    @Test func reusedParserMatchesOneShotParsing() throws {
        var parser = JSON.Parser()
        let documents = [
            #"{"id": 1, "user": {"name": "a", "screen_name_that_is_long": "x"}}"#,
            #"{"id": 2, "user": {"name": "b", "screen_name_that_is_long": "y"}, "extra": [1, 2]}"#,
            #"[{"id": 3}, {"i\u0064": 4}]"#,
            #"{"id": 2, "user": {"screen_name_that_is_long": "z", "name": "c"}}"#,
        ]
        for text in documents + documents {
            #expect(try parser.parse(text) == JSON(parsing: text))
            #expect(try parser.parse(Array(text.utf8)) == JSON(parsing: text))
        }
    }

    @Test func errorsDoNotSpoilTheParser() throws {
        var parser = JSON.Parser(options: .init(maxDepth: 2))
        let error = #expect(throws: JSON.ParseError.self) { try parser.parse("[[[1]]]") }
        #expect(error?.kind == .tooDeep)
        #expect(error?.offset == 2)
        #expect(try parser.parse(#"{"a": [1]}"#) == ["a": [1]])
    }
}
