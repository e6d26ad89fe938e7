/// The member index of the last large object the ``Materializer`` built for
/// each of 16 shapes (its member count and first key), so that the objects
/// of one model, which mostly have the same keys in the same order, share
/// one index instead of each building and freeing its own.
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

    /// By shape, the members of the last large object found unique and its
    /// index; empty until the first large object.
    private var slots: [(members: ContiguousArray<Member>, index: MemberIndex)?] = []
    private static let slotCount = 16

    /// The object of `members`, more than ``JSON/Object/MemberIndex/minimumMemberCount``
    /// of them, in order; a repeated key keeps its first position and takes
    /// its last value, or with `firstKeyWins` its first.
    mutating func largeObject(_ members: ContiguousArray<Member>, firstKeyWins: Bool) -> JSON.Object {
        guard members.count > MemberIndex.minimumMemberCount, let first = members.first else {
            return JSON.Object(members, firstKeyWins: firstKeyWins)
        }
        if slots.isEmpty { slots = Array(repeating: nil, count: Self.slotCount) }
        let slot = (members.count &* 31 &+ first.key.hash) & (Self.slotCount - 1)
        if let earlier = slots[slot], Self.sameKeys(members, earlier.members) {  // bounds proven: masked below slotCount
            return JSON.Object(uniqueMembers: members, index: earlier.index)
        }
        guard let index = MemberIndex(members), !index.hasDuplicates else {
            return JSON.Object(members, firstKeyWins: firstKeyWins)  // a repeated key: merged the general way
        }
        slots[slot] = (members, index)  // bounds proven: as above
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
