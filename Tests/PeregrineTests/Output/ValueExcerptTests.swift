import Testing

@testable import PeregrineCore

/// `JSON.excerpt(scalars:)`: what a message shows of a value, cut as
/// excerpts of input are, whatever the size of the value.
@Suite struct ValueExcerptTests {
    @Test func shortValuesAreWhole() {
        #expect(JSON.null.excerpt(scalars: 40) == "null")
        #expect(JSON.bool(false).excerpt(scalars: 40) == "false")
        #expect(JSON.number(.init(2.5)).excerpt(scalars: 40) == "2.5")
        #expect(JSON.string("a\"b").excerpt(scalars: 40) == #""a\"b""#)
        let object: JSON = ["a": [1, "x", nil], "b": [:]]
        #expect(object.excerpt(scalars: 40) == #"{"a":[1,"x",null],"b":{}}"#)
        let exactly: JSON = .string(String(repeating: "x", count: 40))
        #expect(exactly.excerpt(scalars: 40) == "\"" + String(repeating: "x", count: 40) + "\"")
    }

    /// A longer value's compact text is cut after the limit, then `…`; a
    /// string inside its quotes, as decoding errors quote one.
    @Test func longValuesAreCut() {
        #expect(JSON.string("abcdef").excerpt(scalars: 3) == #""abc…""#)
        let object: JSON = ["list": [1, 2, 3], "name": "Ada"]
        #expect(object.excerpt(scalars: 12) == #"{"list":[1,2…"#)
        let numbers = JSON.array((0..<100).map { .number(.init($0)) })
        #expect(numbers.excerpt(scalars: 10) == "[0,1,2,3,4…")
        // Cut inside a nested string, a key, and a container that ends past the limit.
        let nested: JSON = ["k": [.string(String(repeating: "é", count: 50))]]
        #expect(nested.excerpt(scalars: 10) == #"{"k":["ééé…"#)
        let key = JSON.object(JSON.Object([(String(repeating: "k", count: 100), JSON.number(.init(1)))]))
        #expect(key.excerpt(scalars: 5) == #"{"kkk…"#)
        let brackets: JSON = [[[[]]], [1]]
        #expect(brackets.excerpt(scalars: 8) == "[[[[]]],…")
        // Escapes count as the scalars they are written with.
        let escapes: JSON = ["\n\n\n\n"]
        #expect(escapes.excerpt(scalars: 5) == #"["\n\…"#)
    }

    /// Only the start of the value is visited: a tree of 2^64 leaves
    /// (each level holds its child twice) is cut at once, its size measured
    /// only as far as the limit (`compactSize(atMost:)`'s counted work).
    @Test(.timeLimit(.minutes(1)))
    func theWorkIsBoundedByTheLimit() throws {
        let tree = (0..<64).reduce(JSON.array([1])) { inner, _ in .array([inner, inner]) }
        let counter = WorkCounter()
        let excerpt = WorkCounter.$current.withValue(counter) { tree.excerpt(scalars: 40) }
        #expect(excerpt == String(repeating: "[", count: 40) + "…")
        let budget = 4 * 41
        #expect(counter.units > 0 && counter.units <= budget * budget, "\(counter.units)")
        let long = String(repeating: "x", count: 1 << 20)
        #expect(JSON.array(Array(repeating: .string(long), count: 100_000)).excerpt(scalars: 40) == "[\"" + String(repeating: "x", count: 38) + "…")
    }
}
