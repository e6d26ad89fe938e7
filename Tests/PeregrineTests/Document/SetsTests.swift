@testable import PeregrineCore
@testable import PeregrineQuery
import Testing
import TestSupport

/// `<…>` sets under `allowSets`: repeated elements dropped as owned values
/// compare, at any nesting, in work linear in the input.
@Suite struct SetsTests {
    let options = JSON.ParseOptions(maxDepth: 100_000, allowSets: true)

    func parsed(_ text: String, _ options: JSON.ParseOptions? = nil) throws -> (value: JSON, document: JSON.Document) {
        let options = options ?? self.options
        return (try JSON(parsing: text, options: options), try JSON.Document(parsing: text, options: options))
    }

    @Test func elementsCompareAsOwnedValues() throws {
        let cases: [(String, JSON)] = [
            (#"<"A", "\u0041", "a">"#, ["A", "a"]),
            ("<1.0, 1.00, 1, 10e-1>", [1.0, 1]),
            (#"<{"a": 1, "b": [2]}, {"b": [2], "a": 1}, {"a": 1}>"#, [["a": 1, "b": [2]], ["a": 1]]),
            (#"<{"a": 1, "a": 2}, {"a": 2}, {"a": 1}>"#, [["a": 2], ["a": 1]]),
            ("<[], {}, [], {}, null, null, false, 0>", [[], [:], nil, false, 0]),
            ("<<1, 1>, <1>, [1], <2, 1>, [1, 2]>", [[1], [2, 1], [1, 2]]),
            ("<<<1, 1>, <1>>, [[1]], 3>", [[[1]], 3]),
        ]
        for (text, expected) in cases {
            let (value, document) = try parsed(text)
            #expect(value == expected, "\(text)")
            #expect(document.root.value == expected, "\(text)")
            #expect(document.root.count == expected.array?.count, "\(text)")
        }
    }

    @Test func repeatedKeysFollowThePolicy() throws {
        let text = #"<{"a": 1, "a": 2}, {"a": 1}, {"a": 2}>"#
        var firstWins = options
        firstWins.duplicateKeys = .firstWins
        #expect(try JSON(parsing: text, options: firstWins) == [["a": 1], ["a": 2]])
        #expect(try JSON(parsing: text, options: options) == [["a": 2], ["a": 1]])
    }

    @Test func nodesAfterDroppedElementsKeepTheirPlaces() throws {
        let document = try JSON.Document(parsing: #"[<[1, 2], [1, 2], {"x": <3, 3>}>, {"y": [4]}, 5]"#, options: options)
        #expect(document.root[0].count == 2)
        #expect(document.root[0][1]["x"].value == [3])
        #expect(document.root[1]["y"][0].int == 4)
        #expect(document.root[2].int == 5)
        #expect(document.root.count == 3)
    }

    /// Random nested sets, checked against dropping repeats from the owned
    /// value bottom up (the definition).
    @Test func randomSetsMatchTheDefinition() throws {
        var generator = SeededGenerator(seed: 2_026_1124)
        func text(depth: Int) -> String {
            let pick = Int(generator.next() % 9)
            if depth > 4 || pick < 4 { return ["1", "1.0", "2", "\"a\"", "\"\\u0061\"", "null", "[]", "{}"][Int(generator.next() % 8)] }
            let count = Int(generator.next() % 5)
            let elements = (0..<count).map { _ in text(depth: depth + 1) }
            switch pick {
            case 4, 5: return "<" + elements.joined(separator: ",") + ">"
            case 6, 7: return "[" + elements.joined(separator: ",") + "]"
            default:
                // Distinct keys: a repeated key would drop a member, and the set marks in it with it.
                return "{" + elements.enumerated().map { "\"k\($0.offset)\":\($0.element)" }.joined(separator: ",") + "}"
            }
        }
        for _ in 0..<500 {
            let sample = text(depth: 0)
            let arrays = sample.replacingOccurrences(of: "<", with: "[").replacingOccurrences(of: ">", with: "]")
            let plain = try JSON(parsing: arrays)
            // The same tree with each set's repeats dropped, innermost first.
            let expected = reference(plain, sets: setMarks(in: sample))
            #expect(try JSON(parsing: sample, options: options) == expected, "\(sample)")
        }
    }

    /// Which arrays of `text` (in the order their brackets open) are sets.
    private func setMarks(in text: String) -> [Bool] {
        var marks: [Bool] = []
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "<" || character == "[" {
                marks.append(character == "<")
            }
        }
        return marks
    }

    /// `value` with repeats dropped from the arrays that `marks` says are
    /// sets (marks consumed in document order).
    private func reference(_ value: JSON, sets marks: [Bool]) -> JSON {
        var next = 0
        func walk(_ value: JSON) -> JSON {
            switch value {
            case .array(let elements):
                let isSet = marks[next]
                next += 1
                var result: [JSON] = []
                for element in elements.map(walk) where !(isSet && result.contains(element)) { result.append(element) }
                return .array(result)
            case .object(let object):
                var copy = object
                for member in object { copy[member.key] = walk(member.value) }
                return .object(copy)
            default:
                return value
            }
        }
        return walk(value)
    }

    /// The work of parsing with sets: the digests made, the pairs compared
    /// and the entries moved.
    func work(_ text: String) throws -> Int {
        let counter = WorkCounter()
        try WorkCounter.$current.withValue(counter) { _ = try JSON.Document(parsing: text, options: options) }
        return counter.units
    }

    @Test func manySmallSetsCostLinearWork() throws {
        func text(_ n: Int) -> String { "[" + Array(repeating: "<1, 2, 1>", count: n).joined(separator: ",") + "]" }
        let (small, large) = (try work(text(1_000)), try work(text(8_000)))
        #expect(small > 0 && large <= 9 * small, "\(small) -> \(large)")
    }

    @Test func nestedSetsWithRepeatsCostLinearWork() throws {
        // Each level drops a repeat before the set nested in it, which must
        // not make every level move or compare what is nested below.
        func text(_ n: Int) -> String {
            String(repeating: "<0, 0, [1, 1], [1, 1], ", count: n) + "2" + String(repeating: ">", count: n)
        }
        let (small, large) = (try work(text(500)), try work(text(4_000)))
        #expect(small > 0 && large <= 9 * small, "\(small) -> \(large)")
        let document = try JSON.Document(parsing: text(3), options: options)
        #expect(document.root.value == [0, [1, 1], [0, [1, 1], [0, [1, 1], 2]]])
    }
}
