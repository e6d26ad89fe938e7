@testable import PeregrineCore
@testable import PeregrineQuery
import Testing
import TestSupport

/// The I-Regexp parser and its linear-time automaton, directly and through
/// JSONPath's `match` and `search`.
@Suite struct IRegexpTests {
    /// `match`: the whole string; `nil` when the pattern has no automaton.
    func matches(_ pattern: String, _ string: String) -> Bool? {
        IRegexp(pattern).flatMap(IRegexp.Automaton.init)?.matches(string)
    }

    /// `search`: some part of the string; `nil` when the pattern has no
    /// automaton.
    func matchesPart(_ pattern: String, _ string: String) -> Bool? {
        IRegexp(pattern).flatMap(IRegexp.Automaton.init)?.matchesPart(of: string)
    }

    @Test func parsesIntoPostfixNodes() {
        #expect(IRegexp("a|(c)*")?.nodes == [.scalar(0), .scalar(1), .group, .repetition(minimum: 0, maximum: nil), .alternation])
        #expect(IRegexp("a|(c)*")?.sets == [IRegexp.ScalarSet("a"), IRegexp.ScalarSet("c")])
        #expect(IRegexp("^a{02,3}$")?.nodes == [.start, .scalar(0), .repetition(minimum: 2, maximum: 3), .concatenation, .end, .concatenation])
        #expect(IRegexp("a|")?.nodes == [.scalar(0), .empty, .alternation])
        #expect(IRegexp("")?.nodes == [.empty])
        for valid in ["a.c", #"[^\p{L}\-]"#, "(a|b){2,}", "()", "(|)", "^*", "$?", "[-]", "[--]", #"[\-\]]"#, "[^^]"] {
            #expect(IRegexp(valid) != nil, "\(valid)")
        }
        for invalid in ["(a", "a)", "a**", "a+?", "a{1}{2}", "[]", "[^]", "[a", "a]", "a}", "{2}", "a{2,1}", "a{,2}", "a{2",
                        #"\d"#, #"\$"#, #"\p{Greek}"#, #"\p{Cs}"#, #"\pL"#, #"\p{L"#, "[z-a]", "[a-c-e]", "*a", #"\"#,
                        #"[\p{L}-z]"#, "(*)", "|*", "a|?", "[a-]b]"] {
            #expect(IRegexp(invalid) == nil, "\(invalid)")
        }
    }

    /// Patterns that make a backtracking engine take exponential time run
    /// in time linear in the string here (10,000 scalars, both functions).
    @Test(arguments: [#"(a*)*b"#, #"(a|a)*b"#, #"(a|aa)*c"#, #"(a+)+b"#, #"(.*)*b"#, #"(a?){20}a{20}c"#, #"((a*)*|b)*c"#])
    func pathologicalPatternsFinish(pattern: String) throws {
        let subject = String(repeating: "a", count: 10_000)
        #expect(matches(pattern, subject) == false)
        #expect(matchesPart(pattern, subject) == false)
        #expect(matches(pattern, subject + "b") == !pattern.hasSuffix("c"))
        let value: JSON = [["s": .string(subject), "p": .string(pattern)]]
        #expect(try value.jsonPath("$[?match(@.s, @.p) || search(@.s, @.p)]") == [])
    }

    @Test func dotIsAnyScalarButLineFeedAndCarriageReturn() {
        for (string, expected) in [("a", true), ("\n", false), ("\r", false), ("\r\n", false), ("\u{2028}", true),
                                   ("\u{85}", true), ("\t", true), ("😀", true), ("\u{0}", true), ("", false)] {
            #expect(matches(".", string) == expected, "\(string.debugDescription)")
        }
        #expect(matches(".*", "abc\ndef") == false)
        #expect(matchesPart("c.d", "abc\ndef") == false)
        #expect(matchesPart(#"c\nd"#, "abc\ndef") == true)
        #expect(matches(#"[^a]"#, "\n") == true)
    }

    @Test func classesRangesAndCategories() {
        let cases: [(String, String, Bool)] = [
            ("[a-cx]", "b", true), ("[a-cx]", "x", true), ("[a-cx]", "d", false),
            ("[^a-cx]", "d", true), ("[^a-cx]", "a", false), ("[^a-cx]", "\n", true),
            ("[0-9]+", "2024", true), ("[0-9]+", "20x4", false),
            (#"[\n\t]"#, "\t", true), (#"[\^]"#, "^", true), ("[^^]", "^", false), ("[^^]", "a", true),
            (#"[\[\]\\\-]+"#, #"[]\-"#, true),
            (#"\p{Lu}"#, "A", true), (#"\p{Lu}"#, "a", false), (#"\p{Lu}"#, "\u{1D400}", true),
            (#"\p{Ll}"#, "ß", true), (#"\p{Lt}"#, "ǅ", true), (#"\p{L}"#, "日", true), (#"\p{L}"#, "1", false),
            (#"\P{L}"#, "1", true), (#"\P{L}"#, "a", false), (#"\P{L}"#, "😀", true),
            (#"\p{Nd}"#, "٣", true), (#"\p{N}"#, "Ⅻ", true), (#"\p{Zs}"#, " ", true), (#"\p{Z}"#, "\u{2029}", true),
            (#"\p{Sc}"#, "€", true), (#"\p{So}"#, "😀", true), (#"\p{Sm}"#, "+", true), (#"\p{Pd}"#, "-", true),
            (#"\p{Mn}"#, "\u{301}", true), (#"\p{Cc}"#, "\n", true), (#"\p{Cf}"#, "\u{200B}", true),
            (#"\p{Co}"#, "\u{E000}", true), (#"\p{Cn}"#, "\u{378}", true), (#"\p{C}"#, "\u{378}", true), (#"\p{C}"#, "a", false),
            (#"[\p{Lu}\p{Nd}]+"#, "A1B2", true), (#"[\p{Lu}\p{Nd}]+"#, "A1b2", false),
            (#"[^\p{L}]"#, "a", false), (#"[^\p{L}]"#, "1", true),
            (#"[\P{L}]"#, "a", false), (#"[^\P{L}]"#, "a", true), (#"[^\P{L}]"#, "1", false),
            (#"[\P{L}a]"#, "a", true), (#"[^\P{L}a]"#, "b", true), (#"[^\P{L}a]"#, "a", false),
        ]
        for (pattern, string, expected) in cases {
            #expect(matches(pattern, string) == expected, "\(pattern) on \(string.debugDescription)")
        }
    }

    @Test func countedRepetitions() {
        let cases: [(String, [String: Bool])] = [
            ("a{0}", ["": true, "a": false]),
            ("a{0,0}", ["": true, "a": false]),
            ("ba{0}c", ["bc": true, "bac": false]),
            ("a{1}", ["": false, "a": true, "aa": false]),
            ("a{2,3}", ["a": false, "aa": true, "aaa": true, "aaaa": false]),
            ("a{2,}", ["a": false, "aa": true, "aaaaaaa": true, "aab": false]),
            ("a{0,}", ["": true, "aaa": true]),
            ("a{1,}", ["": false, "a": true]),
            ("a{0,2}", ["": true, "aa": true, "aaa": false]),
            ("(ab){2}", ["abab": true, "ab": false, "ababab": false]),
            ("(a|bc){2,3}", ["abc": true, "bcbc": true, "a": false, "abcabc": false, "aaa": true]),
            ("(a{2}){3}", [String(repeating: "a", count: 6): true, String(repeating: "a", count: 5): false]),
            ("(){3}", ["": true, "a": false]),
            ("()*", ["": true]),
            ("(a*){2,}", ["": true, "aaa": true, "b": false]),
        ]
        for (pattern, strings) in cases {
            for (string, expected) in strings {
                #expect(matches(pattern, string) == expected, "\(pattern) on \(string)")
            }
        }
    }

    @Test func anchors() {
        #expect(matchesPart("^a", "ab") == true)
        #expect(matchesPart("^a", "ba") == false)
        #expect(matchesPart("a$", "ba") == true)
        #expect(matchesPart("a$", "ab") == false)
        #expect(matches("^ab$", "ab") == true)
        #expect(matches("^$", "") == true)
        #expect(matchesPart("^$", "a") == false)
        #expect(matchesPart("a^b", "ab") == false)
        #expect(matchesPart("a$b", "ab") == false)
        #expect(matchesPart("x|^a", "ba") == false)
        #expect(matchesPart("(^|b)a", "ba") == true)
        #expect(matchesPart("(^|b)a", "ca") == false)
        #expect(matchesPart("(^|c)a", "ab") == true)
        #expect(matchesPart("^*a", "ba") == true)
        #expect(matchesPart("a$*", "ab") == true)
        // Inside a class they are characters.
        #expect(matches("[$^]+", "$^") == true)
    }

    /// `match` is the whole string, `search` any part of it, the empty
    /// part included.
    @Test func matchAndSearch() {
        #expect(matches("ab", "xaby") == false)
        #expect(matchesPart("ab", "xaby") == true)
        #expect(matches("", "") == true)
        #expect(matches("", "a") == false)
        #expect(matchesPart("", "a") == true)
        #expect(matchesPart("", "") == true)
        #expect(matchesPart("b*", "aaa") == true)
        #expect(matchesPart("ab|cd", "xxcd") == true)
        #expect(matchesPart("aab", "aaab") == true)
        #expect(matches("a|ab", "ab") == true)
        #expect(matches("(a|ab)(c|bcd)", "abcd") == true)
    }

    @Test func nonBMPScalars() {
        #expect(matches(".", "😀") == true)
        #expect(matches("..", "😀") == false)
        #expect(matches("a.b", "a\u{1D11E}b") == true)
        #expect(matches("😀+", "😀😀😀") == true)
        #expect(matches("[😀-😂]{2}", "😁😂") == true)
        #expect(matches("[😀-😂]", "😃") == false)
        #expect(matches("[^😀]", "😀") == false)
        #expect(matches("[^😀]", "😁") == true)
        #expect(matchesPart("𝄞", "ab𝄞cd") == true)
        // A flag is two scalars; a combining accent is one more.
        #expect(matches("..", "🇫🇷") == true)
        #expect(matches(".", "e\u{301}") == false)
    }

    /// Counted repetitions are written out within 10,000 nodes: `a{5000}`
    /// is 5,000 atoms and 4,999 concatenations; one more is too many, and
    /// a pattern over the limit is false for `match` and `search` alike
    /// (and so true under `!`).
    @Test func patternsOverTheSizeLimitAreFalse() throws {
        let a5000 = String(repeating: "a", count: 5000)
        #expect(matches("a{5000}", a5000) == true)
        #expect(matches("a{5001}", a5000 + "a") == nil)
        #expect(matches("(a{1000}){1000}", "a") == nil)
        #expect(matches("((a{100}){100}){100}", "a") == nil)
        #expect(matches("((){1000}){1000}", "") == nil)
        #expect(matches("a{0,99999999999999999999}", "") == nil)
        #expect(matches("a{1099511627776,}", "") == nil)
        let member: JSON = ["s": .string(a5000 + "a"), "p": "(a{1000}){1000}", "q": "a{5001}"]
        let value: JSON = [member]
        #expect(try value.jsonPath("$[?match(@.s, @.p) || search(@.s, @.p) || match(@.s, @.q)]") == [])
        #expect(try value.jsonPath("$[?!match(@.s, @.p) && !search(@.s, @.q)]") == [member])
    }

    /// Nothing recurses on the pattern's nesting: 4,000 nested groups (within
    /// the size limit) match, 100,000 (over it) do not, and neither
    /// exhausts a 512 KiB stack.
    @Test func deeplyNestedGroupsOnA512KiBThread() {
        let succeeded = runOnThread(stackSize: 512 * 1024) {
            func nested(_ depth: Int, _ inner: String, _ suffix: String) -> String {
                String(repeating: "(", count: depth) + inner + String(repeating: ")" + suffix, count: depth)
            }
            let shallowGroups = IRegexp(nested(4000, "a", "")).flatMap(IRegexp.Automaton.init)
            let shallowStars = IRegexp(nested(2000, "a", "*")).flatMap(IRegexp.Automaton.init)
            let deep = IRegexp(nested(100_000, "a", ""))
            let unclosed = IRegexp(String(repeating: "(", count: 100_000))
            return shallowGroups?.matches("a") == true && shallowStars?.matches("aaa") == true
                && shallowStars?.matchesPart(of: "b") == true && deep != nil
                && deep.flatMap(IRegexp.Automaton.init) == nil && unclosed == nil
        }
        #expect(succeeded)
    }

    /// Random patterns, valid or not, over a small alphabet of syntax, never
    /// trap.
    @Test func randomPatternsNeverTrap() {
        var generator = SeededGenerator(seed: 9485)
        let pieces = ["a", "b", ".", "(", ")", "|", "*", "+", "?", "{0}", "{1,3}", "{2,}", "{9999}", "^", "$", "[", "]", "-",
                      "[ab]", "[^a-c]", #"\p{L}"#, #"\P{Nd}"#, #"\"#, "{", "}", ",", "😀", "()"]
        let strings = ["", "a", "ab", "aab", "ba\n", "😀a", String(repeating: "ab", count: 50)]
        var compiled = 0
        for _ in 0..<3000 {
            let count = Int(generator.next() % 12)
            let pattern = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            guard let automaton = IRegexp(pattern).flatMap(IRegexp.Automaton.init) else { continue }
            compiled += 1
            for string in strings {
                // A whole match is a match of some part.
                #expect(!automaton.matches(string) || automaton.matchesPart(of: string), "\(pattern) on \(string)")
            }
        }
        #expect(compiled > 100)
    }
}

extension IRegexp.Automaton {
    /// Whether the pattern matches the whole of `string`, with no limit on the steps.
    func matches(_ string: String) -> Bool {
        var budget = Int.max
        return matches(string, budget: &budget) ?? false
    }

    /// Whether the pattern matches some part of `string`, with no limit on the steps.
    func matchesPart(of string: String) -> Bool {
        var budget = Int.max
        return matchesPart(of: string, budget: &budget) ?? false
    }
}
