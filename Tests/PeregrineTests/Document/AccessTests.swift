import Foundation
import Peregrine
import Testing

/// Typed access on values and documents: subscripts that never trap, strict
/// and lenient accessors, decoding with paths, mutation.
struct AccessTests {
    static let text = #"{"statuses": [{"id": 1, "user": {"name": "Ann", "bio": null}}, {"id": "12a", "n": 1.0}], "ok": true}"#

    @Test func chainedSubscriptsNeverTrapOnAnyShape() throws {
        let value = try JSON(parsing: Self.text)
        let document = try JSON.Document(parsing: Self.text)
        for step in [JSON.PathComponent.key("statuses"), .key("nope"), .index(0), .index(-1), .index(99), .key("")] {
            for second in [JSON.PathComponent.index(1), .key("user"), .index(Int.max), .key("id")] {
                var lookup = JSON.Lookup(value)
                var node = document.root
                for component in [step, second, .key("name"), .index(0)] {
                    switch component {
                    case .key(let key):
                        lookup = lookup[key]
                        node = node[key]
                    case .index(let position):
                        lookup = lookup[position]
                        node = node[position]
                    }
                }
                #expect(lookup.exists == node.exists)
                #expect(lookup.missing == node.missing)
            }
        }
    }

    @Test func missingNullAndPresentAreThreeAnswers() throws {
        let value = try JSON(parsing: Self.text)
        let document = try JSON.Document(parsing: Self.text)
        let bio = value["statuses"][0]["user"]["bio"]
        #expect(bio.exists && bio.isNull && bio.string == nil)
        #expect(document.root["statuses"][0]["user"]["bio"].isNull)
        let absent = value["statuses"][0]["user"]["age"]
        #expect(!absent.exists && !absent.isNull)
        #expect(!document.root["statuses"][0]["user"]["age"].isNull)
        #expect(value["statuses"][0]["user"]["name"].string == "Ann")
    }

    @Test func missingSaysWhereThePathBroke() throws {
        let value = try JSON(parsing: Self.text)
        let document = try JSON.Document(parsing: Self.text)
        let cases: [(JSON.Lookup, JSON.Document.Node, String)] = [
            (value["statuses"][5]["user"], document.root["statuses"][5]["user"], "$.statuses has no element 5 (it has 2)"),
            (value["statuses"][0]["user"]["age"]["x"], document.root["statuses"][0]["user"]["age"]["x"],
             #"$.statuses[0].user has no member "age""#),
            (value["statuses"][0]["user"]["name"]["first"], document.root["statuses"][0]["user"]["name"]["first"],
             "$.statuses[0].user.name is a string, not an object"),
            (value["ok"][0], document.root["ok"][0], "$.ok is a boolean, not an array"),
            (value["statuses"]["id"], document.root["statuses"]["id"], "$.statuses is an array, not an object"),
        ]
        for (lookup, node, description) in cases {
            #expect(lookup.missing?.description == description)
            #expect(node.missing?.description == description)
        }
        let escaped = #"$.statuses[0].user has no member "a\"b\n""#
        #expect(value["statuses"][0]["user"]["a\"b\n"].missing?.description == escaped)
        #expect(document.root["statuses"][0]["user"]["a\"b\n"].missing?.description == escaped)
        #expect(value["statuses"][5]["user"].path == [.key("statuses"), .index(5), .key("user")])
        #expect(document.root["statuses"][1]["n"].path == [.key("statuses"), .index(1), .key("n")])
        #expect(document.root["statuses"][5]["user"].path == [.key("statuses"), .index(5)])
    }

    @Test func strictAccessorsNeedTheExactType() throws {
        let value = try JSON(parsing: #"[12, 1.5, 1.0, 1e2, "12", true, -1, 18446744073709551615, 9223372036854775807, null]"#)
        let document = try JSON.Document(parsing: #"[12, 1.5, 1.0, 1e2, "12", true, -1, 18446744073709551615, 9223372036854775807, null]"#)
        #expect(value[0].int == 12 && document.root[0].int == 12)
        for position in [1, 2, 3, 4, 5, 9] {
            #expect(value[position].int == nil && document.root[position].int == nil, "element \(position)")
        }
        #expect(value[1].double == 1.5 && value[0].double == 12 && value[4].double == nil)
        #expect(value[4].string == "12" && value[0].string == nil)
        #expect(value[5].bool == true && value[0].bool == nil)
        #expect(value[6].uint64 == nil && value[6].int64 == -1 && document.root[6].int64 == -1)
        #expect(value[7].uint64 == .max && value[7].int64 == nil && document.root[7].uint64 == .max)
        #expect(value[8].int64 == .max && value[8].uint64 == UInt64(Int64.max))
        #expect(value.array?.count == 10 && value.object == nil)
        #expect(document.root.array?.count == 10 && document.root.object == nil)
        let lossless = try JSON(parsing: "[1e400, 123456789012345678901234567890, 42]", options: .init(numbers: .lossless))
        #expect(lossless[0].double == nil && lossless[1].int64 == nil && lossless[1].double != nil)
        #expect(lossless[2].int == 42)
        let objectDocument = try JSON.Document(parsing: #"{"a": 1, "b": [2]}"#)
        #expect(objectDocument.root.object?.map(\.key) == ["a", "b"])
        #expect(objectDocument.root.object?.last?.value.array?.first?.int == 2)
    }

    /// What ``JSON/TypedAccess`` answers, in one comparable line.
    private static func answers(_ value: some JSON.TypedAccess) -> String {
        "\(value.isNull) \(value.bool as Any) \(value.number as Any) \(value.string as Any) \(value.int as Any) "
            + "\(value.int64 as Any) \(value.uint64 as Any) \(value.double as Any)"
    }

    @Test func valuesLookupsAndNodesReadByTheSameRules() throws {
        let text = #"[12, -1, 1.0, 1e2, 1.5, 18446744073709551615, 9223372036854775807, -9223372036854775808, "#
            + #"123456789012345678901234567890, 1e400, 3000000000, "12", "", true, false, null, [1], {"a": 1}]"#
        let options = JSON.ParseOptions(numbers: .lossless)
        let value = try JSON(parsing: text, options: options)
        let document = try JSON.Document(parsing: text, options: options)
        let count = try #require(value.array?.count)
        for position in 0..<count {
            let expected = Self.answers(value[position].value ?? .null)
            #expect(Self.answers(value[position]) == expected, "element \(position)")
            #expect(Self.answers(document.root[position]) == expected, "element \(position)")
        }
        // The rules themselves: integers only as written, doubles only when finite.
        #expect(value[2].int == nil && value[3].int64 == nil && value[2].double == 1)
        #expect(value[5].uint64 == .max && value[5].int64 == nil && document.root[5].uint64 == .max)
        #expect(value[8].int64 == nil && value[8].double != nil && document.root[9].double == nil)
        #expect(value[10].int == 3_000_000_000 && document.root[10].int64 == 3_000_000_000)
        // A missing lookup or node answers nothing, and is not null.
        let missing = "false nil nil nil nil nil nil nil"
        #expect(Self.answers(value[count]) == missing && Self.answers(document.root[count]) == missing)
    }

    @Test func lenientAccessorsCoerceOnlyWholeValues() throws {
        let text = #"["123", "123ABC", " 12", "1e400", 2.0, 2.5, 1, 0, 2, "true", "false", "yes", 12345, "-7"]"#
        let value = try JSON(parsing: text)
        let document = try JSON.Document(parsing: text)
        for lenient in [(0..<14).map { value[$0].lenient }, (0..<14).map { document.root[$0].lenient }] {
            #expect(lenient[0].int == 123 && lenient[0].double == 123)
            #expect(lenient[1].int == nil && lenient[2].int == nil && lenient[3].int == nil && lenient[3].double == nil)
            #expect(lenient[4].int == 2 && lenient[5].int == nil && lenient[5].double == 2.5)
            #expect(lenient[6].bool == true && lenient[7].bool == false && lenient[8].bool == nil)
            #expect(lenient[9].bool == true && lenient[10].bool == false && lenient[11].bool == nil)
            #expect(lenient[12].string == "12345" && lenient[13].int64 == -7 && lenient[13].uint64 == nil)
        }
        #expect(document.root.lenient.string == nil)
    }

    @Test func decodeReportsPathAndWhatWasFound() throws {
        let value = try JSON(parsing: Self.text)
        #expect(try value["statuses"][0]["id"].decode(Int.self) == 1)
        do {
            _ = try value["statuses"][1]["id"].decode(Int.self)
            Issue.record("decoded a string as Int")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.debugDescription == #"$.statuses[1].id: expected Int, found string "12a""#)
            #expect(context.codingPath.map(\.stringValue) == ["statuses", "Index 1", "id"])
        }
        do {
            _ = try value["statuses"][7]["id"].decode(Int.self)
            Issue.record("decoded a missing value")
        } catch DecodingError.valueNotFound(_, let context) {
            #expect(context.debugDescription == "no value at $.statuses[7].id: $.statuses has no element 7 (it has 2)")
        }
        struct User: Decodable, Equatable { var name: String; var bio: String? }
        #expect(try value["statuses"][0]["user"].decode(User.self) == User(name: "Ann", bio: nil))

        let document = try JSON.Document(parsing: Self.text)
        #expect(try document.root["statuses"][0]["user"].decode(User.self) == User(name: "Ann", bio: nil))
        do {
            _ = try document.root["statuses"][1]["id"].decode(Int.self)
            Issue.record("decoded a string as Int")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.debugDescription == #"$.statuses[1].id (line 1, column 71, offset 70): expected Int, found string "12a""#)
        }
    }

    @Test func assignmentThroughSubscriptsSetsAndRemoves() throws {
        var value: JSON = [:]
        value["user"]["name"] = "Ann"
        value["user"]["tags"] = ["a", "b"]
        value["user"]["tags"][1] = "c"
        value["user"]["tags"][2] = "d"
        value["user"]["age"] = 30
        value["user"]["ratio"] = 0.5
        value["user"]["on"] = true
        #expect(try value.serializedString() == #"{"user":{"name":"Ann","tags":["a","c","d"],"age":30,"ratio":0.5,"on":true}}"#)
        value["user"]["name"].value = nil
        value["user"]["tags"][0].remove()
        value["user"]["age"].value = .null
        value["user"]["tags"][9] = "past the end"
        value["user"]["on"]["x"] = 1
        #expect(try value.serializedString() == #"{"user":{"tags":["c","d"],"age":null,"ratio":0.5,"on":true}}"#)
        value["list"] = JSON.Lookup(JSON.array([1, 2]))
        value["list"][0] = ["k": nil]
        #expect(try value["list"].value?.serializedString() == #"[{"k":null},2]"#)
    }

    @Test func documentChildrenAreReadOneAtATime() throws {
        let document = try JSON.Document(parsing: #"{"a": [1, [2, 3], {}], "b\u0021": null, "c": {"d": true}}"#)
        let members = Array(document.root.children)
        #expect(members.map(\.key) == ["a", "b!", "c"])
        #expect(members.map(\.value.path) == [[.key("a")], [.key("b!")], [.key("c")]])
        #expect(document.root.isObject && !document.root.isArray)
        let elements = Array(document.root["a"].children)
        #expect(elements.map(\.key) == [nil, nil, nil])
        #expect(elements.map(\.value.value) == [1, [2, 3], [:]])
        #expect(document.root["a"].isArray && elements[2].value.isObject)
        #expect(Array(document.root["b!"].children).isEmpty && Array(document.root["nope"].children).isEmpty)
        #expect(Array(elements[2].value.children).isEmpty)
    }
}
