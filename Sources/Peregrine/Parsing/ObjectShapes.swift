/// The last objects the ``Materializer`` built, two for each of 16 sets of
/// shapes (a member count and first key length), so that an object with
/// the same keys in the same order as one of them (the objects of one
/// model mostly have) takes its keys, its uniqueness and its member index
/// from it instead of looking each key up in the ``KeyCache``, checking the
/// keys against each other and indexing them again.
///
/// The keys are compared on the tape, raw bytes against raw bytes, while
/// the object is built; the comparison stops at the first key that differs,
/// and the rest are looked up: O(members) either way, whatever the input.
/// twitter.json 12.61M → 12.03M instructions a parse, citm_catalog.json
/// 28.38M → 28.21M. (It replaced sharing only large objects' indexes, which
/// compared their keys as strings after looking each up.)
struct ObjectShapes {
    typealias Member = JSON.Object.Member

    /// An object built with unique keys: its index on the tape, its members
    /// and its member index.
    struct Earlier {
        let object: Int
        let members: ContiguousArray<Member>
        let index: JSON.Object.MemberIndex?
    }

    /// By shape, the last two objects found unique, the newer first; empty
    /// until the first is remembered.
    private var slots: [Earlier?] = []
    private static let slotCount = 32

    /// The first of the two slots for objects of `count` members whose
    /// first key is `firstKeyLength` bytes long.
    @inline(__always)
    private static func slot(count: Int, firstKeyLength: Int) -> Int {
        // bounds proven: masked below slotCount with the low bit clear, so slot + 1 is below it too
        (count &* 31 &+ firstKeyLength) & (slotCount - 1) & ~1
    }

    /// The earlier object of `count` members whose first key is the same
    /// as `firstKey` (a key entry of `tape` over `input`), if one is remembered.
    @inline(__always)
    func earlier(count: Int, firstKey: TapeEntry, _ tape: Tape, _ input: UnsafeBufferPointer<UInt8>) -> Earlier? {
        guard !slots.isEmpty else { return nil }
        let slot = Self.slot(count: count, firstKeyLength: firstKey.length)
        for candidate in slot...slot + 1 {
            // bounds proven: an object remembered has its first key at object + 1, inside the tape
            if let earlier = slots[candidate], earlier.members.count == count, firstKey.isSamePlainKey(as: tape[earlier.object + 1], in: input) {
                return earlier
            }
        }
        return nil
    }

    /// Remembers the object at tape index `object`, built with unique keys.
    mutating func remember(_ object: Int, members: ContiguousArray<Member>, index: JSON.Object.MemberIndex?, firstKeyLength: Int) {
        if slots.isEmpty { slots = Array(repeating: nil, count: Self.slotCount) }
        let slot = Self.slot(count: members.count, firstKeyLength: firstKeyLength)
        slots[slot + 1] = slots[slot]
        slots[slot] = Earlier(object: object, members: members, index: index)
    }
}
