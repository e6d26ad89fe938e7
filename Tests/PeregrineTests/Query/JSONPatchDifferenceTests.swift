import Foundation
@testable import PeregrineCore
@testable import PeregrineQuery
import Testing
import TestSupport

/// `JSON.Patch(from:to:)`: the patch turns the first value into the second,
/// stays small for common edits, and costs time linear in the values.
@Suite struct JSONPatchDifferenceTests {
    /// The patch from `a` to `b` as compact text, after checking that it turns `a` into `b`.
    func difference(_ a: JSON, _ b: JSON, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let patch = JSON.Patch(from: a, to: b)
        #expect(try a.applying(patch) == b, "\(a) → \(b) by \(patch)", sourceLocation: sourceLocation)
        #expect(try JSON.Patch(patch.json) == patch, sourceLocation: sourceLocation)
        return patch.description
    }

    @Test func equalValuesHaveAnEmptyPatch() throws {
        #expect(try difference(["a": [1, ["b": nil]], "c": "x"], ["a": [1, ["b": nil]], "c": "x"]) == "[]")
        // Member order is not a difference.
        #expect(try difference(["a": 1, "b": 2], ["b": 2, "a": 1]) == "[]")
    }

    @Test func scalarsAndKindsAreReplaced() throws {
        #expect(try difference(1, 2) == #"[{"op":"replace","path":"","value":2}]"#)
        #expect(try difference(["a": 1], ["a": 1.0]) == #"[{"op":"replace","path":"/a","value":1.0}]"#)
        #expect(try difference(["a": [1]], ["a": ["0": 1]]) == #"[{"op":"replace","path":"/a","value":{"0":1}}]"#)
        #expect(try difference(["a": "x"], ["a": nil]) == #"[{"op":"replace","path":"/a","value":null}]"#)
        #expect(try difference([true], ["x"]) == #"[{"op":"replace","path":"/0","value":"x"}]"#)
    }

    @Test func objectsChangeMemberByMember() throws {
        let a: JSON = ["keep": 1, "drop": 2, "nested": ["x": 1, "y": [1, 2]], "a/b~": 0]
        let b: JSON = ["nested": ["x": 2, "y": [1, 2], "z": true], "keep": 1, "new": "n", "a/b~": 1]
        #expect(try difference(a, b) == """
            [{"op":"remove","path":"/drop"},{"op":"replace","path":"/nested/x","value":2},\
            {"op":"add","path":"/nested/z","value":true},{"op":"replace","path":"/a~1b~0","value":1},\
            {"op":"add","path":"/new","value":"n"}]
            """)
        // The patched value keeps the first value's order, new members last.
        #expect(try a.applying(JSON.Patch(from: a, to: b)).serializedString() == #"{"keep":1,"nested":{"x":2,"y":[1,2],"z":true},"a/b~":1,"new":"n"}"#)
    }

    @Test func arraysKeepTheirCommonEnds() throws {
        #expect(try difference([1, 2, 3], [1, 2, 3, 4, 5]) == #"[{"op":"add","path":"/3","value":4},{"op":"add","path":"/4","value":5}]"#)
        #expect(try difference([1, 2, 3, 4, 5], [1, 2]) == #"[{"op":"remove","path":"/4"},{"op":"remove","path":"/3"},{"op":"remove","path":"/2"}]"#)
        #expect(try difference([1, 2, 3], [0, 1, 2, 3]) == #"[{"op":"add","path":"/0","value":0}]"#)
        #expect(try difference([1, 2, 3, 4], [1, 4]) == #"[{"op":"remove","path":"/2"},{"op":"remove","path":"/1"}]"#)
        #expect(try difference([1, 2, 3], [1, 9, 8, 3]) == #"[{"op":"replace","path":"/1","value":9},{"op":"add","path":"/2","value":8}]"#)
        #expect(try difference([1, ["a": 1], 3], [1, ["a": 2], 3]) == #"[{"op":"replace","path":"/1/a","value":2}]"#)
        #expect(try difference([[1, 2]], [[1, 2], [3]]) == #"[{"op":"add","path":"/1","value":[3]}]"#)
        #expect(try difference([], [1]) == #"[{"op":"add","path":"/0","value":1}]"#)
        #expect(try difference([1], []) == #"[{"op":"remove","path":"/0"}]"#)
    }

    /// Random values, and random edits of them, from fixed seeds.
    @Test func theDifferenceOfRandomValuesTurnsOneIntoTheOther() throws {
        var generator = SeededGenerator(seed: 6902)
        for _ in 0..<400 {
            let a = Samples.value(depth: 4, using: &generator)
            let edited = Self.edited(a, using: &generator)
            _ = try difference(a, edited)
            _ = try difference(edited, a)
            #expect(JSON.Patch(from: a, to: a).operations.isEmpty)
            _ = try difference(a, Samples.value(depth: 4, using: &generator))
        }
    }

    /// `value` with a few random changes: elements and members added,
    /// removed and replaced at any depth.
    static func edited<R: RandomNumberGenerator>(_ value: JSON, using rng: inout R) -> JSON {
        switch value {
        case .array(var elements):
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let position = Int.random(in: 0...elements.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: elements.insert(Samples.value(depth: 2, using: &rng), at: position)
                case 1 where position < elements.count: elements.remove(at: position)
                case 2 where position < elements.count: elements[position] = edited(elements[position], using: &rng)
                default: break
                }
            }
            return .array(elements)
        case .object(var object):
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let keys = object.keys
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: object[Samples.string(using: &rng)] = Samples.value(depth: 2, using: &rng)
                case 1: if let key = keys.randomElement(using: &rng) { object[key] = nil }
                default: if let key = keys.randomElement(using: &rng) { object[key] = object[key].map { edited($0, using: &rng) } }
                }
            }
            return .object(object)
        default:
            return Bool.random(using: &rng) ? value : Samples.value(depth: 1, using: &rng)
        }
    }

    /// Work at n and 8n: an element inserted at the front of a long array
    /// (found by comparing the common end), arrays of objects that all
    /// changed, and nested arrays that all change length.
    @Test func workIsLinearInTheValues() throws {
        func size(_ pair: (JSON, JSON)) -> Int { (pair.0.compactSize(atMost: .max) ?? 0) + (pair.1.compactSize(atMost: .max) ?? 0) }
        func work(_ a: JSON, _ b: JSON) -> (units: Int, operations: Int) {
            let counter = WorkCounter()
            let patch = WorkCounter.$current.withValue(counter) { JSON.Patch(from: a, to: b) }
            return (counter.units, patch.operations.count)
        }
        func shifted(_ n: Int) -> (JSON, JSON) {
            let elements = (0..<n).map { JSON.object(["id": JSON.number(JSON.Number($0)), "tags": ["a", "b"]]) }
            return (.array(elements), .array([0] + elements))
        }
        func changed(_ n: Int) -> (JSON, JSON) {
            (.array((0..<n).map { ["id": JSON.number(JSON.Number($0))] }), .array((0..<n).map { ["id": JSON.number(JSON.Number($0 + 1))] }))
        }
        func nested(_ n: Int) -> (JSON, JSON) {
            var a: JSON = []
            var b: JSON = [1]
            for level in 0..<n {
                a = [a, "pad", .array(Array(repeating: "x", count: level))]
                b = [b, "pad", .array(Array(repeating: "x", count: level)), 1]
            }
            return (a, b)
        }
        for (name, make) in [("shifted", shifted), ("changed", changed), ("nested", nested)] as [(String, (Int) -> (JSON, JSON))] {
            let n = name == "nested" ? 50 : 1_000
            let (small, large) = (make(n), make(8 * n))
            let (smallWork, largeWork) = (work(small.0, small.1), work(large.0, large.1))
            let (smallSize, largeSize) = (size(small), size(large))
            #expect(smallWork.units <= 4 * smallSize && largeWork.units <= 4 * largeSize, "\(name): \(smallWork) \(largeWork)")
            #expect(Double(largeWork.units) / Double(smallWork.units) <= 1.25 * Double(largeSize) / Double(smallSize), "\(name)")
            if name == "shifted" { #expect(smallWork.operations == 1 && largeWork.operations == 1) }
            _ = try difference(large.0, large.1)
        }
    }

    /// Once comparing common ends has cost as much as both values' size,
    /// arrays are compared position by position: a longer patch, still right.
    @Test func anExhaustedComparisonBudgetComparesByPosition() throws {
        let a: JSON = [1, 2, 3, 4]
        let b: JSON = [0, 1, 2, 3, 4]
        var difference = PatchDifference(a, b)
        difference.budget = 0
        let patch = JSON.Patch(difference.operations())
        #expect(patch.description == """
            [{"op":"replace","path":"/0","value":0},{"op":"replace","path":"/1","value":1},{"op":"replace","path":"/2","value":2},\
            {"op":"replace","path":"/3","value":3},{"op":"add","path":"/4","value":4}]
            """)
        #expect(try a.applying(patch) == b)
        #expect(JSON.Patch(from: a, to: b).operations.count == 1)
    }

    /// Values nested as deep as an owned value goes are compared without
    /// recursion. An operation at each level would repeat ever longer paths
    /// (1,024 operations, 1 MB for these 12 KB), so levels are replaced whole.
    @Test func deepValuesAreCompared() throws {
        var a = JSON.array([1])
        var b = JSON.array([2])
        for _ in 0..<(JSON.maxValueDepth - 1) {
            a = .array([a])
            b = .array([b, "x"])
        }
        let patch = JSON.Patch(from: a, to: b)
        let target = try #require(b.compactSize(atMost: .max))
        #expect(patch.operations.count < 64 && patch.description.utf8.count <= 2 * target + 300, "\(patch.operations.count)")
        #expect(try a.applying(patch) == b)
    }

    /// Operations under a long path repeat it: 4,000 changed elements under
    /// a 64 KiB key made 262 MB of patch, 50,000 inside 400 arrays 42 MB.
    /// An array whose operations would take more than twice the bytes of
    /// replacing it is replaced; at n and 8n the patch stays within twice
    /// the values' size, the work grows as the values do, and the patch
    /// turns one value into the other. Edits that are small beside their
    /// container stay element by element.
    @Test func patchesStayInProportionToTheValues() throws {
        // Numbers of seven digits, so that the values grow 8 times from n to 8n.
        func numbers(_ n: Int, from first: Int) -> JSON { .array((first..<(first + n)).map { JSON.number(JSON.Number(1_000_000 + $0)) }) }
        func longKey(_ n: Int) -> (JSON, JSON) {
            let key = String(repeating: "k/~", count: n)
            return (["a": [key: numbers(n, from: 0)]], ["a": [key: numbers(n, from: 1)]])
        }
        func nested(_ n: Int) -> (JSON, JSON) {
            var (a, b) = (numbers(n, from: 0), numbers(n, from: 1))
            for _ in 0..<100 { (a, b) = (.array([a]), .array([b])) }
            return (a, b)
        }
        func measure(_ pair: (JSON, JSON)) throws -> (patch: Int, values: Int, work: Int) {
            let counter = WorkCounter()
            let patch = WorkCounter.$current.withValue(counter) { JSON.Patch(from: pair.0, to: pair.1) }
            #expect(try pair.0.applying(patch) == pair.1)
            let values = (pair.0.compactSize(atMost: .max) ?? 0) + (pair.1.compactSize(atMost: .max) ?? 0)
            return (try patch.json.serialized().count, values, counter.units)
        }
        for (name, make) in [("long key", longKey), ("nested", nested)] as [(String, (Int) -> (JSON, JSON))] {
            let (small, large) = (try measure(make(500)), try measure(make(4_000)))
            #expect(small.patch <= 2 * small.values && large.patch <= 2 * large.values, "\(name): \(small) \(large)")
            #expect(small.work <= 4 * small.values && large.work <= 4 * large.values, "\(name): \(small) \(large)")
            #expect(Double(large.work) / Double(small.work) <= 1.25 * Double(large.values) / Double(small.values), "\(name): \(small) \(large)")
        }
        // One element changed in each: one operation, long path and all.
        let (a, _) = longKey(4_000)
        let b: JSON = ["a": [String(repeating: "k/~", count: 4_000): .array((0..<4_000).map { JSON.number(JSON.Number($0 == 7 ? 0 : 1_000_000 + $0)) })]]
        #expect(JSON.Patch(from: a, to: b).description.hasPrefix(#"[{"op":"replace","path":"/a/k~1~0k~1~0"#))
        #expect(JSON.Patch(from: a, to: b).operations.count == 1)
        #expect(JSON.Patch(from: nested(4_000).0, to: nested(4_000).0).operations.isEmpty)
    }
}
