/// The sorted member order of objects written before, found again by the
/// identities of their keys' `String`s: objects of one shape are sorted once
/// per walk. twitter.json's 157 users have the same 40 keys; with the memo,
/// writing it with sorted keys takes about 5.0M instructions, not 7.96M.
///
/// A parsed value's keys are interned (`KeyCache`), so objects of one shape
/// hold the same `String`s, and equal bits mean equal text for as long as
/// the value being written keeps them alive and unchanged: the memo lives
/// for one walk, as ``KeyTextCache`` does (see there). Objects of up to
/// ``maxMembers`` keys are kept, in ``slotCount`` slots chosen by the
/// count and the first key; a newer shape replaces an older one in its
/// slot. A lookup compares at most ``maxMembers`` identities, so an object
/// costs O(members) more than sorting it, whatever shapes the input holds.
///
/// An order is a list of positions in the keys: all of them for a value's
/// object, and for an encoder's object, whose keys may repeat, the last
/// of each name.
///
/// ```swift
/// let identity = { KeyTextCache.Identity(members[$0].key.string) }
/// if memo.order(count: members.count, into: out, identity: identity) == nil {
///     // sort, write the order to `out`, then:
///     memo.record(count: members.count, order: UnsafeBufferPointer(start: out, count: members.count), identity: identity)
/// }
/// ```
struct KeyOrderMemo: ~Copyable {
    static let slotBits = 4
    static let slotCount = 1 << slotBits
    static let maxMembers = 64

    /// Per slot: how many keys its shape has (0: empty), and how long its order is.
    private var counts: UnsafeMutablePointer<(keys: Int, order: Int)>?
    /// Per slot, `maxMembers` entries each: the keys' identities in member order.
    private var identities: UnsafeMutablePointer<KeyTextCache.Identity>?
    /// Per slot, `maxMembers` entries each: the order.
    private var orders: UnsafeMutablePointer<Int>?

    deinit {
        counts?.deallocate()
        identities?.deallocate()
        orders?.deallocate()
    }

    /// Writes the order recorded for exactly these `count` keys, the key at
    /// each position known by `identity(position)`, to `out` (room for
    /// `count`) and returns its length; `nil` when none is recorded.
    @inline(__always)
    func order(count: Int, into out: UnsafeMutablePointer<Int>, identity: (Int) -> KeyTextCache.Identity) -> Int? {
        guard let slot = slot(count: count, first: identity), let counts, let identities, let orders, counts[slot].keys == count else {
            return nil
        }
        let recorded = identities + slot * Self.maxMembers  // bounds proven: slot < slotCount, the buffer holds slotCount * maxMembers
        for position in 0..<count where recorded[position] != identity(position) {
            return nil  // bounds proven: position < count <= maxMembers
        }
        let length = counts[slot].order
        let recordedOrder = orders + slot * Self.maxMembers  // bounds proven: as above
        // A loop, not `update(from:count:)`: most objects are small, and memmove's call costs more.
        for index in 0..<length { out[index] = recordedOrder[index] }  // bounds proven: length <= count, `out`'s room, and <= maxMembers
        return length
    }

    /// Records `order` (positions among the `count` keys) for these keys.
    @inline(__always)
    mutating func record(count: Int, order: UnsafeBufferPointer<Int>, identity: (Int) -> KeyTextCache.Identity) {
        guard let slot = slot(count: count, first: identity), order.count <= count, let source = order.baseAddress else { return }
        if counts == nil {
            counts = .allocate(capacity: Self.slotCount)
            counts?.initialize(repeating: (0, 0), count: Self.slotCount)
            // Not filled (24 KiB would cost a small document's write more
            // than sorting it): a slot's first `counts[slot]` entries are
            // written before its counts are set, and only they are read.
            identities = .allocate(capacity: Self.slotCount * Self.maxMembers)
            orders = .allocate(capacity: Self.slotCount * Self.maxMembers)
        }
        guard let counts, let identities, let orders else { return }
        counts[slot] = (0, 0)
        let recorded = identities + slot * Self.maxMembers  // bounds proven: slot < slotCount
        for position in 0..<count {
            let key = identity(position)
            guard key != .none else { return }  // no identity (not a 64-bit platform): nothing can be found by it
            (recorded + position).initialize(to: key)  // bounds proven: position < count <= maxMembers
        }
        (orders + slot * Self.maxMembers).initialize(from: source, count: order.count)  // bounds proven: order.count <= count <= maxMembers
        counts[slot] = (count, order.count)
    }

    /// The slot of `count` keys whose first is `first(0)`, or `nil` when
    /// there are none or more than `maxMembers`.
    @inline(__always)
    private func slot(count: Int, first: (Int) -> KeyTextCache.Identity) -> Int? {
        guard count > 0, count <= Self.maxMembers else { return nil }
        let identity = first(0)
        let mixed = (identity.first ^ identity.second &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - Self.slotBits))  // below slotCount
    }
}
