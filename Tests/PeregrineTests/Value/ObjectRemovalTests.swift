import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// Removing members of a `JSON.Object`: O(1) amortised in any order (a
/// removed member leaves its slot, compacted once more than half are
/// empty), with insertion order, lookup and every reader unchanged.
@Suite struct ObjectRemovalTests {
    /// Whether `object` has exactly `model`'s members in `model`'s order,
    /// as every reader sees them (lookup, iteration, positions, the writer
    /// plain and sorted, equality and hashing, the encoder, the binary
    /// format, a document), and none of `absent`.
    private func matches(_ object: JSON.Object, _ model: [(String, JSON)], absent: [String]) throws -> Bool {
        let keys = model.map(\.0)
        let values = model.map(\.1)
        guard object.count == model.count, object.keys == keys, object.values == values,
            object.map(\.key) == keys, object.members.map(\.key.string) == keys,
            model.indices.allSatisfy({ object.member(at: $0).key.string == keys[$0] && object.value(at: $0) == values[$0] }),
            model.allSatisfy({ object[$0.0] == $0.1 }), absent.allSatisfy({ object[$0] == nil })
        else { return false }
        // Written in order, and sorted, as the same members written from scratch.
        let fresh = JSON.object(JSON.Object(model))
        let value = JSON.object(object)
        let sorted = JSON.SerializationOptions(sortedKeys: true)
        return try value.serializedString() == fresh.serializedString()
            && value.serializedString(options: sorted) == fresh.serializedString(options: sorted)
            && value == fresh && value.hashValue == fresh.hashValue
            && JSON.Encoder().encode(value) as [UInt8] == JSON.Encoder().encode(fresh) as [UInt8]
            && value.binaryEncoded() == fresh.binaryEncoded()
            && JSON.Document(flattening: value).serialized() == JSON.Document(flattening: fresh).serialized()
    }

    /// Random additions, replacements and removals (by key, and of the
    /// first or last member) against an array of pairs, from a fixed seed,
    /// over key sets that stay small and that pass the index's threshold;
    /// copies taken along the way keep their members.
    @Test func randomEditsMatchAnArrayOfPairs() throws {
        var generator = SeededGenerator(seed: 0x0B7E_C7)
        for round in 0..<16 {
            let keySpace = [3, 12, 40, 300][round % 4]
            let checkEvery = keySpace > 100 ? 61 : 7
            let everyKey = (0..<keySpace).map { "k\($0)" }
            var object = JSON.Object()
            var model: [(String, JSON)] = []
            var copies: [(JSON.Object, [(String, JSON)])] = []
            for step in 0..<(keySpace * 12) {
                var key = everyKey[Int.random(in: 0..<keySpace, using: &generator)]
                switch Int.random(in: 0..<8, using: &generator) {
                case 0, 1, 2:
                    let value = JSON.number(JSON.Number(step))
                    object[key] = value
                    if let index = model.firstIndex(where: { $0.0 == key }) { model[index].1 = value } else { model.append((key, value)) }
                case 3, 4, 5:
                    object[key] = nil
                    model.removeAll { $0.0 == key }
                default:
                    guard let end = Bool.random(using: &generator) ? model.first : model.last else { continue }
                    key = end.0
                    object[key] = nil
                    model.removeAll { $0.0 == key }
                }
                #expect(object.count == model.count)
                if step % checkEvery == 0 {
                    copies.append((object, model))
                    let absent = everyKey.filter { key in !model.contains { $0.0 == key } }
                    #expect(try matches(object, model, absent: absent), "round \(round), step \(step)")
                }
            }
            for (copy, model) in copies {
                let absent = everyKey.filter { key in !model.contains { $0.0 == key } }
                #expect(try matches(copy, model, absent: absent), "a copy in round \(round)")
            }
        }
    }

    /// The storage of `object`'s keys and values.
    private func storage(_ object: JSON.Object) -> [ObjectIdentifier?] {
        [object.keyList.map(ObjectIdentifier.init), object.valueList.map(ObjectIdentifier.init)]
    }

    /// Removing every member of n, first to last, last to first, and in
    /// a random order: the slots are compacted a logarithmic number of
    /// times, the work (slots copied) stays within a few times n, and it
    /// grows 8 times, not 64, from n to 8n.
    @Test func removalsInAnyOrderAreConstantTimeAmortised() {
        var generator = SeededGenerator(seed: 40_000)
        func removeAll(_ n: Int, order: String) -> (work: Int, compactions: Int) {
            var object = JSON.Object()
            for number in 0..<n { object["k\(number)"] = .number(JSON.Number(number)) }
            var numbers = Array(0..<n)
            switch order {
            case "last first": numbers.reverse()
            case "random": numbers.shuffle(using: &generator)
            default: break
            }
            let counter = WorkCounter()
            var compactions = 0
            WorkCounter.$current.withValue(counter) {
                for (removed, number) in numbers.enumerated() {
                    let before = storage(object)
                    object["k\(number)"] = nil
                    if storage(object) != before { compactions += 1 }
                    // A member's position is its slot less the removed slots before it.
                    if removed % 97 == 0, removed + 1 < n {
                        let left = numbers[(removed + 1)...].sorted()
                        #expect(object.count == left.count && object.key(at: left.count / 2).string == "k\(left[left.count / 2])")
                    }
                }
            }
            #expect(object.isEmpty && object.keys.isEmpty)
            return (counter.units, compactions)
        }
        for order in ["first first", "last first", "random"] {
            let (small, large) = (removeAll(1_000, order: order), removeAll(8_000, order: order))
            #expect(small.work <= 2 * 1_000 && large.work <= 2 * 8_000, "\(order): \(small) \(large)")
            #expect(small.compactions <= 11 && large.compactions <= 14, "\(order): \(small) \(large)")
            if order == "last first" { #expect(small.work == 0 && small.compactions == 0 && large.compactions == 0) }
        }
    }

    /// A removed member's slot stays until compaction: lookups skip it, a
    /// new member with its key goes at the end, and putting it back where
    /// it was (as a JSON Patch undo does) restores the original order.
    @Test func removedSlotsAreSkippedAndCanBeRestored() throws {
        var object = JSON.Object((0..<40).map { ("k\($0)", JSON.number(JSON.Number($0))) })
        let original = try JSON.object(object).serializedString()
        let lists = storage(object)
        let removedFive = object.removeMember(forKey: "k5", compacting: false)
        let removed = try #require(removedFive)
        #expect(removed.value == 5 && removed.slot == 5 && object.hasRemovedSlots)
        #expect(object["k5"] == nil && object.count == 39 && object.key(at: 5).string == "k6")
        let removedLast = object.removeMember(forKey: "k39", compacting: false)
        let last = try #require(removedLast)
        #expect(last.slot == 39 && object.slotCount == 39)
        object.restoreMember(39, forKey: "k39", inSlot: last.slot)
        object.restoreMember(5, forKey: "k5", inSlot: removed.slot)
        #expect(try JSON.object(object).serializedString() == original)
        #expect(!object.hasRemovedSlots && storage(object) == lists)
        // Removed, then added again: the new member goes at the end.
        object["k5"] = nil
        object["k5"] = "again"
        #expect(object.keys.last == "k5" && object.count == 40 && object["k5"] == "again")
        // Without compacting, slots stay however many are removed; compacting keeps the members' order.
        for number in 0..<30 where number != 5 { _ = object.removeMember(forKey: "k\(number)", compacting: false) }
        #expect(object.slotCount == 41 && object.count == 11)
        object.compactIfMostlyRemoved()
        #expect(object.slotCount == 11 && !object.hasRemovedSlots)
        #expect(object.keys == (30..<40).map { "k\($0)" } + ["k5"])
    }
}
