import Foundation
@testable import PeregrineCore
@testable import PeregrineQuery
import Testing

/// RFC 7396 JSON Merge Patch: the RFC's examples, member order, depth and work.
@Suite struct JSONMergePatchTests {
    /// Every example of RFC 7396 Appendix A: original, patch, result.
    static let appendixA: [(String, String, String)] = [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
        (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
        (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
        (#"{"a":"foo"}"#, "null", "null"),
        (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
        (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ]

    /// Results are compared as text: member order included.
    @Test func everyExampleOfAppendixA() throws {
        for (original, patch, result) in Self.appendixA {
            let merged = try JSON(parsing: original).merging(patch: JSON(parsing: patch))
            #expect(try merged.serializedString() == result, "\(original) + \(patch)")
            var inPlace = try JSON(parsing: original)
            inPlace.merge(patch: try JSON(parsing: patch))
            #expect(inPlace == merged)
        }
    }

    /// The example of RFC 7396 §3.
    @Test func theExampleOfSection3() throws {
        let original = try JSON(parsing: """
            {"title": "Goodbye!", "author": {"givenName": "John", "familyName": "Doe"},
             "tags": ["example", "sample"], "content": "This will be unchanged"}
            """)
        let patch = try JSON(parsing: #"{"title": "Hello!", "phoneNumber": "+01-123-456-7890", "author": {"familyName": null}, "tags": ["example"]}"#)
        #expect(try original.merging(patch: patch).serializedString() == """
            {"title":"Hello!","author":{"givenName":"John"},"tags":["example"],"content":"This will be unchanged","phoneNumber":"+01-123-456-7890"}
            """)
    }

    @Test func mergingLeavesTheOriginalAlone() throws {
        let original: JSON = ["a": ["b": 1, "c": 2]]
        let merged = original.merging(patch: ["a": ["b": nil, "d": 3]])
        #expect(original == ["a": ["b": 1, "c": 2]])
        #expect(try merged.serializedString() == #"{"a":{"c":2,"d":3}}"#)
    }

    /// Patches as deep as an owned value goes merge without recursion.
    @Test func deepPatchesMerge() throws {
        var patch: JSON = ["leaf": 1, "gone": nil]
        for _ in 0..<(JSON.maxValueDepth - 1) { patch = ["a": patch] }
        var expected: JSON = ["leaf": 1]
        for _ in 0..<(JSON.maxValueDepth - 1) { expected = ["a": expected] }
        #expect(JSON.null.merging(patch: patch) == expected)
        #expect(expected.merging(patch: patch) == expected)
    }

    /// Removing k members of an object of n: O(1) amortised each, not a
    /// pass over the object each.
    @Test func removalsAreLinear() throws {
        func work(_ n: Int) -> Int {
            let object = JSON.Object((0..<n).map { ("k\($0)", JSON.number(JSON.Number($0))) })
            let patch = JSON.Object((0..<n).filter { $0.isMultiple(of: 2) }.map { ("k\($0)", JSON.null) })
            var value = JSON.object(object)
            let counter = WorkCounter()
            WorkCounter.$current.withValue(counter) { value.merge(patch: .object(patch)) }
            #expect(value.object?.count == n / 2 && value["k1"].value == 1 && !value["k0"].exists)
            return counter.units
        }
        let (small, large) = (work(1_000), work(8_000))
        #expect(small <= 3 * 1_000 && large <= 8 * small + 8, "\(small) \(large)")
    }
}
