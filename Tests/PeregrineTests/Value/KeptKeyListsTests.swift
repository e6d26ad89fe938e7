import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// A `JSON.Parser` (and so `JSON(parsing:)`'s spare) keeps the key lists
/// of the objects of new shapes it built, and the first object of the same
/// keys in the next document takes one; what it keeps is bounded, and
/// nothing of a document's tape outlives it.
struct KeptKeyListsTests {
    /// The key list of the object `value` is, or `nil`.
    func keyList(_ value: JSON) -> JSON.Object.KeyList? {
        guard case .object(let object) = value else { return nil }
        return object.keyList
    }

    /// The element at `index` of the array `value` (`null` if there is none).
    func element(_ value: JSON, _ index: Int) -> JSON {
        guard case .array(let elements) = value, elements.indices.contains(index) else { return .null }
        return elements[index]
    }

    /// An object of `keys`, its values `base`, `base + 1`…
    func object(_ keys: [String], base: Int = 0) -> String {
        "{" + keys.enumerated().map { "\"\($1)\":\(base + $0)" }.joined(separator: ",") + "}"
    }

    @Test func theNextDocumentsObjectOfTheSameKeysTakesTheirList() throws {
        var parser = JSON.Parser()
        let keys = (0..<26).map { $0 % 2 == 0 ? "k\($0)" : "a key longer than sixteen bytes \($0)" }
        let first = try parser.parse(object(keys))
        // A larger document, whose key cache starts empty: its keys are
        // made again, and compared with the kept list's by their bytes.
        let padding = "\"" + String(repeating: "p", count: 20_000) + "\""
        let second = try parser.parse("[" + object(keys, base: 100) + "," + padding + "]")
        let list = try #require(keyList(first))
        #expect(keyList(element(second, 0)) === list, "the list and its member index are shared")
        let taken = try #require(element(second, 0).object)
        #expect(taken.keys == keys)
        #expect(keys.indices.allSatisfy { taken[keys[$0]] == .number(JSON.Number(100 + $0)) })
    }

    @Test func objectsThatDifferFromAKeptListAtEachKeyGetTheirOwn() throws {
        let keys = (0..<20).map { "member\($0)" }
        for differing in 1..<keys.count {
            var parser = JSON.Parser()
            let kept = try parser.parse(object(keys))
            var changed = keys
            changed[differing] = "other\(differing)"
            let value = try parser.parse(object(changed, base: 7))
            #expect(keyList(value) !== keyList(kept), "key \(differing)")
            let built = try #require(value.object, "key \(differing)")
            #expect(built.keys == changed, "key \(differing)")
            #expect(changed.indices.allSatisfy { built[changed[$0]] == .number(JSON.Number(7 + $0)) }, "key \(differing)")
            #expect(built[keys[differing]] == nil, "key \(differing)")
            // Fewer or more members than the kept list: a list of their own too.
            let shorter = try parser.parse(object(Array(keys.dropLast())))
            let longer = try parser.parse(object(keys + ["extra"]))
            #expect(keyList(shorter) !== keyList(kept) && keyList(longer) !== keyList(kept))
            #expect(try parser.parse(object(keys)) == kept)
        }
    }

    @Test func whatAParserKeepsIsBounded() throws {
        var parser = JSON.Parser()
        // Over 64 keys, or a key over 128 bytes: not kept.
        let many = (0..<65).map { "key\($0)" }
        _ = try parser.parse(object(many))
        #expect(parser.shapes.kept.count == 0)
        let sixtyFour = Array(many.dropLast())
        let kept = try parser.parse(object(sixtyFour))
        #expect(parser.shapes.kept.count == 1)
        #expect(keyList(try parser.parse(object(sixtyFour))) === keyList(kept))
        _ = try parser.parse(object(["a", String(repeating: "l", count: 129), "c"]))
        #expect(parser.shapes.kept.count == 1)
        _ = try parser.parse(object(["a", String(repeating: "l", count: 128), "c"]))
        #expect(parser.shapes.kept.count == 2)
        // Eight lists: a ninth shape pushes out the oldest.
        let shapes = (0..<9).map { shape in (0..<3).map { "s\(shape)k\($0)" } }
        let built = try shapes.map { try parser.parse(object($0)) }
        #expect(parser.shapes.kept.count == KeptKeyLists.maxLists)
        #expect(keyList(try parser.parse(object(shapes[0]))) !== keyList(built[0]), "the oldest was let go")
        #expect(keyList(try parser.parse(object(shapes[8]))) === keyList(built[8]), "the newest is kept")
    }

    @Test func changingAValueLeavesTheKeptListAsItWas() throws {
        var parser = JSON.Parser()
        let keys = ["a", "b", "c"]
        var changed = try #require(try parser.parse(object(keys)).object)
        changed["d"] = 4
        changed["a"] = nil
        #expect(changed.keys == ["b", "c", "d"])
        let next = try parser.parse(object(keys))
        let fresh = try #require(next.object)
        #expect(fresh.keys == keys && fresh["d"] == nil && fresh["a"] == 0)
    }

    @Test func objectsWithRepeatedKeysAreNotKept() throws {
        var parser = JSON.Parser()
        let text = #"{"a":1,"b":2,"a":3}"#
        let first = try parser.parse(text)
        let second = try parser.parse(text)
        #expect(first == ["a": 3, "b": 2] && second == first)
        let object = try #require(second.object)
        #expect(object.keys == ["a", "b"])
    }

    /// Random documents of objects drawn from a few shapes (keys in
    /// changing orders, dropped or added, nested, beside arrays that move
    /// the tape's indexes), read by one parser and each by a new one: the
    /// same values and key orders.
    @Test func aParserReadingManyDocumentsBuildsWhatANewParserBuilds() throws {
        var generator = SeededGenerator(seed: 20_261_128)
        let pool = (0..<42).map { $0 % 3 == 0 ? "a member name over sixteen bytes \($0)" : "m\($0)" }
        var kept = JSON.Parser()
        for document in 0..<300 {
            var objects: [String] = []
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let start = Int.random(in: 0..<4, using: &generator) * 10
                var keys = Array(pool[start..<start + Int.random(in: 1...12, using: &generator)])
                if Bool.random(using: &generator) { keys.swapAt(0, Int.random(in: 0..<keys.count, using: &generator)) }
                let inner = Bool.random(using: &generator) ? object(Array(pool[0..<3])) : "[1,[2,3],\"x\"]"
                let members = keys.map { "\"\($0)\":" + (Int.random(in: 0..<4, using: &generator) == 0 ? inner : "\(document)") }
                objects.append("{" + members.joined(separator: ",") + "}")
            }
            let text = "[" + objects.joined(separator: ",") + "]"
            var fresh = JSON.Parser()
            let expected = try fresh.parse(text)
            let value = try kept.parse(text)
            #expect(value == expected, "document \(document)")
            for index in objects.indices {
                let built = try #require(element(value, index).object)
                let reference = try #require(element(expected, index).object)
                #expect(built.keys == reference.keys, "document \(document), object \(index)")
            }
        }
    }
}
