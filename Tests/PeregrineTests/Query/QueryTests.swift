import Foundation
@testable import PeregrineCore
@testable import PeregrineQuery
import Testing

/// The slash query language, JSON Pointer, and decoding what they find.
struct QueryTests {
    static let h = #"{"a":{"b":["c","d"],"e":{"f":"g"}}}"#
    static let a = #"[["a","b"],["c","d"],[["e","f"],["g","h","i","j"]]]"#

    /// Runs a query on the value and on the document and checks both give `expected`.
    private func expectQuery(_ query: String, on text: String, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let value = try JSON(parsing: text)
        let document = try JSON.Document(parsing: text)
        let want = try JSON(parsing: expected)
        #expect(JSON.array(try value.query(query)) == want, sourceLocation: sourceLocation)
        #expect(JSON.array(try document.root.query(query).compactMap(\.value)) == want, sourceLocation: sourceLocation)
        #expect(try value.queryMatches(query).map(\.normalizedPath) == document.root.queryMatches(query).map(\.normalizedPath))
    }

    @Test func slashQueryExamples() throws {
        try expectQuery("/a/b/1", on: Self.h, #"["d"]"#)
        try expectQuery("/2/1/0", on: Self.a, #"["g"]"#)
        try expectQuery("/?/1", on: Self.a, #"[["c","d"]]"#)
        try expectQuery("/*/3", on: Self.a, #"["j"]"#)
        try expectQuery("/*/f", on: Self.h, #"["g"]"#)
        try expectQuery("/?/f", on: Self.h, "[]")
        try expectQuery(".a.b.1", on: Self.h, #"["d"]"#)
        try expectQuery("/a/b/", on: Self.h, #"[["c","d"]]"#)
        try expectQuery("/", on: Self.h, "[\(Self.h)]")
        try expectQuery("/a/b/x", on: Self.h, "[]")
        try expectQuery("/a/b/01x", on: Self.h, "[]")
        // Each branch stops at its first match; every branch is searched.
        try expectQuery("/*/id", on: #"{"x":{"id":1,"y":{"id":2}},"z":[{"id":3}],"id2":{"id":4}}"#, "[1,3,4]")
        try expectQuery("/?/id", on: #"[{"id":1},{"n":{"id":2}}]"#, "[1]")
        try expectQuery("/*/b/1", on: Self.h, #"["d"]"#)
    }

    @Test func slashQueryPathsAreNormalized() throws {
        let value = try JSON(parsing: Self.h)
        #expect(try value.queryMatches("/*/f").map(\.normalizedPath) == ["$['a']['e']['f']"])
        #expect(try value.queryMatches("/a/b/1").first?.path == [.key("a"), .key("b"), .index(1)])
        #expect(JSON.PathComponent.normalizedPath(of: [.key("a'b\\\n\u{1}é"), .index(2)]) == #"$['a\'b\\\n\u0001é'][2]"#)
        #expect(JSON.PathComponent.text(of: [.key("a b"), .key("c"), .index(0)]) == #"$["a b"].c[0]"#)
    }

    @Test func slashQueryErrorsSayWhere() throws {
        let value = try JSON(parsing: Self.h)
        for (query, offset, message) in [
            ("", 0, "the query is empty"),
            ("/*/?/f", 3, "a wildcard cannot follow a wildcard"),
            ("/*/*/", 3, "a wildcard cannot follow a wildcard"),
        ] {
            #expect(throws: JSON.QueryError(query: query, offset: offset, message: message), "\(query)") { try value.query(query) }
        }
    }

    /// From the ObjectQuery tests the language comes from: a trailing `?`
    /// selects the children one level down; a trailing `*` every descendant.
    @Test func trailingWildcardsSelectChildrenAndDescendants() throws {
        let text = #"[["a","b"],["c","d"],[["e","f"],["g","h","i","j"]]]"#
        let value = try JSON(parsing: text)
        let document = try JSON.Document(parsing: text)
        #expect(try value.query("/2/?") == [["e", "f"], ["g", "h", "i", "j"]])
        #expect(try document.root.queryMatches("/2/?").map(\.normalizedPath) == ["$[2][0]", "$[2][1]"])
        #expect(try value.query("/2/*") == [["e", "f"], "e", "f", ["g", "h", "i", "j"], "g", "h", "i", "j"])
        #expect(try document.root.queryMatches("/2/*").map(\.normalizedPath).prefix(3) == ["$[2][0]", "$[2][0][0]", "$[2][0][1]"])
        #expect(try value.query("/0/0/?").isEmpty)
        #expect(try JSON(parsing: #"{"a": {"b": 1, "c": [2]}}"#).query("/a/?") == [1, [2]])
    }

    @Test func slashQueriesOnDeepValuesDoNotRecurse() throws {
        let depth = 50_000
        let text = String(repeating: #"{"k":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        let document = try JSON.Document(parsing: text, options: .init(maxDepth: depth + 1))
        #expect(try document.root.query("/*/missing").isEmpty)
    }

    // MARK: JSON Pointer

    static let rfc6901 = #"{"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8}"#

    @Test func pointerExamplesFromRFC6901() throws {
        let value = try JSON(parsing: Self.rfc6901)
        let document = try JSON.Document(parsing: Self.rfc6901)
        let cases: [(String, JSON)] = [
            ("", value), ("/foo", ["bar", "baz"]), ("/foo/0", "bar"), ("/", 0), ("/a~1b", 1), ("/c%d", 2), ("/e^f", 3),
            ("/g|h", 4), ("/i\\j", 5), ("/k\"l", 6), ("/ ", 7), ("/m~0n", 8),
        ]
        for (pointer, expected) in cases {
            #expect(value[pointer: pointer].value == expected, "\(pointer)")
            #expect(document.root[pointer: pointer].value == expected, "\(pointer)")
        }
        #expect(try JSON.Pointer("/a~1b/m~0n").tokens == ["a/b", "m~n"])
        #expect(JSON.Pointer(tokens: ["a/b", "m~n"]).description == "/a~1b/m~0n")
    }

    @Test func pointerSyntaxErrorsAndMisses() throws {
        #expect(throws: JSON.QueryError(query: "foo", offset: 0, message: #"a JSON Pointer starts with "/""#)) { try JSON.Pointer("foo") }
        #expect(throws: JSON.QueryError(query: "/a~2", offset: 2, message: #""~" must be followed by "0" or "1""#)) {
            try JSON.Pointer("/a~2")
        }
        let value = try JSON(parsing: Self.rfc6901)
        let document = try JSON.Document(parsing: Self.rfc6901)
        for pointer in ["/foo/2", "/foo/-", "/foo/01", "/foo/-1", "/nope", "/foo/0/x", "foo"] {
            #expect(!value[pointer: pointer].exists, "\(pointer)")
            #expect(!document.root[pointer: pointer].exists, "\(pointer)")
        }
        #expect(value[pointer: "/foo/2"].missing?.description == "$.foo has no element 2 (it has 2)")
        #expect(document.root[pointer: "/foo/0/x"].missing?.description == "$.foo[0] is a string, not an object")
        // Tokens an array cannot take say why, on values and documents alike.
        let reasons = [
            "/foo/99999999999999999999": "$.foo has no element 99999999999999999999 (it has 2)",
            "/foo/01": "$.foo has no element 01 (an index has no leading zeros)",
            "/foo/-": "$.foo has no element 2 (it has 2)",
            "/foo/x": "$.foo is an array, not an object",
        ]
        for (pointer, reason) in reasons {
            #expect(value[pointer: pointer].missing?.description == reason, "\(pointer)")
            #expect(document.root[pointer: pointer].missing?.description == reason, "\(pointer)")
        }
    }

    @Test func pointerSetAndRemove() throws {
        var value = try JSON(parsing: #"{"list": [1, 2], "user": {"name": "Ann"}}"#)
        try value.setValue(3, at: JSON.Pointer("/list/-"))
        try value.setValue(0, at: JSON.Pointer("/list/0"))
        try value.setValue("x", at: JSON.Pointer("/user/a~1b"))
        value[pointer: "/list/3"] = 4
        value[pointer: "/user/age"] = 30
        #expect(try value.serializedString() == #"{"list":[0,2,3,4],"user":{"name":"Ann","a/b":"x","age":30}}"#)
        #expect(try value.removeValue(at: JSON.Pointer("/list/1")) == 2)
        value[pointer: "/user/name"].value = nil
        #expect(try value.serializedString() == #"{"list":[0,3,4],"user":{"a/b":"x","age":30}}"#)

        #expect(throws: JSON.Missing(parent: [], step: .key("nope"), reason: #"has no member "nope""#)) {
            try value.setValue(1, at: JSON.Pointer("/nope/x"))
        }
        #expect(throws: JSON.Missing(parent: [.key("list")], step: .index(5), reason: "has no element 5 (it has 3)")) {
            try value.setValue(1, at: JSON.Pointer("/list/5"))
        }
        #expect(throws: JSON.Missing(parent: [.key("list")], step: .key("01"), reason: "is an array, and 01 is not an index")) {
            try value.removeValue(at: JSON.Pointer("/list/01"))
        }
        #expect(throws: JSON.Missing(parent: [.key("list")], step: .index(3), reason: "has no element 3 (it has 3)")) {
            try value.removeValue(at: JSON.Pointer("/list/-"))
        }
        #expect(throws: JSON.Missing(parent: [.key("user"), .key("age")], step: .key("x"), reason: "is a number, not an object")) {
            try value.setValue(1, at: JSON.Pointer("/user/age/x"))
        }
        try value.setValue(["replaced": true], at: JSON.Pointer(""))
        #expect(value == ["replaced": true])
    }

    // MARK: Queries feed models

    struct Quote: Decodable, Equatable {
        var symbol: String
        var price: Double
    }

    static let results = #"{"results": [{"quote": {"symbol": "A", "price": 1.5}}, {"quote": {"symbol": "B", "price": 2}}]}"#

    @Test func matchesDecodeIntoModels() throws {
        let expected = [Quote(symbol: "A", price: 1.5), Quote(symbol: "B", price: 2)]
        #expect(try JSON(parsing: Self.results).query("/results/*/quote").decode([Quote].self) == expected)
        let document = try JSON.Document(parsing: Self.results)
        #expect(try document.root.query("/results/*/quote").decode([Quote].self) == expected)
        #expect(try document.root.query("/*/price").decode([Double].self) == [1.5, 2])
        #expect(try JSON(parsing: Self.results).jsonPath("$.results[*].quote").decode([Quote].self) == expected)
        #expect(try document.root.jsonPath("$..quote").decode([Quote].self) == expected)

        let broken = try JSON.Document(parsing: #"{"results": [{"quote": {"symbol": "A", "price": "x"}}]}"#)
        do {
            _ = try broken.root.query("/results/*/quote").decode([Quote].self)
            Issue.record("decoded a string as Double")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.debugDescription == #"$.results[0].quote.price (line 1, column 49, offset 48): expected Double, found string "x""#)
        }
    }
}
