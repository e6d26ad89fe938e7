extension JSON.Object {
    /// What a ``KeyList`` holds besides its keys.
    struct KeyListHeader: ListStorageHeader {
        /// How many slots are initialized: the members' keys, and the keys
        /// left in the slots of removed members.
        var count = 0
        /// How many keys fit.
        let capacity: Int
        /// The keys' slots by hash, for lists longer than
        /// ``MemberIndex/minimumMemberCount``; removed slots are not in it.
        var index: MemberIndex?
        /// The slots of removed members; `nil` when there are none.
        var removed: RemovedSlots?

        init(capacity: Int) {
            self.capacity = capacity
        }

        /// A copy of the first `count` slots keeps the index when it has
        /// all the slots, and the removed slots among them.
        func copied(count: Int, capacity: Int) -> KeyListHeader {
            var header = KeyListHeader(capacity: capacity)
            header.count = count
            if count == self.count { header.index = index }
            if let removed {
                let kept = RemovedSlots(removed, slots: count, capacity: capacity)
                header.removed = kept.count > 0 ? kept : nil
            }
            return header
        }
    }

    /// The keys of an object in order, with their ``MemberIndex`` when there
    /// are enough of them to need one: one allocation, which objects with
    /// the same keys share. The parser gives every object with the keys of
    /// an earlier one (the objects of one model) that object's list, so
    /// building it copies no key and releasing it releases none: in a
    /// document of many objects of a few models, most objects take their
    /// keys from an earlier one. Its memory is a ``ListStorage``'s.
    ///
    /// A list is changed only while one object holds it: `JSON.Object`
    /// copies a shared list before adding or removing a key, as an array
    /// copies its storage. So objects holding one list may be used from any thread.
    ///
    /// A key's slot is its position in the list. Removing a member leaves
    /// its slot behind, marked in ``RemovedSlots`` (unless it was the last
    /// one), so the slots of the others do not change; a member's position
    /// in insertion order is its slot less the removed slots before it.
    ///
    /// `@_eagerMove`, as the standard library's arrays are: releasing a list
    /// does nothing but free it, so Swift may end a borrow of an object
    /// holding one at its last use. Without it, the serializer kept a copy
    /// of each object it wrote alive across the writes, a retain and a
    /// release of its keys and values.
    @_eagerMove
    final class KeyList: ListStorage<KeyListHeader, ScalarKey> {
        // `count` is the number of slots: members and removed ones.

        /// An empty list with room for `capacity` keys (at least one).
        static func make(capacity: Int) -> KeyList { make(KeyList.self, capacity: capacity) }

        /// This list's first `count` elements (all by default) in a list with room for `capacity`.
        func copy(capacity: Int, count: Int? = nil) -> KeyList { KeyList.copy(self, capacity: capacity, count: count) }

        /// The number of members: the slots less the removed ones.
        var memberCount: Int { slotAndMemberCounts.members }

        /// The number of slots and of members, read at once.
        var slotAndMemberCounts: (slots: Int, members: Int) {
            (state.count, state.count - (state.removed?.count ?? 0))
        }

        /// Whether a member was removed from a slot before the last.
        var hasRemovedSlots: Bool { state.removed != nil }

        /// The slot of the member at `position` in insertion order, which
        /// must be below ``memberCount``.
        func slot(at position: Int) -> Int {
            guard let removed = state.removed else { return position }
            precondition(position >= 0 && position < state.count - removed.count, "member position out of range")
            return removed.slot(at: position)
        }

        /// The first slot from `slot` on that holds a member, or ``count``.
        func firstMemberSlot(from slot: Int) -> Int {
            guard let removed = state.removed else { return Swift.min(slot, state.count) }
            return removed.firstPresent(from: slot, end: state.count)
        }

        /// Whether `slot` is the slot of a removed member.
        func isRemoved(_ slot: Int) -> Bool {
            state.removed?.contains(slot) ?? false
        }

        /// The index of the keys, if they have one.
        var index: MemberIndex? {
            get { state.index }
            set { state.index = newValue }
        }

        /// A list of the members' keys in order, without removed slots, indexed.
        func compacted() -> KeyList {
            var list = KeyList.make(capacity: memberCount)
            var slot = firstMemberSlot(from: 0)
            while slot < count {
                KeyList.append(self[slot], to: &list)
                slot = firstMemberSlot(from: slot + 1)
            }
            list.indexKeys()
            return list
        }

        /// Builds the index of a list that has none yet, if it is long enough to need one.
        func indexKeys() {
            index = MemberIndex(self)
            checkInvariants()
        }

        /// Indexes the key in `slot` (just appended, or put back), building
        /// the index when the list has just become long enough to need one.
        func indexKey(inSlot slot: Int) {
            defer { checkSlot(slot) }
            guard var current = index else {
                index = MemberIndex(self)
                return
            }
            index = nil  // leaves `current` the only owner of its buckets
            index = current.append(slot, of: self) ? current : MemberIndex(self)
        }

        /// Removes the member in `slot` (below ``count``, not removed) from
        /// this list, which only the caller holds: the last slot is taken
        /// off, another is marked removed. The index forgets the key.
        func removeKey(inSlot slot: Int) {
            if var current = index {
                index = nil  // leaves `current` the only owner of its buckets
                current.remove(slot, of: self)
                index = current
            }
            precondition(UInt(bitPattern: slot) < UInt(bitPattern: count), "key slot out of range")
            if slot == count - 1 {
                _ = removeLast()
            } else {
                var removed = state.removed ?? RemovedSlots(capacity: state.capacity)
                state.removed = nil  // leaves `removed` the only owner of its arrays
                removed.insert(slot)
                state.removed = removed
            }
            checkSlot(count - 1)
        }

        /// Puts `key` back in `slot`, a removed slot of this list, which
        /// only the caller holds, and indexes it.
        func restoreKey(_ key: ScalarKey, inSlot slot: Int) {
            precondition(isRemoved(slot), "restoring a slot that is not removed")
            _ = exchange(key, at: slot)
            if var removed = state.removed {
                state.removed = nil  // leaves `removed` the only owner of its arrays
                removed.remove(slot)
                state.removed = removed.count > 0 ? removed : nil
            }
            indexKey(inSlot: slot)
        }

        /// The slot of `key`, if it is one of the members' keys.
        func slot(of key: ScalarKey) -> Int? {
            if let index { return index.slot(of: key, in: self) }
            var found = firstSlot { $0 == key }
            while let slot = found, isRemoved(slot) { found = firstSlot(from: slot + 1) { $0 == key } }
            return found
        }

        /// Whether two of the keys are equal. Most parsed objects are small:
        /// one or two keys are settled inline, by their hashes.
        var hasDuplicates: Bool {
            if let index { return index.hasDuplicates }
            return hasRepeat(where: ==)
        }

        /// Whether this list holds exactly two keys, whose UTF-8 is `first`
        /// and `second` in that order.
        @inline(__always)
        func isPair(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
            count == 2 && self[0].hasBytes(first) && self[1].hasBytes(second)
        }

        /// Whether every key is at most `maxBytes` bytes of UTF-8.
        func allKeysFit(inBytes maxBytes: Int) -> Bool {
            firstSlot { $0.string.utf8.count > maxBytes } == nil
        }
    
        /// Stops the program when the list's bookkeeping is wrong: debug
        /// builds only (release builds compile nothing). The memory is
        /// right (``ListStorage/checkStorageInvariants()``); the removed
        /// slots are below the count, as many as they say, and the members'
        /// positions name the others in order;
        /// the index, there for every list longer than
        /// ``MemberIndex/minimumMemberCount``, finds each member's key
        /// (in its own slot unless a key is there twice). O(count): called
        /// when a list is indexed whole.
        ///
        /// ```swift
        /// list.checkInvariants()
        /// ```
        @inline(__always)
        func checkInvariants() {
            #if DEBUG
            checkStorageInvariants()
            let (count, removed) = (state.count, state.removed)
            if let removed {
                precondition(removed.count > 0, "a list without removed slots has no marks")
                precondition((0..<count).filter(removed.contains).count == removed.count, "the removed slots are below the count")
                var previous = -1
                for position in 0..<count - removed.count {
                    let slot = removed.slot(at: position)
                    precondition(slot > previous && slot < count && !removed.contains(slot), "member \(position) is in a present slot, in order")
                    previous = slot
                }
            }
            precondition(count <= MemberIndex.minimumMemberCount || index != nil, "a long list has an index")
            index?.checkInvariants(of: self)
            for slot in 0..<count where removed?.contains(slot) != true { checkSlot(slot) }
            #endif
        }

        /// Stops the program, in debug builds only, when the key in `slot`
        /// (a present one) is not found as a member: in `slot`, or in
        /// another with an equal key when a key is there twice. O(1) with
        /// an index: called after a key is added, put back or removed.
        @inline(__always)
        func checkSlot(_ slot: Int) {
            #if DEBUG
            let count = self.count
            guard slot >= 0, slot < count, !isRemoved(slot) else { return }
            let key = self[slot]
            let found = self.slot(of: key)
            precondition(found.map { $0 == slot || (self[$0] == key && !isRemoved($0)) } == true, "the key in slot \(slot) is found")
            #endif
        }
    }
}
