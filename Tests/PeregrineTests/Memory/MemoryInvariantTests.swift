import Foundation
import TestSupport
import Testing

@testable import PeregrineCore

/// The bookkeeping of the raw-memory types — ``GrowingBuffer``,
/// ``SlotTable``, the tape and an object's key and value lists (whose
/// ``ListStorage`` has tests of its own) — checked by their
/// `checkInvariants()` after seeded random operations, with their contents
/// compared with an array's or a dictionary's; and, in debug builds, the
/// checks stop a process whose state is broken.
struct MemoryInvariantTests {
    @Test(arguments: [false, true])
    func growingBufferHoldsWhatAnArrayHolds(reallocates: Bool) {
        var random = SeededGenerator(seed: reallocates ? 471 : 472)
        var buffer = GrowingBuffer<UInt32>(capacity: 1, reallocates: reallocates)
        var model: [UInt32] = []
        for _ in 0..<4_000 {
            let value = UInt32(truncatingIfNeeded: random.next())
            switch random.next() % 6 {
            case 0:
                buffer.append(value)
                model.append(value)
            case 1:
                let count = Int(random.next() % 40)
                buffer.append(repeating: value, count: count)
                model += repeatElement(value, count: count)
            case 2:
                let run = (0..<Int(random.next() % 70)).map { UInt32($0) &+ value }
                run.withUnsafeBufferPointer { buffer.append($0) }
                model += run
            case 3:
                #expect(buffer.popLast() == model.popLast())
            case 4:
                let kept = Int(random.next() % UInt64(model.count + 2)) - 1
                buffer.removeAll(after: kept)
                model.removeLast(model.count - min(max(kept, 0), model.count))
            default:
                let room = buffer.reserve(3)
                room[0] = value
                room[1] = ~value
                buffer.advance(by: 2)
                model += [value, ~value]
            }
            buffer.checkInvariants()
            #expect(buffer.count <= buffer.capacity)
        }
        #expect(buffer.withElements(Array.init) == model)
    }

    /// A buffer in memory its caller lends holds what an array holds
    /// while it fits there and after it outgrows it (moving to memory of
    /// its own), and leaves the lent memory as it was past what it wrote.
    @Test(arguments: [1, 4, 16])
    func borrowedBufferHoldsWhatAnArrayHolds(lent: Int) {
        var random = SeededGenerator(seed: 476 &+ UInt64(lent))
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: lent + 1) { storage in
            storage.initialize(repeating: 0xFEED)
            do {
                var buffer = GrowingBuffer(borrowing: UnsafeMutableBufferPointer(rebasing: storage[..<lent]))
                #expect(buffer.capacity == lent)
                var model: [UInt32] = []
                for _ in 0..<300 {
                    let value = UInt32(truncatingIfNeeded: random.next())
                    if random.next() % 3 == 0 {
                        #expect(buffer.popLast() == model.popLast())
                    } else {
                        buffer.append(value)
                        model.append(value)
                    }
                    buffer.checkInvariants()
                }
                #expect(buffer.withElements(Array.init) == model)
            }
            #expect(storage[lent] == 0xFEED, "nothing written past the lent memory")
        }
    }

    /// The scanner's frame stack pops what it pushed, last first, below
    /// and beyond the frames it lends from the call stack.
    @Test func frameStackPopsWhatItPushed() {
        FrameStack<Int>.with { stack in
            let count = 3 * FrameStack<Int>.lentFrames
            for frame in 0..<count { stack.push(frame) }
            for frame in (0..<count).reversed() { #expect(stack.pop() == frame) }
            #expect(stack.pop() == nil)
            stack.push(7)
            #expect(stack.pop() == 7)
        }
    }

    /// A buffer in an array's memory holds what a malloc'd one does through
    /// random appends, growths and removals, and hands its elements over
    /// as an array: its own when at least half of it is written (the
    /// capacity kept, nothing copied), a copy of exactly the elements otherwise.
    @Test(arguments: [1, 3, 100, 1_000])
    func arrayBufferHandsItsElementsOver(appends: Int) {
        var random = SeededGenerator(seed: 474 &+ UInt64(appends))
        var buffer = GrowingBuffer<UInt8>(arrayCapacity: 64)
        var model: [UInt8] = []
        for _ in 0..<appends {
            let value = UInt8(truncatingIfNeeded: random.next())
            switch random.next() % 4 {
            case 0:
                buffer.append(value)
                model.append(value)
            case 1:
                let run = (0..<Int(random.next() % 70)).map { UInt8(truncatingIfNeeded: $0) &+ value }
                run.withUnsafeBufferPointer { buffer.append($0) }
                model += run
            case 2:
                #expect(buffer.popLast() == model.popLast())
            default:
                buffer.appendWord(0x6C6C_756E, count: 4)
                model += Array("null".utf8)
            }
            buffer.checkInvariants()
        }
        let capacity = buffer.capacity
        let taken = buffer.takeArray()
        #expect(taken == model)
        if model.count >= capacity / 2 {
            #expect(taken.capacity >= capacity)
        } else {
            #expect(taken.capacity < capacity / 2 + 32)
        }
    }

    /// A buffer in `malloc`'s memory hands it over, cut to the bytes
    /// written, and goes on empty; one in an array's or a caller's memory,
    /// or with nothing written, keeps it.
    @Test(arguments: [false, true])
    func mallocatedMemoryIsHandedOver(reallocates: Bool) throws {
        var buffer = GrowingBuffer<UInt8>(capacity: 4, reallocates: reallocates)
        let text = Array("[1,2,3,\"four\"]".utf8)
        text.withUnsafeBufferPointer { buffer.append($0) }
        let handed = buffer.takeMallocated()
        let taken = try #require(handed)
        #expect(Array(taken) == text)
        free(taken.baseAddress)
        let emptied = buffer.isEmpty
        #expect(emptied)
        buffer.append(7)
        let after = buffer.bytes
        #expect(after == [7])
        var empty = GrowingBuffer<UInt8>(capacity: 8, reallocates: reallocates)
        let none = empty.takeMallocated()
        #expect(none == nil)
        var inArray = GrowingBuffer<UInt8>(arrayCapacity: 8)
        inArray.append(1)
        let fromArray = inArray.takeMallocated()
        let arrayKept = inArray.bytes
        #expect(fromArray == nil && arrayKept == [1])
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { storage in
            var lent = GrowingBuffer(borrowing: storage)
            lent.append(2)
            let fromLent = lent.takeMallocated()
            let lentKept = lent.bytes
            #expect(fromLent == nil && lentKept == [2])
        }
    }

    /// A hash that puts many entries in one run, so that probes go round.
    static func crowded(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry % 13) }

    /// A hash with some collisions, for a table of many entries.
    static func clustered(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry % 257) }

    @Test func slotTableFindsWhatADictionaryHolds() {
        var random = SeededGenerator(seed: 473)
        var table = SlotTable<UInt64>(size: 4)
        var model = Set<UInt64>()
        for step in 0..<3_000 {
            let entry = random.next() % 2_000 + 1
            let slot = table.firstSlot(from: Self.clustered(entry)) { $0 == entry }
            let found = slot.map { !table[$0].isEmpty } ?? false
            #expect(found == model.contains(entry))
            if let slot, !found {
                table.insert(entry, at: slot)
                table.checkSlot(slot, hash: Self.clustered)
                model.insert(entry)
            }
            if table.isOverHalfFull { table.grow(hash: Self.clustered) }
            if step % 100 == 0 { table.checkInvariants(hash: Self.clustered) }
            #expect(table.count == model.count)
        }
        table.checkInvariants(hash: Self.clustered)
        for entry in model {
            #expect(table.firstSlot(from: Self.clustered(entry)) { $0 == entry }.map { table[$0] } == entry)
        }
    }

    @Test func boundedSlotTableKeepsWhatFitsWithinItsProbes() {
        var random = SeededGenerator(seed: 474)
        var table = SlotTable<UInt64>(size: 8)
        for _ in 0..<500 {
            let entry = random.next() | 1
            if let slot = table.firstSlot(from: Self.crowded(entry), limit: 3, where: { $0 == entry }), table[slot].isEmpty {
                table.insert(entry, at: slot)
            }
            if table.isOverHalfFull, table.size < 64 { table.grow(limit: 3, hash: Self.crowded) }
            table.checkInvariants(limit: 3, hash: Self.crowded)
        }
        // 13 homes of 3 slots each: at most 39 entries, whatever was offered.
        #expect(table.count > 0 && table.count <= 39)
    }

    /// Any two types are both kept, however their home slots fall: in a
    /// table of two slots, about half the pairs share one (a table of one
    /// slot per home made such a pair's values again on every lookup).
    @Test func typeSlotsKeepTwoTypesThatShareAHomeSlot() {
        let types: [Any.Type] = [Int.self, String.self, Double.self, Bool.self, [Int].self, [String: Int].self, Int8?.self]
        for first in types.indices {
            for second in types.indices where second != first {
                var slots = TypeSlots<Int>(size: 2)
                var made = 0
                for round in 0..<6 {
                    let type = types[round % 2 == 0 ? first : second]
                    _ = slots.value(for: type) {
                        made += 1
                        return made
                    }
                }
                #expect(made == 2, "\(types[first]) and \(types[second])")
            }
        }
    }

    /// Up to ``TypeSlots/probes`` types are all kept, however their homes
    /// fall: in a table of four slots, every four of these types (a build
    /// can place a model's types so that several share a home or the slot
    /// after one, and with two slots per home one of them was made again on
    /// every lookup).
    @Test func typeSlotsKeepFourTypesThatCrowdOnePartOfTheTable() {
        let types: [Any.Type] = [Int.self, String.self, Double.self, Bool.self, [Int].self, [String: Int].self, Int8?.self]
        for skipped in types.indices {
            for other in types.indices where other != skipped {
                let four = types.indices.filter { $0 != skipped && $0 != other }.prefix(4).map { types[$0] }
                var slots = TypeSlots<Int>(size: 4)
                var made = 0
                for round in 0..<12 {
                    _ = slots.value(for: four[round % 4]) {
                        made += 1
                        return made
                    }
                }
                #expect(made == 4, "\(four)")
            }
        }
    }

    /// JSON text of a random value, nested up to `depth`.
    static func document(_ random: inout SeededGenerator, depth: Int) -> String {
        switch random.next() % (depth > 0 ? 7 : 4) {
        case 0: return "null"
        case 1: return String(Int64(bitPattern: random.next()) >> Int(random.next() % 64))
        case 2: return "\"s\(random.next() % 100)\\n\""
        case 3: return random.next() % 2 == 0 ? "1.5e3" : "true"
        case 4, 5:
            // Distinct keys in one object (a parsed value keeps one of repeated keys).
            let keys = (0..<Int(random.next() % 24)).map { "\"k\($0)\(random.next() % 3)\":" + document(&random, depth: depth - 1) }
            return "{" + keys.joined(separator: ",") + "}"
        default:
            let elements = (0..<Int(random.next() % 8)).map { _ in document(&random, depth: depth - 1) }
            return "[" + elements.joined(separator: ",") + "]"
        }
    }

    @Test func tapesOfRandomDocumentsAreWellFormed() throws {
        var random = SeededGenerator(seed: 475)
        for _ in 0..<200 {
            let text = Self.document(&random, depth: 5)
            let document = try JSON.Document(parsing: text)
            document.tape.checkInvariants(inputCount: text.utf8.count)
            let flattened = try JSON.Document(flattening: try JSON(parsing: text))
            flattened.tape.checkInvariants()
            #expect(flattened.tape.count == document.tape.count)
        }
    }

    @Test func objectListsStayIndexedUnderRandomEdits() {
        var random = SeededGenerator(seed: 476)
        var object = JSON.Object()
        var model: [String: Int] = [:]
        for step in 0..<3_000 {
            let key = "k\(random.next() % 60)"
            switch random.next() % 6 {
            case 0, 1:
                object[key] = nil
                model[key] = nil
            case 2:
                // Removed without compacting and put back in its slot.
                let before = object.keys
                if let (value, slot) = object.removeMember(forKey: key, compacting: false) {
                    object.checkInvariants()
                    object.restoreMember(value, forKey: key, inSlot: slot)
                }
                #expect(object.keys == before)
            default:
                object[key] = .number(JSON.Number(step))
                model[key] = step
            }
            object.checkInvariants()
            #expect(object.count == model.count)
        }
        for (key, step) in model { #expect(object[key] == .number(JSON.Number(step))) }
    }

    /// Every object in `value`.
    static func objects(in value: JSON) -> [JSON.Object] {
        switch value {
        case .object(let object): [object] + object.values.flatMap(objects)
        case .array(let elements): elements.flatMap(objects)
        default: []
        }
    }

    @Test func objectsOfRandomDocumentsAreWellFormed() throws {
        var random = SeededGenerator(seed: 477)
        var checked = 0
        for _ in 0..<200 {
            let text = Self.document(&random, depth: 5)
            // Parsed twice: the second parse takes the key lists the first kept.
            for _ in 0..<2 {
                for object in Self.objects(in: try JSON(parsing: text)) {
                    object.checkInvariants()
                    checked += 1
                }
            }
        }
        #expect(checked > 1_000)
    }

    #if DEBUG
    @Test func aContainerEndingPastItsTapeStopsTheCheck() async {
        await #expect(processExitsWith: .failure) {
            let tape = Tape(capacity: 4)
            tape.append(TapeEntry(.array, offset: 0, payload: 1 << 32 | 3))  // one element, ending at entry 3
            tape.append(TapeEntry(.null, offset: 1))
            tape.checkInvariants()
        }
    }

    @Test func aSlotAwayFromItsHomeStopsTheCheck() async {
        await #expect(processExitsWith: .failure) {
            var table = SlotTable<UInt64>(size: 8)
            table.insert(9, at: 5)  // its home is slot 1 (9 & 7), and slots 1 to 4 are empty
            table.checkInvariants { Int($0) }
        }
    }

    @Test func aValueListShorterThanItsKeysStopsTheCheck() async {
        await #expect(processExitsWith: .failure) {
            var keys = JSON.Object.KeyList.make(capacity: 2)
            JSON.Object.KeyList.append(ScalarKey("a"), to: &keys)
            JSON.Object.KeyList.append(ScalarKey("b"), to: &keys)
            var values = JSON.Object.ValueList.make(capacity: 2)
            JSON.Object.ValueList.append(.null, to: &values)
            JSON.Object(uniqueKeys: keys, values: values).checkInvariants()
        }
    }

    @Test func aKeyMissingFromTheIndexStopsTheCheck() async {
        await #expect(processExitsWith: .failure) {
            var list = JSON.Object.KeyList.make(capacity: 32)
            for number in 0..<20 { JSON.Object.KeyList.append(ScalarKey("k\(number)"), to: &list) }
            list.indexKeys()
            JSON.Object.KeyList.append(ScalarKey("unindexed"), to: &list)
            list.checkInvariants()
        }
    }
    #endif
}
