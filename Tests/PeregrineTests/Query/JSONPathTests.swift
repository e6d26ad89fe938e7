import Foundation
@testable import PeregrineCore
@testable import PeregrineQuery
import Testing
import TestSupport

/// The JSONPath compliance test suite (`../shared/conformance/jsonpath/cts.json`),
/// run on values and on documents.
@Suite(TestData.needs("conformance/jsonpath/cts.json"))
struct JSONPathComplianceTests {
    struct Case {
        let name: String
        let selector: String
        let document: JSON?
        /// The allowed results: one nodelist, or several when member order
        /// makes the result non-deterministic.
        let results: [(values: [JSON], paths: [String])]
        let isInvalid: Bool
    }

    static let cases: [Case] = {
        let bytes = TestData.bytes(TestData.url("conformance/jsonpath/cts.json"))
        guard let suite = try? JSON(parsing: bytes), let tests = suite["tests"].array else {
            Issue.record("cannot read cts.json")
            return []
        }
        return tests.map { test in
            let paths = { (paths: JSON) in paths.array?.compactMap(\.string) ?? [] }
            var results: [(values: [JSON], paths: [String])] = []
            if let values = test["result"].array {
                results.append((values, paths(test["result_paths"].value ?? .null)))
            }
            for (values, alternative) in zip(test["results"].array ?? [], test["results_paths"].array ?? []) {
                results.append((values.array ?? [], paths(alternative)))
            }
            return Case(
                name: test["name"].string ?? "",
                selector: test["selector"].string ?? "",
                document: test["document"].value,
                results: results,
                isInvalid: test["invalid_selector"].bool == true
            )
        }
    }()

    @Test func suiteIsComplete() {
        #expect(Self.cases.count == 703)
        #expect(Self.cases.filter(\.isInvalid).count == 247)
    }

    /// Every invalid selector is rejected, through values and documents
    /// alike; every valid one compiles.
    @Test func compilesValidAndRejectsInvalidSelectors() throws {
        let root = try JSON.Document(parsing: "{}").root
        var rejected = 0
        for test in Self.cases {
            let compiled = try? JSON.JSONPath(test.selector)
            if test.isInvalid {
                let onValue = try? JSON.object([:]).jsonPathMatches(test.selector)
                let onDocument = try? root.jsonPathMatches(test.selector)
                #expect(compiled == nil && onValue == nil && onDocument == nil, "\(test.name): \(test.selector) should be rejected")
                if compiled == nil && onValue == nil && onDocument == nil { rejected += 1 }
            } else {
                #expect(compiled != nil, "\(test.name): \(test.selector) should compile")
            }
        }
        #expect(rejected == 247)
    }

    @Test func valuesMatchTheExpectedNodelists() throws {
        var passed = 0
        for test in Self.cases where !test.isInvalid {
            guard let document = test.document, let query = try? JSON.JSONPath(test.selector) else { continue }
            let matches = try document.jsonPathMatches(query)
            let values = matches.map(\.value)
            let paths = matches.map(\.normalizedPath)
            let ok = test.results.contains { $0.values == values && $0.paths == paths }
            #expect(ok, "\(test.name): \(test.selector) gave \(values) at \(paths)")
            #expect(try document.jsonPath(query) == values, "\(test.name): jsonPath and jsonPathMatches differ")
            if ok { passed += 1 }
        }
        #expect(passed == 456)
    }

    @Test func documentsMatchTheExpectedNodelists() throws {
        var passed = 0
        for test in Self.cases where !test.isInvalid {
            guard let document = test.document, let query = try? JSON.JSONPath(test.selector) else { continue }
            let root = try JSON.Document(parsing: document.serializedString()).root
            let matches = try root.jsonPathMatches(query)
            let values = matches.map { $0.value.value ?? .null }
            let paths = matches.map(\.normalizedPath)
            let ok = test.results.contains { $0.values == values && $0.paths == paths }
            #expect(ok, "\(test.name): \(test.selector) gave \(values) at \(paths)")
            #expect(try root.jsonPath(query).map { $0.value ?? .null } == values, "\(test.name): jsonPath and jsonPathMatches differ")
            if ok { passed += 1 }
        }
        #expect(passed == 456)
    }
}

@Suite struct JSONPathTests {
    static let bookstore: JSON = ["store": ["book": [
        ["title": "A", "price": 8.95, "tags": ["x"]],
        ["title": "B", "price": 12, "isbn": "0-553"],
        ["title": "C", "price": 8.99],
    ], "bicycle": ["color": "red", "price": 399]]]

    @Test func selectsOnValuesAndDocuments() throws {
        let query = try JSON.JSONPath("$.store.book[?@.price < 10].title")
        #expect(query.expression == "$.store.book[?@.price < 10].title")
        #expect(try Self.bookstore.jsonPath(query) == ["A", "C"])
        let document = try JSON.Document(parsing: Self.bookstore.serializedString())
        #expect(try document.root.jsonPath(query).compactMap(\.string) == ["A", "C"])
        #expect(try document.root["store"].jsonPathMatches("$.bicycle.color").map(\.normalizedPath) == ["$['bicycle']['color']"])
        #expect(try Self.bookstore.jsonPath("$..price").count == 4)
        #expect(try Self.bookstore.jsonPath("$.store.book[0,0].title") == ["A", "A"])
        #expect(try Self.bookstore.jsonPath("$.store.book[?@.isbn].title") == ["B"])
        #expect(try Self.bookstore.jsonPath("$.store.book[?count(@.*) == 3].title") == ["A", "B"])
    }

    /// Offsets are in UTF-8 bytes of the query.
    @Test(arguments: [
        ("$.a[", 4, "expected a selector"),
        (" $", 0, "a query starts with '$'"),
        ("$ ", 1, "blank space must be followed by a segment"),
        ("$.a..", 5, "expected a member name, '*' or '[' after '..'"),
        ("$. a", 2, "expected a member name or '*' after '.'"),
        ("$[0 2]", 4, "expected ',' or ']'"),
        ("$[01]", 2, "leading zeros are not allowed"),
        ("$[-0]", 2, "-0 is not allowed"),
        ("$[9007199254740992]", 2, "the integer is outside ±(2^53-1)"),
        ("$[?@.a==01]", 8, "leading zeros are not allowed"),
        ("$[?@.a==1.]", 10, "expected a digit after '.'"),
        (#"$["\uD800"]"#, 3, "a high surrogate must be followed by a low surrogate"),
        (#"$["\uDC00"]"#, 3, "a low surrogate must follow a high surrogate"),
        (#"$["\x"]"#, 3, "invalid escape sequence"),
        ("$['é\t']", 5, "control characters must be escaped in strings"),
        ("$['abc", 2, "unterminated string"),
        ("$[?@.*==1]", 3, "only a singular query (names and indexes, no blank space in brackets) can be compared"),
        ("$[?@[ 'a' ]==1]", 3, "only a singular query (names and indexes, no blank space in brackets) can be compared"),
        ("$[?true]", 3, "a literal must be compared"),
        ("$[?length(@.a)]", 3, "the result of length() must be compared"),
        ("$[?match(@.a, 'x')==true]", 3, "match() returns a logical value, which cannot be compared"),
        ("$[?length(@.a,@.b)==1]", 14, "function length expects one argument"),
        ("$[?count()==1]", 9, "function count expects one argument"),
        ("$[?match(@.a)]", 12, "function match expects two arguments"),
        ("$[?count(1)==1]", 9, "count() expects a query here"),
        ("$[?length(@.*)==1]", 10, "length() expects a value here: a literal, a singular query or a function returning a value"),
        ("$[?length(@.a==1)==1]", 10, "length() expects a value here: a literal, a singular query or a function returning a value"),
        ("$[?foo(@)]", 3, "unknown function 'foo'"),
        ("$[?count (@.*)==1]", 3, "expected a query, a literal or a function"),
        ("$[?!@.a==1]", 7, "expected ',' or ']'"),
        ("$[?(@.a]", 7, "expected ')'"),
    ])
    func rejectsWithOffsetAndMessage(query: String, offset: Int, message: String) {
        let error = #expect(throws: JSON.QueryError.self) { try JSON.JSONPath(query) }
        #expect(error?.query == query)
        #expect(error?.offset == offset)
        #expect(error?.message == message)
        #expect(error?.description == "invalid query at offset \(offset): \(message)")
    }

    @Test func normalizedPathsEscapeNames() throws {
        let value: JSON = ["a'b\\c": 1, "\u{0B}": 2, "\n": 3, "é\"/": 4, "\u{7F}": 5]
        let paths = try value.jsonPathMatches("$.*").map(\.normalizedPath)
        #expect(paths == [#"$['a\'b\\c']"#, #"$['\u000b']"#, #"$['\n']"#, #"$['é"/']"#, "$['\u{7F}']"])
        let document = try JSON.Document(parsing: value.serializedString())
        #expect(try document.root.jsonPathMatches("$.*").map(\.normalizedPath) == paths)
        // A negative index and an escaped name are normalized.
        let nested: JSON = ["a": [10, 20, 30]]
        #expect(try nested.jsonPathMatches(#"$["\u0061"][-1]"#).map(\.normalizedPath) == ["$['a'][2]"])
        #expect(try nested.jsonPathMatches("$..*").map(\.path) == [[.key("a")], [.key("a"), .index(0)], [.key("a"), .index(1)], [.key("a"), .index(2)]])
    }

    static let maximum = 9_007_199_254_740_991

    @Test(arguments: [
        ("$[-\(maximum):\(maximum)]", Array(0..<10)),
        ("$[\(maximum):-\(maximum):-1]", Array((0..<10).reversed())),
        ("$[::\(maximum)]", [0]),
        ("$[::-\(maximum)]", [9]),
        ("$[-\(maximum)::\(maximum)]", [0]),
        ("$[\(maximum)::-\(maximum)]", [9]),
        ("$[:-\(maximum):-1]", Array((0..<10).reversed())),
        ("$[1:9:0]", []),
        ("$[-3:]", [7, 8, 9]),
        ("$[7:2:-2]", [7, 5, 3]),
        ("$[\(maximum)]", []),
        ("$[-\(maximum)]", []),
        ("$[-10]", [0]),
    ])
    func slicesAndIndexesAtTheExtremes(query: String, expected: [Int]) throws {
        let array = JSON.array((0..<10).map { JSON.number(JSON.Number($0)) })
        #expect(try array.jsonPath(query).compactMap(\.int) == expected)
        let document = try JSON.Document(parsing: array.serializedString())
        #expect(try document.root.jsonPath(query).compactMap(\.int) == expected)
    }

    @Test func slicesAreEmptyOnEmptyArrays() throws {
        let empty: JSON = []
        for query in ["$[:]", "$[::-1]", "$[-1:]", "$[0]", "$[-1]"] {
            #expect(try empty.jsonPath(query).isEmpty, "\(query)")
        }
    }

    static func nested(_ open: String, _ inner: String, _ close: String, depth: Int) -> String {
        String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
    }

    /// Queries nested as deep as allowed compile and run, deeper ones fail
    /// with an error, on a 512 KiB stack (a secondary thread's default on
    /// Apple platforms).
    static func exerciseDeepQueries() -> Bool {
        let limit = JSON.JSONPath.Parser.maximumDepth
        let value: JSON = [["a": 1]]
        let filters = "$" + nested("[?@", "", "]", depth: limit)
        let parentheses = "$[?" + nested("(", "@", ")", depth: limit - 1) + "]"
        let negations = "$[?" + nested("!(", "@", ")", depth: limit - 1) + "]"
        let functions = "$[?" + nested("length(", "@", ")", depth: limit - 1) + "==1]"
        for query in [filters, parentheses, negations, functions] {
            guard let compiled = try? JSON.JSONPath(query) else { return false }
            guard (try? value.jsonPath(compiled)) != nil else { return false }
        }
        for query in [
            "$" + nested("[?@", "", "]", depth: limit + 1),
            "$[?" + nested("(", "@", ")", depth: 100_000) + "]",
            "$[?" + nested("length(", "@", ")", depth: 100_000) + "==1]",
            "$" + nested("[?@", "", "]", depth: 100_000),
        ] {
            do {
                _ = try JSON.JSONPath(query)
                return false
            } catch {
                guard error.message == "nesting is deeper than \(limit) levels" else { return false }
            }
        }
        return true
    }

    @Test func deepQueriesOnA512KiBThread() {
        #expect(runOnThread(stackSize: 512 * 1024) { Self.exerciseDeepQueries() })
    }

    /// Descendants and deep equality walk documents nested to the parse
    /// limit without recursion.
    @Test func deepDocumentsOnA512KiBThread() {
        let succeeded = runOnThread(stackSize: 512 * 1024) {
            let depth = JSON.ParseOptions.defaultMaxDepth
            let text = "[" + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "," + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "]"
            guard let value = try? JSON(parsing: text), let document = try? JSON.Document(parsing: text),
                let all = try? value.jsonPath("$..*"), let equal = try? value.jsonPath("$[?@ == $[1]]"),
                let allInDocument = try? document.root.jsonPath("$..*"),
                let equalInDocument = try? document.root.jsonPath("$[?@ == $[1]]")
            else { return false }
            return all.count == 2 * (depth - 1) && equal.count == 2 && allInDocument.count == all.count
                && equalInDocument.count == 2
        }
        #expect(succeeded)
    }

    /// Patterns come from documents too: deeply nested groups put the
    /// pattern over the automaton's size limit (so it matches nothing)
    /// rather than exhaust the stack.
    @Test func deepPatternsOnA512KiBThread() {
        let succeeded = runOnThread(stackSize: 512 * 1024) {
            let deep = String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)
            let value: JSON = ["subject": "a", "patterns": [.string(deep), "(((a)))"]]
            guard let found = try? value.jsonPath("$.patterns[?search($.subject, @)]") else { return false }
            return found == ["(((a)))"]
        }
        #expect(succeeded)
    }

    @Test(arguments: [
        ("a.c", ["abc", "a\nc", "a\rc", "a\u{2028}c", "a\u{1D11E}c", "ac", "a.c"], ["abc", "a\u{2028}c", "a\u{1D11E}c", "a.c"]),
        ("a[^b]c", ["abc", "a\nc", "a\u{1D11E}c", "ac"], ["a\nc", "a\u{1D11E}c"]),
        ("e.", ["e\u{301}", "é", "ex"], ["e\u{301}", "ex"]),
        (#"\p{L}+"#, ["abc", "é", "e\u{301}", "a1", "日本"], ["abc", "é", "日本"]),
        (#"\P{L}"#, ["1", "\n", "a", "😀"], ["1", "\n", "😀"]),
        (#"\p{Lu}\p{Nd}"#, ["A1", "a1", "AA"], ["A1"]),
        (#"[\p{Lu}0-9]+"#, ["A1", "a1", "Z9Z"], ["A1", "Z9Z"]),
        ("[a-c]+", ["abc", "abd", ""], ["abc"]),
        ("[-a]", ["-", "a", "b"], ["-", "a"]),
        ("[a-]", ["-", "a", "b"], ["-", "a"]),
        ("[^-]", ["-", "a"], ["a"]),
        ("[.$]", [".", "$", "a"], [".", "$"]),
        (#"[\]\\]"#, ["]", "\\", "a"], ["]", "\\"]),
        (#"a\.c"#, ["a.c", "abc"], ["a.c"]),
        (#"\^"#, ["^", ""], ["^"]),
        (#"\t\n"#, ["\t\n", "tn"], ["\t\n"]),
        ("(ab)*|x{2,3}", ["", "ab", "abab", "aba", "x", "xx", "xxx", "xxxx"], ["", "ab", "abab", "xx", "xxx"]),
        ("a{0}", ["", "a"], [""]),
        ("a|", ["a", "", "b"], ["a", ""]),
        ("^ab$", ["ab", "^ab$"], ["ab"]),
        ("[😀-😂]", ["😁", "a"], ["😁"]),
    ])
    func matchUsesIRegexp(pattern: String, candidates: [String], expected: [String]) throws {
        let value = JSON.array(candidates.map(JSON.string))
        let literal = pattern.replacingOccurrences(of: "\\", with: "\\\\")
        #expect(try value.jsonPath("$[?match(@, '\(literal)')]").compactMap(\.string) == expected)
        let document = try JSON.Document(parsing: value.serializedString())
        #expect(try document.root.jsonPath("$[?match(@, '\(literal)')]").compactMap(\.string) == expected)
    }

    @Test func searchIsUnanchoredAndInvalidPatternsAreFalse() throws {
        let value: JSON = ["xaby", "ab", "a\nb", "\u{2028}"]
        #expect(try value.jsonPath("$[?search(@, 'ab')]") == ["xaby", "ab"])
        #expect(try value.jsonPath("$[?search(@, '^ab')]") == ["ab"])
        #expect(try value.jsonPath("$[?search(@, 'a.b')]") == [])
        #expect(try value.jsonPath("$[?search(@, '.')]") == ["xaby", "ab", "a\nb", "\u{2028}"])
        for invalid in ["(a", "a)", "a**", "[]", "a{2,1}", #"\\d"#, "[z-a]", "a{99999999999999999999}"] {
            #expect(try value.jsonPath("$[?search(@, '\(invalid)')]") == [], "\(invalid)")
            #expect(try value.jsonPath("$[?!search(@, '\(invalid)')]").count == 4, "\(invalid)")
        }
    }

    /// One evaluation caches compiled patterns without merging canonically
    /// equivalent ones, which match different scalars.
    @Test func patternsAreCachedByScalars() throws {
        let value: JSON = [["s": "\u{E9}", "p": "\u{E9}"], ["s": "\u{E9}", "p": "e\u{301}"], ["s": "e\u{301}", "p": "e\u{301}"]]
        #expect(try value.jsonPath("$[?match(@.s, @.p)].p") == ["\u{E9}", "e\u{301}"])
    }

    /// What the patterns once translated to Swift `Regex` syntax mean, and
    /// that patterns outside I-Regexp are false, through `match`.
    @Test func iRegexpBehaviour() throws {
        let cases: [(pattern: String, matching: [String], notMatching: [String])] = [
            ("a.c", ["abc", "a\u{2028}c"], ["a\nc", "a\rc", "ac"]),
            (#"[^\p{L}\-]"#, ["1", " ", "😀"], ["a", "-", "É", "12"]),
            ("(a|b){2,}", ["ab", "bab", "aaaa"], ["a", "abc", ""]),
            ("a{02,3}", ["aa", "aaa"], ["a", "aaaa"]),
            ("^a$", ["a"], ["^a$", "aa"]),
            ("", [""], ["a"]),
        ]
        for (pattern, matching, notMatching) in cases {
            let value = JSON.array((matching + notMatching).map(JSON.string))
            let literal = pattern.replacingOccurrences(of: "\\", with: "\\\\")
            #expect(try value.jsonPath("$[?match(@, '\(literal)')]").compactMap(\.string) == matching, "\(pattern)")
        }
        let value: JSON = ["a", "", "(a", "a+?", "{2}"]
        for invalid in ["(a", "a)", "a**", "a+?", "[]", "[^]", "[a", "a]", "a}", "{2}", "a{2,1}", "a{,2}", "a{2", #"\d"#, #"\$"#, #"\p{Greek}"#,
                        #"\p{Cs}"#, #"\pL"#, "[z-a]", "[a-c-e]", "*a", #"\"#, #"[\p{L}-z]"#] {
            let literal = invalid.replacingOccurrences(of: "\\", with: "\\\\")
            #expect(try value.jsonPath("$[?match(@, '\(literal)') || search(@, '\(literal)')]") == [], "\(invalid)")
        }
    }

    @Test func comparesNumbersByValue() throws {
        let value: JSON = [
            ["n": 1], ["n": 1.0], ["n": 1e0], ["n": 2], ["n": "1"], ["n": true],
            ["n": .number(JSON.Number(UInt64.max))], ["n": 18446744073709551615.0],
        ]
        #expect(try value.jsonPath("$[?@.n == 1]").count == 3)
        #expect(try value.jsonPath("$[?@.n < 2]").count == 3)
        #expect(try value.jsonPath("$[?@.n >= 1]").count == 6)
        // UInt64.max is just below 2^64, the double the literal rounds to.
        #expect(try value.jsonPath("$[?@.n == 18446744073709551615]").count == 1)
        #expect(try value.jsonPath("$[?@.n < 18446744073709551616.0]").count == 5)
        #expect(try value.jsonPath("$[?@.n == 1e400]").isEmpty)
        #expect(try value.jsonPath("$[?@.n < 1e400]").count == 6)
        #expect(try value.jsonPath("$[?@.n == -0]").isEmpty)
        #expect(try value.jsonPath("$[?@.n > -0.0]").count == 6)
    }

    @Test func comparesStringsByScalarsAndValuesDeeply() throws {
        let value: JSON = ["é", "e\u{301}", "z", ["a": [1, 2.0]], ["a": [1.0, 2]], ["b": nil]]
        #expect(try value.jsonPath(#"$[?@ == "\u00e9"]"#) == ["é"])
        #expect(try value.jsonPath(#"$[?@ > "e"]"#) == ["é", "e\u{301}", "z"])
        #expect(try value.jsonPath(#"$[?@ < "z"]"#) == ["e\u{301}"])
        #expect(try value.jsonPath("$[?@ == $[3]]").count == 2)
        #expect(try value.jsonPath("$[?@.a == $[4].a]").count == 2)
        #expect(try value.jsonPath("$[?@.b == null]").count == 1)
        #expect(try value.jsonPath("$[?@.c == $.nothing]").count == 6)
        #expect(try value.jsonPath("$[?@.c != $.nothing]").isEmpty)
        #expect(try value.jsonPath("$[?@.a <= $[4].a]").count == 2)
        #expect(try value.jsonPath("$[?@.a < $[4].a]").isEmpty)
    }

    @Test func functionsFollowTheTypeSystem() throws {
        let value: JSON = [["a": "héllo", "b": [1, 2, 3]], ["a": "x", "b": []], ["a": 5]]
        #expect(try value.jsonPath("$[?length(@.a) == 5].a") == ["héllo"])
        #expect(try value.jsonPath("$[?length(@.b) == 3].a") == ["héllo"])
        // Nothing equals Nothing: 5 has no length and there is no b.
        #expect(try value.jsonPath("$[?length(@.a) == length(@.b)].a") == [5])
        #expect(try value.jsonPath("$[?count(@.b[*]) == 0].a") == ["x", 5])
        #expect(try value.jsonPath("$[?value(@..a) == 'x'].a") == ["x"])
        #expect(try value.jsonPath("$[?length(value(@.b)) == 0].a") == ["x"])
        #expect(try value.jsonPath("$[?match(@.a, 'h.*')].a") == ["héllo"])
        #expect(try value.jsonPath("$[?match(@.a, @.a)].a") == ["héllo", "x"])
        for (invalid, offset, message) in [
            ("$[?count(@.a)]", 3, "the result of count() must be compared"),
            ("$[?value(@.a)]", 3, "the result of value() must be compared"),
            ("$[?length(@.*) == 1]", 10, "length() expects a value here: a literal, a singular query or a function returning a value"),
            ("$[?count('a') == 1]", 9, "count() expects a query here"),
            ("$[?match(@.a, 'x') == true]", 3, "match() returns a logical value, which cannot be compared"),
            ("$[?search(@.a)]", 13, "function search expects two arguments"),
            ("$[?match(@.a, 'x', 'y')]", 19, "function match expects two arguments"),
            ("$[?length(match(@.a, 'x')) == 1]", 10, "length() expects a value here: a literal, a singular query or a function returning a value"),
            ("$[?value(1) == 1]", 9, "value() expects a query here"),
            ("$[?count(length(@)) == 1]", 9, "count() expects a query here"),
        ] {
            let error = try #require(throws: JSON.QueryError.self, "\(invalid)") { try JSON.JSONPath(invalid) }
            #expect(error.kind == .invalidQuery, "\(invalid)")
            #expect(error.offset == offset, "\(invalid)")
            #expect(error.message == message, "\(invalid)")
        }
    }
}

/// Random queries from a small grammar of JSONPath, some of them then
/// mangled: compiling and running never traps, and values and documents
/// agree.
@Suite struct JSONPathRobustnessTests {
    /// A fixed linear congruential generator, so failures reproduce.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    static let names = ["'b'", "'a'", "\"0\"", "'\\u00e9'", "*"]
    static let integers = ["0", "1", "-1", "2", "-9007199254740991", "9007199254740991"]
    static let literals = ["1", "-0", "1.5e3", "'abc'", "\"x\"", "true", "false", "null"]
    static let patterns = ["'[a-z]+'", "'.*'", "'(a'", "'a|b'", "'\\\\p{L}'"]
    static let noise = ["[", "]", "(", ")", "?", "'", ",", ":", "!", "..", " ", "=", "\\", "@", "$"]

    static func segment(_ depth: Int, using generator: inout Generator) -> String {
        func pick(_ options: [String]) -> String { options.randomElement(using: &generator) ?? "" }
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: return "." + pick(["a", "b", "*"])
        case 1: return ".." + pick(["a", "*", "[0]"])
        case 2: return "[" + pick(names) + "]"
        case 3: return "[" + pick(integers) + "]"
        case 4: return "[" + pick(["", "1"]) + ":" + pick(["", "-1", "9007199254740991"]) + pick(["", ":2", ":-1", ":0"]) + "]"
        case 5: return "[" + pick(names) + "," + pick(integers) + "]"
        default: return depth > 3 ? "[*]" : "[?" + expression(depth + 1, using: &generator) + "]"
        }
    }

    static func query(_ start: String, _ depth: Int, using generator: inout Generator) -> String {
        start + (0..<Int.random(in: 0...3, using: &generator)).map { _ in segment(depth, using: &generator) }.joined()
    }

    static func expression(_ depth: Int, using generator: inout Generator) -> String {
        func pick(_ options: [String]) -> String { options.randomElement(using: &generator) ?? "" }
        let singular = pick(["@", "$"]) + pick(["", ".a", ".b", "[0]", "['a'][1]", ".a.a"])
        switch Int.random(in: 0..<9, using: &generator) {
        case 0: return query("@", depth, using: &generator)
        case 1, 2: return singular + pick(["==", "!=", "<", "<=", ">", ">="]) + pick(literals + [singular])
        case 3: return pick(["length(\(singular))", "count(\(query("@", depth, using: &generator)))", "value(@..a)"]) + pick(["==", ">"]) + pick(literals)
        case 4: return pick(["match", "search"]) + "(" + singular + "," + pick(patterns + [singular]) + ")"
        case 5: return "!(" + expression(depth, using: &generator) + ")"
        case 6: return expression(depth, using: &generator) + pick(["&&", "||"]) + expression(depth, using: &generator)
        default: return "(" + expression(depth, using: &generator) + ")"
        }
    }

    @Test func randomQueriesNeverTrap() throws {
        let value: JSON = ["a": [1, "x", ["a": 2, "b": [true, nil]], []], "b": ["a": "abc", "b": 2.0], "0": 1.5, "é": ["a": ["a": 1]]]
        let document = try JSON.Document(parsing: value.serializedString())
        var generator = Generator(state: 9535)
        var compiled = 0
        for _ in 0..<5_000 {
            var query = Array(Self.query("$", 0, using: &generator).unicodeScalars)
            let mangled = Bool.random(using: &generator)
            if mangled, !query.isEmpty {
                // Mangle: drop a character or put some noise in.
                let position = Int.random(in: 0..<query.count, using: &generator)
                if Bool.random(using: &generator) {
                    query.remove(at: position)
                } else {
                    query.insert(contentsOf: (Self.noise.randomElement(using: &generator) ?? "").unicodeScalars, at: position)
                }
            }
            let text = String(String.UnicodeScalarView(query))
            guard let path = try? JSON.JSONPath(text) else {
                #expect(mangled, "\(text)")
                continue
            }
            compiled += 1
            let values = try value.jsonPathMatches(path)
            let nodes = try document.root.jsonPathMatches(path)
            #expect(values.map(\.normalizedPath) == nodes.map(\.normalizedPath), "\(text)")
            #expect(values.map(\.value) == nodes.map { $0.value.value ?? .null }, "\(text)")
        }
        #expect(compiled > 2_500)
    }

    /// Found by FuzzQuery: an object with a repeated key was not equal to
    /// itself on a document, and a document listed both members.
    @Test func repeatedKeysGiveTheSameAnswerOnDocumentsAndValues() throws {
        let text = #"[{"a": 1, "b": 2, "a": 3}, {"b": 2, "a": 3}]"#
        for policy in [JSON.ParseOptions.DuplicateKeyPolicy.lastWins, .firstWins] {
            let options = JSON.ParseOptions(duplicateKeys: policy)
            let value = try JSON(parsing: text, options: options)
            let document = try JSON.Document(parsing: text, options: options)
            for query in ["$[?@ == $[0]]", "$[?@ == $[1]]", "$[0].*", "$..*", "$[?length(@) == 2]", "$[0].a"] {
                let fromValue = try value.jsonPathMatches(query).map(\.normalizedPath)
                let fromDocument = try document.root.jsonPathMatches(query).map(\.normalizedPath)
                #expect(fromDocument == fromValue, "\(policy) \(query)")
            }
        }
        let lastWins = try JSON.Document(parsing: text)
        #expect(try lastWins.root.jsonPathMatches("$[?@ == $[1]]").map(\.normalizedPath) == ["$[0]", "$[1]"])
        #expect(try lastWins.root.jsonPath("$[0].*").compactMap(\.value) == [3, 2])
    }
}
