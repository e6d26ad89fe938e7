/// The last objects the ``Materializer`` built, two for each of 16 sets of
/// shapes (a member count and first key length), so that an object with
/// the same keys in the same order as one of them (the objects of one
/// model mostly have) shares its ``JSON/Object/KeyList`` (keys, uniqueness
/// and member index) instead of looking each key up in the ``KeyCache``,
/// checking the keys against each other and indexing them again; and the
/// keys of the last object of two members, which the next with the same
/// keys shares.
///
/// The keys are compared on the tape, raw bytes against raw bytes, while
/// the object is built; the comparison stops at the first key that differs,
/// and the rest are looked up: O(members) either way, whatever the input.
/// (It replaced sharing only large objects' indexes, which compared their
/// keys as strings after looking each up.)
///
/// A ``JSON/Parser`` keeps its shapes from one document to the next: the
/// slots, emptied (`forgetDocument()`), so that they are not allocated and
/// released again for each document, and the ``KeptKeyLists``, which the
/// first object of each shape in the next document takes.
struct ObjectShapes: Sendable {
    typealias KeyList = JSON.Object.KeyList

    /// An object built with unique keys: its index on the tape and its keys.
    struct Earlier {
        let object: Int
        let keys: KeyList
    }

    /// By shape, the last two objects found unique, the newer first; empty
    /// until the first is remembered. The lists here and in `pairs` are
    /// shared with the objects built on them, and so never changed (a list
    /// is changed only while one object holds it, see ``JSON/Object/KeyList``).
    nonisolated(unsafe) private var slots: [Earlier?] = []
    /// Key lists kept from one document to the next (for a ``JSON/Parser``).
    var kept = KeptKeyLists()
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
            if let earlier = slots[candidate], earlier.keys.count == count, firstKey.isSamePlainKey(as: tape[earlier.object + 1], in: input) {
                return earlier
            }
        }
        return nil
    }

    /// Remembers the object at tape index `object`, built with unique keys.
    mutating func remember(_ object: Int, keys: KeyList, firstKeyLength: Int) {
        if slots.isEmpty { slots = Array(repeating: nil, count: Self.slotCount) }
        let slot = Self.slot(count: keys.count, firstKeyLength: firstKeyLength)
        slots[slot + 1] = slots[slot]
        slots[slot] = Earlier(object: object, keys: keys)
        checkSlot(slot)
    }

    /// The keys of the last two objects of two members built with unique
    /// keys (an object of one model and one nested in it take turns), the
    /// newer first.
    nonisolated(unsafe) private var pairs: (KeyList?, KeyList?)

    /// The keys of one of the last two objects of two members, if they are
    /// written as the key entries `first` and `second` of `input`, without
    /// escapes: compared with their bytes, before any key is looked up.
    @inline(__always)
    func pair(_ first: TapeEntry, _ second: TapeEntry, in input: UnsafeBufferPointer<UInt8>) -> KeyList? {
        guard (first.flags | second.flags) & TapeEntry.needsDecoding == 0 else { return nil }
        let (firstBytes, secondBytes) = (first.rawBytes(in: input), second.rawBytes(in: input))
        if let pair = pairs.0, pair.isPair(firstBytes, secondBytes) { return pair }
        if let pair = pairs.1, pair.isPair(firstBytes, secondBytes) { return pair }
        return nil
    }

    /// Remembers the unique keys of an object of two members.
    mutating func rememberPair(_ keys: KeyList) {
        pairs = (keys, pairs.0)
        Self.checkPair(keys)
    }

    /// Forgets the objects of the document just built (their tape indexes
    /// mean nothing in the next one), and keeps the slots, empty, and the
    /// kept lists: a parser so neither allocates the slots again nor
    /// releases them for each document (much of a small document's parse).
    mutating func forgetDocument() {
        // In place: an element assignment checked the array's uniqueness
        // for each slot (350 instructions of a small document's parse).
        slots.withUnsafeMutableBufferPointer { slots in
            for slot in slots.indices {
                if case .some = slots[slot] { slots[slot] = nil }  // bounds proven: slot < slots.count
            }
        }
        pairs = (nil, nil)
    }

    /// Stops the program when the shapes' bookkeeping is wrong: debug
    /// builds only (release builds compile nothing). There are no slots
    /// before the first object is remembered and ``slotCount`` after;
    /// every list remembered (in a slot or a pair) holds unique keys and no
    /// removed slot, and is a well-formed list; given the `tape` of the
    /// document being built, each object remembered is an object of that
    /// tape with its list's count of members, in one of the two slots of
    /// its count and first key; the kept lists are well kept
    /// (``KeptKeyLists/checkInvariants()``). O(the keys remembered).
    ///
    /// ```swift
    /// shapes.checkInvariants(tape: tape)
    /// ```
    func checkInvariants(tape: Tape? = nil) {
        #if DEBUG
        precondition(slots.isEmpty || slots.count == Self.slotCount, "there are no slots or \(Self.slotCount)")
        for slot in slots.indices {
            checkSlot(slot, tape: tape)
            slots[slot]?.keys.checkInvariants()
        }
        for case let keys? in [pairs.0, pairs.1] {
            Self.checkPair(keys)
            keys.checkInvariants()
        }
        kept.checkInvariants()
        #endif
    }

    /// Stops the program, in debug builds only, when the object remembered
    /// in `slot` does not hold unique keys in a slot of its shape (see
    /// ``checkInvariants(tape:)``). O(members): called after remembering.
    func checkSlot(_ slot: Int, tape: Tape? = nil) {
        #if DEBUG
        guard let earlier = slots[slot] else { return }
        let keys = earlier.keys
        precondition(keys.count > 0 && !keys.hasRemovedSlots && !keys.hasDuplicates, "slot \(slot) holds an object of unique keys")
        guard let tape else { return }
        precondition(earlier.object >= 0 && earlier.object + 1 < tape.count, "slot \(slot)'s object is on the tape")
        let entry = tape[earlier.object]
        precondition(entry.kind == .object && entry.count == keys.count, "slot \(slot)'s object has its list's members")
        precondition(slot & ~1 == Self.slot(count: keys.count, firstKeyLength: tape[earlier.object + 1].length), "slot \(slot) is one of its shape's two")
        #endif
    }

    /// Stops the program, in debug builds only, when a remembered pair is
    /// not two unique keys.
    private static func checkPair(_ keys: KeyList) {
        #if DEBUG
        precondition(keys.count == 2 && !keys.hasRemovedSlots && !keys.hasDuplicates, "a pair is two unique keys")
        #endif
    }
}
