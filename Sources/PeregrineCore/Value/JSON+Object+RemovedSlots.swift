extension JSON.Object {
    /// The slots of an object's key list whose members were removed: a bit
    /// per slot, and a Fenwick tree over the bits' words that counts the
    /// removed slots, so that the slot of the member at a position (in
    /// insertion order) is found in O(log n).
    ///
    /// Removing a member other than the last leaves its slot in the key and
    /// value lists, marked here, instead of moving the later members down
    /// and rebuilding the index: O(log n) rather than O(n), and undoing it
    /// (a JSON Patch rolled back) puts the member back in its slot. The
    /// object copies its live members into new lists once more than half
    /// of its slots are removed, so the removals pay for the copy.
    ///
    /// A key list has none of these until a member is removed, and drops
    /// them when none is left: objects that never lost a member read their
    /// members by position, as before.
    struct RemovedSlots: Sendable {
        /// How many slots are removed.
        private(set) var count = 0
        /// One bit per slot of the list's capacity, set for a removed slot.
        private var bits: [UInt64]
        /// Entry `i` counts the removed slots of words `i - lowbit(i + 1) + 1`
        /// through `i` of `bits` (a Fenwick tree, 0-based).
        private var tree: [Int32]

        /// No removed slots, with room for `capacity`.
        init(capacity: Int) {
            let words = Swift.max((capacity + 63) / 64, 1)
            bits = Array(repeating: 0, count: words)
            tree = Array(repeating: 0, count: words)
        }

        /// The marks of the first `slots` slots of `other`, with room for `capacity`.
        init(_ other: RemovedSlots, slots: Int, capacity: Int) {
            self.init(capacity: Swift.max(capacity, slots))
            let words = (slots + 63) / 64
            for word in 0..<Swift.min(words, other.bits.count) {
                var marks = other.bits[word]
                let end = (word + 1) * 64
                if end > slots { marks &= (1 << (64 - (end - slots))) - 1 }
                bits[word] = marks
                tree[word] = Int32(marks.nonzeroBitCount)
                count += marks.nonzeroBitCount
            }
            // Each entry adds itself to its parent once, in order: O(words).
            for word in 0..<tree.count {
                let parent = word | (word + 1)
                if parent < tree.count { tree[parent] += tree[word] }
            }
        }

        /// Whether `slot` is removed.
        func contains(_ slot: Int) -> Bool {
            let word = slot >> 6
            return word < bits.count && bits[word] & (1 << (slot & 63)) != 0
        }

        /// Marks `slot` removed; it must not be.
        mutating func insert(_ slot: Int) {
            bits[slot >> 6] |= 1 << (slot & 63)
            add(1, atWord: slot >> 6)
            count += 1
        }

        /// Marks `slot` present again; it must be removed.
        mutating func remove(_ slot: Int) {
            bits[slot >> 6] &= ~(1 << (slot & 63))
            add(-1, atWord: slot >> 6)
            count -= 1
        }

        private mutating func add(_ delta: Int32, atWord word: Int) {
            var entry = word
            while entry < tree.count {
                tree[entry] += delta
                entry |= entry + 1
            }
        }

        /// The slot of the member at `position` among the slots that are
        /// not removed, which must be below the number of such slots in the
        /// list: a descent of the tree, then a count within one word.
        func slot(at position: Int) -> Int {
            var word = 0  // words skipped so far
            var left = position  // members still to skip
            var step = 1
            while step * 2 <= tree.count { step *= 2 }
            while step > 0 {
                // The words word..<word + step are entry word + step - 1's range.
                if word + step <= tree.count {
                    let present = 64 * step - Int(tree[word + step - 1])
                    if present <= left {
                        word += step
                        left -= present
                    }
                }
                step /= 2
            }
            // Slots past the list's count are never marked: they count as
            // present, but lie after every member, so the one sought is before them.
            var present = ~bits[Swift.min(word, bits.count - 1)]
            for _ in 0..<left { present &= present - 1 }
            return word * 64 + present.trailingZeroBitCount
        }

        /// The first slot from `slot` on that is not removed, or `end` when
        /// there is none before it.
        func firstPresent(from slot: Int, end: Int) -> Int {
            var word = slot >> 6
            guard word < bits.count else { return Swift.min(slot, end) }
            var present = ~bits[word] & (~0 << (slot & 63))
            while present == 0 {
                word += 1
                guard word < bits.count, word * 64 < end else { return end }
                present = ~bits[word]
            }
            return Swift.min(word * 64 + present.trailingZeroBitCount, end)
        }
    }
}
