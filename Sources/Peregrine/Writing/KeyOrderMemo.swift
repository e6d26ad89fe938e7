/// The sorted member order of objects written before, found again by the
/// identities of their keys' `String`s: objects of one shape are sorted once
/// per walk. twitter.json's 157 users have the same 40 keys; with the memo,
/// writing it with sorted keys takes about 5.1M instructions, not 7.96M.
///
/// A parsed value's keys are interned (`KeyCache`), so objects of one shape
/// hold the same `String`s, and equal bits mean equal text for as long as
/// the value being written keeps them alive and unchanged: the memo lives
/// for one walk, as ``KeyTextCache`` does (see there). Objects of up to
/// ``maxMembers`` members are kept, in ``slotCount`` slots chosen by the
/// count and the first key; a newer shape replaces an older one in its
/// slot. A lookup compares at most ``maxMembers`` identities, so an object
/// costs O(members) more than sorting it, whatever shapes the input holds.
///
/// ```swift
/// if !memo.order(of: members, into: out) {
///     // sort, write the order to `out`, then:
///     memo.record(members, order: UnsafeBufferPointer(start: out, count: members.count))
/// }
/// ```
struct KeyOrderMemo: ~Copyable {
    static let slotBits = 4
    static let slotCount = 1 << slotBits
    static let maxMembers = 64

    /// Per slot: how many members its shape has (0: empty).
    private var counts: UnsafeMutablePointer<Int>?
    /// Per slot, `maxMembers` entries each: the keys' identities in member order.
    private var identities: UnsafeMutablePointer<KeyTextCache.Identity>?
    /// Per slot, `maxMembers` entries each: the member positions in key order.
    private var orders: UnsafeMutablePointer<Int>?

    deinit {
        counts?.deallocate()
        identities?.deallocate()
        orders?.deallocate()
    }

    /// Writes the key order recorded for members with exactly these keys to
    /// `out` (room for `members.count`); `false` when none is recorded.
    func order(of members: UnsafeBufferPointer<JSON.Object.Member>, into out: UnsafeMutablePointer<Int>) -> Bool {
        guard let slot = slot(of: members), let counts, let identities, let orders, counts[slot] == members.count else { return false }
        let recorded = identities + slot * Self.maxMembers  // bounds proven: slot < slotCount, the buffer holds slotCount * maxMembers
        for position in members.indices where recorded[position] != KeyTextCache.Identity(members[position].key.string) {
            return false  // bounds proven: position < members.count <= maxMembers
        }
        out.update(from: orders + slot * Self.maxMembers, count: members.count)  // bounds proven: as above; `out` has room for members.count
        return true
    }

    /// Records `order` (member positions in key order) for members with these keys.
    mutating func record(_ members: UnsafeBufferPointer<JSON.Object.Member>, order: UnsafeBufferPointer<Int>) {
        guard let slot = slot(of: members), order.count == members.count else { return }
        if counts == nil {
            counts = .allocate(capacity: Self.slotCount)
            counts?.initialize(repeating: 0, count: Self.slotCount)
            // Not filled (24 KiB would cost a small document's write more
            // than sorting it): a slot's first `counts[slot]` entries are
            // written before its count is set, and only they are read.
            identities = .allocate(capacity: Self.slotCount * Self.maxMembers)
            orders = .allocate(capacity: Self.slotCount * Self.maxMembers)
        }
        guard let counts, let identities, let orders else { return }
        let recorded = identities + slot * Self.maxMembers  // bounds proven: slot < slotCount
        for position in members.indices {
            let identity = KeyTextCache.Identity(members[position].key.string)
            guard identity != .none else {
                counts[slot] = 0  // no identity (not a 64-bit platform): nothing can be found by it
                return
            }
            (recorded + position).initialize(to: identity)  // bounds proven: position < members.count <= maxMembers
        }
        guard let source = order.baseAddress else { return }
        (orders + slot * Self.maxMembers).initialize(from: source, count: order.count)  // bounds proven: order.count = members.count <= maxMembers
        counts[slot] = members.count
    }

    /// The slot of an object of these members, or `nil` when it has none or
    /// more than `maxMembers`.
    private func slot(of members: UnsafeBufferPointer<JSON.Object.Member>) -> Int? {
        guard let first = members.first, members.count <= Self.maxMembers else { return nil }
        let identity = KeyTextCache.Identity(first.key.string)
        let mixed = (identity.first ^ identity.second &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(members.count)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - Self.slotBits))  // below slotCount
    }
}
