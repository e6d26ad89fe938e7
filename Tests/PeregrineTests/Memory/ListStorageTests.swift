import TestSupport
import Testing

@testable import PeregrineCore

/// A header that keeps a tag through copies, as a key list keeps its index.
struct TaggedHeader: ListStorageHeader {
    var count = 0
    let capacity: Int
    var tag = 0

    init(capacity: Int) { self.capacity = capacity }

    func copied(count: Int, capacity: Int) -> TaggedHeader {
        var header = TaggedHeader(capacity: capacity)
        header.count = count
        header.tag = tag
        return header
    }
}

/// An element whose release a test sees (through a weak reference): a
/// list that leaks one, or releases one it still holds, fails.
final class Tracked {
    let value: Int
    init(_ value: Int) { self.value = value }
}

/// A weak reference to a ``Tracked``: `nil` once it is released.
struct Watch {
    weak var element: Tracked?
}

final class TrackedList: ListStorage<TaggedHeader, Tracked> {}

/// A header of odd size (17 bytes), so that the elements are aligned after it.
struct OddHeader: ListStorageHeader {
    var count = 0
    let capacity: Int
    var flag: UInt8 = 0

    init(capacity: Int) { self.capacity = capacity }

    func copied(count: Int, capacity: Int) -> OddHeader {
        var header = OddHeader(capacity: capacity)
        header.count = count
        return header
    }
}

final class OddWords: ListStorage<OddHeader, UInt64> {}
final class OddBytes: ListStorage<OddHeader, UInt8> {}

/// ``ListStorage``, the memory of object key and value lists: seeded
/// random appends, exchanges, removals and copies compared with an
/// array's, its `checkStorageInvariants()` after each; growth by doubling;
/// every element released once; the elements where readers that skip the
/// call find them; and the checks that stop a broken list.
struct ListStorageTests {
    @Test func listStorageHoldsWhatAnArrayHolds() {
        var random = SeededGenerator(seed: 481)
        var watches: [Watch] = []
        do {
            var list = TrackedList.make(TrackedList.self, capacity: 0)
            list.state.tag = 7
            var model: [Tracked] = []
            for step in 0..<4_000 {
                switch random.next() % 8 {
                case 0, 1, 2, 3:
                    let element = Tracked(step)
                    watches.append(Watch(element: element))
                    let (count, capacity) = (list.count, list.state.capacity)
                    TrackedList.append(element, to: &list)
                    model.append(element)
                    #expect(list.state.capacity == (count < capacity ? capacity : capacity * 2))
                case 4 where !model.isEmpty:
                    let slot = Int(random.next() % UInt64(model.count))
                    let element = Tracked(step)
                    watches.append(Watch(element: element))
                    #expect(list.exchange(element, at: slot) === model[slot])
                    model[slot] = element
                case 5 where !model.isEmpty:
                    #expect(list.removeLast() === model.removeLast())
                case 6:
                    let kept = Int(random.next() % UInt64(model.count + 2))
                    let capacity = Int(random.next() % 40)
                    list = TrackedList.copy(list, capacity: capacity, count: kept)
                    model.removeLast(model.count - min(kept, model.count))
                    #expect(list.state.capacity == max(capacity, model.count, 1))
                default:
                    let slot = Int(random.next() % UInt64(model.count + 1))
                    #expect(list.firstSlot(from: slot) { $0.value % 3 == 0 } == model.indices.first { $0 >= slot && model[$0].value % 3 == 0 })
                }
                list.checkStorageInvariants()
                #expect(list.count == model.count && list.count <= list.state.capacity)
                #expect(list.state.tag == 7)
            }
            #expect((0..<list.count).allSatisfy { list[$0] === model[$0] })
        }
        #expect(watches.allSatisfy { $0.element == nil })
    }

    @Test func copiesAndGrownListsKeepTheirClass() {
        var list = OddWords.make(OddWords.self, capacity: 1)
        OddWords.append(1, to: &list)
        OddWords.append(2, to: &list)
        #expect(ObjectIdentifier(type(of: list)) == ObjectIdentifier(OddWords.self))
        #expect(ObjectIdentifier(type(of: OddWords.copy(list, capacity: 8))) == ObjectIdentifier(OddWords.self))
        let values = JSON.Object.ValueList.make(capacity: 1)
        #expect(ObjectIdentifier(type(of: values.copy(capacity: 2))) == ObjectIdentifier(JSON.Object.ValueList.self))
    }

    @Test func listsGrowByDoubling() {
        var list = OddWords.make(OddWords.self, capacity: 0)
        var capacities: [Int] = []
        for value in 0..<9 {
            OddWords.append(UInt64(value), to: &list)
            capacities.append(list.state.capacity)
        }
        #expect(capacities == [1, 2, 4, 4, 8, 8, 8, 8, 16])
        #expect((0..<9).map { list[$0] } == Array(0..<9))
    }

    @Test func aDrainMovesEachElementOutOnceInOrder() {
        var watches: [Watch] = []
        do {
            var list = TrackedList.make(TrackedList.self, capacity: 4)
            for value in 0..<6 {
                let element = Tracked(value)
                watches.append(Watch(element: element))
                TrackedList.append(element, to: &list)
            }
            do {
                var drained = list.drain()
                var taken: [Int] = []
                while let element = drained.next() { taken.append(element.value) }
                #expect(taken == Array(0..<6))
                // Each was released when dropped, while the list still lives.
                #expect(watches.allSatisfy { $0.element == nil })
            }
            #expect(list.count == 0)
        }
        #expect(watches.allSatisfy { $0.element == nil })
    }

    /// Whether the first element of `list` is where `elementsOffset` says.
    static func elementsStartAtTheOffset<Header, Element: Equatable>(_ list: ListStorage<Header, Element>) -> Bool {
        let start = UnsafeRawPointer(Unmanaged.passUnretained(list).toOpaque()) + type(of: list).elementsOffset
        return start.assumingMemoryBound(to: Element.self).pointee == list[0]
    }

    @Test func elementsStartWhereReadersLookForThem() {
        var words = OddWords.make(OddWords.self, capacity: 2)
        OddWords.append(0x0102_0304_0506_0708, to: &words)
        var bytes = OddBytes.make(OddBytes.self, capacity: 2)
        OddBytes.append(0xA5, to: &bytes)
        var keys = JSON.Object.KeyList.make(capacity: 1)
        JSON.Object.KeyList.append(ScalarKey("first"), to: &keys)
        var values = JSON.Object.ValueList.make(capacity: 1)
        JSON.Object.ValueList.append("value", to: &values)
        #expect(OddWords.elementsOffset == 40 && OddBytes.elementsOffset == 33)
        #expect(Self.elementsStartAtTheOffset(words))
        #expect(Self.elementsStartAtTheOffset(bytes))
        #expect(Self.elementsStartAtTheOffset(keys))
        #expect(Self.elementsStartAtTheOffset(values))
        words.checkStorageInvariants()
        bytes.checkStorageInvariants()
    }

    @Test func aSlotPastTheCountStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            var list = OddWords.make(OddWords.self, capacity: 4)
            OddWords.append(1, to: &list)
            _ = list[1]
        }
        await #expect(processExitsWith: .failure) {
            let list = OddWords.make(OddWords.self, capacity: 4)
            _ = list.exchange(1, at: 0)
        }
    }

    #if DEBUG
    @Test func aCountPastTheCapacityStopsTheCheck() async {
        await #expect(processExitsWith: .failure) {
            let list = OddWords.make(OddWords.self, capacity: 1)
            list.state.count = 2
            list.checkStorageInvariants()
        }
    }
    #endif
}
