/// The member indexes of the last large objects the ``Materializer`` built,
/// two for each of 16 sets of shapes (a member count and first key), so
/// that the objects of one model, which mostly have the same keys in the
/// same order, share one index instead of each building and freeing its
/// own. (With one slot per set, the few shapes of a document shared a slot
/// often enough, by the seeded hash of their first key, to cost twitter.json
/// 0.3M instructions in some runs.)
///
/// Comparing an object's keys with the earlier one's costs a few
/// instructions a key (the parser interns keys, so equal keys are copies of
/// one string); building an index cost about 1,250 instructions and an
/// allocation a large object (346 of them in a parse of twitter.json). A
/// shape two models share only makes them build their own again, and the
/// comparison stops at the first key that differs: O(members) either way.
struct SharedMemberIndexes {
    typealias Member = JSON.Object.Member
    typealias MemberIndex = JSON.Object.MemberIndex

    /// By shape, the members of the last two large objects found unique and
    /// their indexes, the newer first; empty until the first large object.
    private var slots: [(members: ContiguousArray<Member>, index: MemberIndex)?] = []
    private static let slotCount = 32

    /// The object of `members` in order (meant for more than
    /// ``JSON/Object/MemberIndex/minimumMemberCount``: fewer have no index to
    /// share, and are built the general way); a repeated key keeps its first
    /// position and takes its last value, or with `firstKeyWins` its first.
    mutating func largeObject(_ members: ContiguousArray<Member>, firstKeyWins: Bool) -> JSON.Object {
        guard let first = members.first else { return JSON.Object() }
        if slots.isEmpty { slots = Array(repeating: nil, count: Self.slotCount) }
        // bounds proven: masked below slotCount with the low bit clear, so slot + 1 is below it too
        let slot = (members.count &* 31 &+ first.key.hash) & (Self.slotCount - 1) & ~1
        for candidate in slot...slot + 1 {
            if let earlier = slots[candidate], Self.sameKeys(members, earlier.members) {
                return JSON.Object(uniqueMembers: members, index: earlier.index)
            }
        }
        guard let index = MemberIndex(members), !index.hasDuplicates else {
            return JSON.Object(members, firstKeyWins: firstKeyWins)  // a repeated key: merged the general way
        }
        slots[slot + 1] = slots[slot]
        slots[slot] = (members, index)
        return JSON.Object(uniqueMembers: members, index: index)
    }

    /// Whether `members` have the keys of `earlier`, in the same order.
    private static func sameKeys(_ members: ContiguousArray<Member>, _ earlier: ContiguousArray<Member>) -> Bool {
        guard members.count == earlier.count else { return false }
        return members.withUnsafeBufferPointer { members in
            earlier.withUnsafeBufferPointer { earlier in
                for position in members.indices where members[position].key != earlier[position].key {  // bounds proven: equal counts
                    return false
                }
                return true
            }
        }
    }
}
