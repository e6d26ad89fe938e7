/// The sorted member order of objects a document writer sorted, found
/// again for a later object with the same keys: `JSON.Document` output
/// with ``JSON/SerializationOptions/sortedKeys`` sorts each shape of
/// object once per write. twitter.json's 157 users have the same 40 keys.
///
/// An object's keys are input bytes, not `String`s, so a later object is
/// matched by comparing its keys with the recorded object's, byte for byte
/// and in order (``UniqueKeyCheck/sameKeys(_:end:as:count:_:_:)``): one
/// comparison a key where sorting costs several. One object is kept per
/// slot of ``UniqueKeyCheck/slot(count:firstKeyLength:)``, of at most
/// ``maxMembers`` members and with no repeated key; a newer one replaces
/// it. So an object costs at most O(members) more than sorting it.
///
/// ```swift
/// if let order = keyOrders.order(of: object, tape, input) {
///     // members in order: the keys at positions order[0], order[1], …
/// } else {
///     // sort the keys with `sorter`, positions as members' positions, then:
///     keyOrders.record(object, sortedBy: sorter, tape)
/// }
/// ```
struct DocumentKeyOrders: ~Copyable {
    static let slotCount = 64
    static let maxMembers = 64

    /// Per slot: the tape index of the object whose order is kept (-1: none).
    private var objects: UnsafeMutablePointer<Int>?
    /// Per slot, `maxMembers` entries each: member positions in key order.
    private var orders: UnsafeMutablePointer<Int>?

    deinit {
        objects?.deallocate()
        orders?.deallocate()
    }

    /// The member positions, in key order, of the object at `object`,
    /// recorded for an earlier object with the same keys; `nil` when none is.
    func order(of object: Int, _ tape: UnsafeBufferPointer<TapeEntry>, _ input: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<Int>? {
        guard let objects, let orders, object >= 0, object + 1 < tape.count else { return nil }
        let entry = tape[object]  // bounds proven: 0 <= object < tape.count
        let count = entry.count
        guard count > 0, count <= Self.maxMembers else { return nil }
        let slot = UniqueKeyCheck.slot(count: count, firstKeyLength: tape[object + 1].length)  // bounds proven: object + 1 < tape.count
        let earlier = objects[slot]  // bounds proven: slot < 64 = slotCount
        guard earlier >= 0, UniqueKeyCheck.sameKeys(object, end: entry.endIndex, as: earlier, count: count, tape, input) else { return nil }
        return UnsafeBufferPointer(start: orders + slot * Self.maxMembers, count: count)  // bounds proven: slot < slotCount, count <= maxMembers
    }

    /// Records the key order of the object at `object`, whose members
    /// repeat no key, from `sorter`, which holds its keys sorted, each
    /// with its member position.
    mutating func record(_ object: Int, sortedBy sorter: borrowing KeySorter, _ tape: UnsafeBufferPointer<TapeEntry>) {
        let count = sorter.count
        guard count > 0, count <= Self.maxMembers, object >= 0, object + 1 < tape.count else { return }
        if objects == nil {
            objects = .allocate(capacity: Self.slotCount)
            objects?.initialize(repeating: -1, count: Self.slotCount)
            // Not filled: a slot's first `count` entries are written before its object is set, and only they are read.
            orders = .allocate(capacity: Self.slotCount * Self.maxMembers)
        }
        guard let objects, let orders else { return }
        let slot = UniqueKeyCheck.slot(count: count, firstKeyLength: tape[object + 1].length)  // bounds proven: object + 1 < tape.count
        objects[slot] = -1  // bounds proven: slot < slotCount
        let recorded = orders + slot * Self.maxMembers  // bounds proven: slot < slotCount
        for index in 0..<count {
            let member = sorter.position(at: index)
            guard member >= 0, member < count else { return }
            recorded[index] = member  // bounds proven: index < count <= maxMembers
        }
        objects[slot] = object  // bounds proven: slot < slotCount
    }
}
