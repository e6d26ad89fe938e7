@testable import PeregrineCore
@testable import PeregrineQuery
import Testing

/// Hostile JSONPath queries and documents: the work of a run is counted
/// (nodes visited, automaton steps, cache bytes) at n and 8n, so that a
/// quadratic or unbounded implementation fails here without any timing.
@Suite struct JSONPathLimitsTests {
    /// The nodes one run visits, and what it found.
    func work<Node: QueryNode>(
        _ query: String, on root: Node, limits: JSON.JSONPath.Limits = .init()
    ) throws -> (visited: Int, found: Int) {
        let evaluation = JSON.JSONPath.Evaluation(root: root, query: try JSON.JSONPath(query), limits: limits)
        let found = try evaluation.nodes().count
        return (evaluation.visited, found)
    }

    /// The work on documents and on values of the text at n and 8n:
    /// at most about 8 times as much, where a quadratic run does 64.
    func workGrowsLinearly(_ query: String, _ text: (Int) -> String) throws {
        let (small, large) = (text(500), text(4_000))
        let onDocuments = (try work(query, on: JSON.Document(parsing: small).root), try work(query, on: JSON.Document(parsing: large).root))
        let onValues = (try work(query, on: JSON(parsing: small)), try work(query, on: JSON(parsing: large)))
        for (tree, (atN, at8N)) in [("document", onDocuments), ("value", onValues)] {
            let ratio = Double(at8N.visited) / Double(atN.visited)
            #expect(ratio < 9, "\(query) on a \(tree): \(atN.visited) nodes, then \(at8N.visited)")
        }
    }

    static func array(of count: Int, _ element: (Int) -> String) -> String {
        "[" + (0..<count).map(element).joined(separator: ",") + "]"
    }

    // MARK: - Hoisting and lookups on documents

    /// Comparing two objects of n members on a document's tape costs O(n):
    /// the right-hand members are found through one table, not n walks.
    @Test func comparingWideObjectsIsLinear() throws {
        try workGrowsLinearly("$[?@ == $[0]]") { count in
            "[{" + (0..<count).map { "\"member\($0)\": {\"id\": \($0)}" }.joined(separator: ",") + "}]"
        }
    }

    /// `$[-1]` walks the array on a document; hoisted, once per run.
    @Test func rootQueriesInFiltersAreHoisted() throws {
        for query in ["$[?$[-1] == 0]", "$[?@ == $[-1]]", "$[?count($[*]) == 0]", "$[?length($[-1]) > 0]", "$[?$[-1]]"] {
            try workGrowsLinearly(query) { Self.array(of: $0) { "{\"id\": \($0)}" } }
        }
    }

    /// A hoisted expression is evaluated once per run, even inside a
    /// nested filter: `count($[*])` lists the root's n elements once.
    @Test func aHoistedExpressionRunsOncePerRun() throws {
        let value = try JSON(parsing: Self.array(of: 1_000) { "[\($0)]" })
        let plain = try work("$[*][?@ == 1]", on: value)
        let hoisted = try work("$[*][?count($[*]) == 1000]", on: value)
        #expect(plain.found == 1 && hoisted.found == 1_000)
        #expect(hoisted.visited < plain.visited + 5_000, "\(hoisted.visited) against \(plain.visited)")
    }

    /// A literal pattern is compiled once per run, not once per node.
    @Test func literalPatternsAreCompiledOnce() throws {
        let pattern = "(a|b){0,2000}"
        try workGrowsLinearly("$[?match(@, '\(pattern)')]") { Self.array(of: $0) { _ in "\"ab\"" } }
    }

    /// Hoisting keeps the results of the compliance suite (the suite runs
    /// in `JSONPathComplianceTests`); a few by hand where constant parts
    /// mix with `@`.
    @Test func hoistedQueriesKeepTheirMeaning() throws {
        let value: JSON = ["a": [1, 2, 3], "p": "[23]", "n": 2, "list": [["x": 2], ["x": 3], ["x": 2]]]
        #expect(try value.jsonPath("$.list[?@.x == $.n]") == [["x": 2], ["x": 2]])
        #expect(try value.jsonPath("$.a[?@ > $.n && $.n == 2]") == [3])
        #expect(try value.jsonPath("$.a[?@ > $.n || $.n == 7]") == [3])
        #expect(try value.jsonPath("$.a[?!($.n == 2) || @ == 1]") == [1])
        #expect(try value.jsonPath("$.a[?match(@, $.p)]") == [])
        #expect(try value.jsonPath("$.list[?count($.a[?@ > $.n]) == 1].x") == [2, 3, 2])
        #expect(try value.jsonPath("$.list[?count(@[?@ > $.n]) == 1].x") == [3])
        #expect(try value.jsonPath("$.a[?length($.p) == 4]") == [1, 2, 3])
        let strings: JSON = ["2", "3", "4", "p"]
        #expect(try strings.jsonPath("$[?match(@, $[-1])]") == ["p"])
        #expect(try strings.jsonPath("$[?match(@, '[23]')]") == ["2", "3"])
        #expect(try strings.jsonPath("$[?search($[0], '2')]").count == 4)
    }

    // MARK: - Nodelists

    /// `$[0,0][0,0]…` doubles the nodelist at each segment: 2^28 nodes from
    /// a 141-byte query and a 57-byte document. The run stops at the limit,
    /// with its own error.
    @Test func duplicatingNodelistsStopAtTheLimit() throws {
        let depth = 28
        let text = String(repeating: "[", count: depth) + "0" + String(repeating: "]", count: depth)
        let query = "$" + String(repeating: "[0,0]", count: depth)
        let limits = JSON.JSONPath.Limits(maxNodes: 100_000)
        let error = JSON.QueryError(
            .tooManyNodes, query: query, offset: 0,
            message: "the query visits more than 100000 nodes (JSON.JSONPath.Limits.maxNodes)")
        #expect(throws: error) { try JSON(parsing: text).jsonPath(query, limits: limits) }
        #expect(throws: error) { try JSON.Document(parsing: text).root.jsonPathMatches(query, limits: limits) }
        #expect(error.description == "query stopped: the query visits more than 100000 nodes (JSON.JSONPath.Limits.maxNodes)")
        // Within the limit, duplicates are kept (RFC 9535).
        #expect(try JSON(parsing: text).jsonPath("$" + String(repeating: "[0,0]", count: 10)).count == 1 << 10)
    }

    /// The work a run may do is what the limit says, whatever the query
    /// asks for: at n and 8n the run stops at the same count.
    @Test func theLimitBoundsTheWork() throws {
        let text = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        for limit in [1_000, 8_000] {
            let evaluation = JSON.JSONPath.Evaluation(
                root: try JSON.Document(parsing: text).root, query: try JSON.JSONPath("$..*..*..*..*"),
                limits: .init(maxNodes: limit))
            let error = try #require(throws: JSON.QueryError.self) { try evaluation.matches() }
            #expect(error.kind == .tooManyNodes)
            #expect(error.offset == 0)
            #expect(error.message == "the query visits more than \(limit) nodes (JSON.JSONPath.Limits.maxNodes)")
            #expect(evaluation.visited > limit && evaluation.visited <= limit + 40, "\(evaluation.visited)")
        }
    }

    /// An existence test stops at the first node: `?@[*,*][*,*]…` does not
    /// build the 2^k nodelist it describes, so 8 times the segments is
    /// about 8 times the work, not 2^(7k) times.
    @Test func existenceTestsStopAtTheFirstNode() throws {
        func existence(_ segments: Int) throws -> (visited: Int, found: Int) {
            let text = "[" + String(repeating: "[", count: segments) + "0" + String(repeating: "]", count: segments) + "]"
            return try work("$[?@" + String(repeating: "[*,*]", count: segments) + "]", on: try JSON.Document(parsing: text).root)
        }
        let small = try existence(3)
        let large = try existence(24)
        #expect(small.found == 1 && large.found == 1)
        #expect(large.visited < 9 * small.visited, "\(small.visited) then \(large.visited)")
    }

    /// `count` counts without keeping the nodes, and `value` stops at the
    /// second node.
    @Test func countAndValueWalkWithoutNodelists() throws {
        let value = try JSON(parsing: Self.array(of: 1_000) { "\($0)" })
        #expect(try value.jsonPath("$[?count($[*]) == 1000]").count == 1_000)
        let oneValue = try work("$[?value($[*]) == 0]", on: value)
        #expect(oneValue.found == 0 && oneValue.visited < 4_000)
    }

    // MARK: - Regular expressions

    /// A class of n ranges is searched in O(log n): the comparisons to find
    /// a scalar's range at 8n ranges are about 3 more than at n.
    @Test func classesAreSearchedInLogarithmicTime() {
        func comparisons(_ ranges: Int) -> Int {
            // Every other scalar from U+4E00, so nothing merges.
            let scalars = (0..<ranges).compactMap { Unicode.Scalar(0x4E00 + 2 * $0) }
            let set = IRegexp.ScalarSet(ranges: scalars.map { $0...$0 })
            #expect(set.ranges.count == ranges)
            var most = 0
            for probe in [0x4DFF, 0x4E00, 0x4E01, 0x4E00 + ranges, 0x4E00 + 2 * ranges].compactMap(Unicode.Scalar.init) {
                var count = 0
                _ = set.rangeIndex(of: probe, comparisons: &count)
                most = max(most, count)
            }
            return most
        }
        let small = comparisons(1_250)
        let large = comparisons(10_000)
        #expect(large <= small + 4, "\(small) comparisons, then \(large)")
    }

    /// Ranges are merged, categories folded, and complemented classes
    /// still answer right.
    @Test func classesAreNormalized() {
        let set = IRegexp.ScalarSet(ranges: ["x"..."z", "a"..."c", "b"..."d", "e"..."e"])
        #expect(set.ranges == ["a"..."e", "x"..."z"])
        var bit: UInt32?
        for (scalar, expected) in [("a", true), ("e", true), ("f", false), ("y", true), ("{", false)] as [(Unicode.Scalar, Bool)] {
            #expect(set.contains(scalar, categoryBit: &bit) == expected, "\(scalar)")
            bit = nil
        }
        let cases: [(pattern: String, matching: [String], notMatching: [String])] = [
            (#"[^\p{L}\P{Nd}]"#, ["1", "٣"], ["a", " "]),
            (#"[\p{Lu}\p{Ll}0-9]+"#, ["aB3"], ["a b", "ǅ"]),
            ("[^a-cb-fk]", ["g", "z"], ["a", "f", "k"]),
        ]
        for (pattern, matching, notMatching) in cases {
            let automaton = IRegexp(pattern).flatMap(IRegexp.Automaton.init)
            for string in matching { #expect(automaton?.matches(string) == true, "\(pattern) on \(string)") }
            for string in notMatching { #expect(automaton?.matches(string) == false, "\(pattern) on \(string)") }
        }
    }

    /// Repeating a class repeats its index, not its ranges: the automaton
    /// of `[^<n characters>]{0,3000}` grows by the class's size once.
    @Test func repeatedClassesAreSharedByTheirStates() {
        func bytes(_ ranges: Int) -> Int {
            let characters = (0..<ranges).compactMap { Unicode.Scalar(0x4E00 + 2 * $0) }.map(String.init).joined()
            return IRegexp("[^\(characters)]{0,3000}").flatMap(IRegexp.Automaton.init)?.byteCount ?? 0
        }
        let small = bytes(1_250)
        let large = bytes(10_000)
        #expect(small > 0 && large - small < 8_750 * 2 * MemoryLayout<ClosedRange<Unicode.Scalar>>.stride)
    }

    /// Matching counts steps against a budget and gives up when it is
    /// spent; through JSONPath, the steps count against `maxNodes`.
    @Test func matchingIsBudgeted() throws {
        let automaton = IRegexp("(a|aa)*b").flatMap(IRegexp.Automaton.init)
        var budget = 100
        #expect(automaton?.matches(String(repeating: "a", count: 1_000), budget: &budget) == nil)
        #expect(budget < 0)
        budget = 100_000
        #expect(automaton?.matches("aab", budget: &budget) == true)
        let value: JSON = [.string(String(repeating: "a", count: 10_000))]
        let error = try #require(throws: JSON.QueryError.self) { try value.jsonPath("$[?match(@, '(a|aa)*b')]", limits: .init(maxNodes: 5_000)) }
        #expect(error.kind == .tooManyNodes)
        #expect(error.offset == 0)
        #expect(error.message == "the query visits more than 5000 nodes (JSON.JSONPath.Limits.maxNodes)")
        #expect(try value.jsonPath("$[?match(@, '(a|aa)*')]").count == 1)
    }

    /// Patterns taken from the document are cached within a byte bound:
    /// at n and 8n distinct patterns the cache holds at most its maximum.
    @Test func thePatternCacheIsBoundedInBytes() throws {
        var cache = JSON.JSONPath.PatternCache(maximumBytes: 200_000)
        var most = 0
        for count in [25, 200] {
            for index in 0..<count {
                _ = cache.automaton(for: "a{0,500}\(index)")
                most = max(most, cache.bytes)
            }
        }
        #expect(most <= 200_000 && most > 100_000)
        // Through a query, with the default cache.
        let text = Self.array(of: 200) { "{\"s\": \"a\($0)\", \"p\": \"a{0,1000}\($0)\"}" }
        let evaluation = JSON.JSONPath.Evaluation(
            root: try JSON.Document(parsing: text).root, query: try JSON.JSONPath("$[?match(@.s, @.p)]"), limits: .init())
        #expect(try evaluation.nodes().count == 200)
        #expect(evaluation.patternCacheBytes <= JSON.JSONPath.PatternCache.defaultMaximumBytes)
    }
}
