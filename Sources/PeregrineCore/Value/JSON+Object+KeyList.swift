extension JSON.Object {
    /// What a ``KeyList`` holds besides its keys.
    struct KeyListHeader {
        /// How many slots are initialized: the members' keys, and the keys
        /// left in the slots of removed members.
        var count: Int
        /// How many keys fit.
        let capacity: Int
        /// The keys' slots by hash, for lists longer than
        /// ``MemberIndex/minimumMemberCount``; removed slots are not in it.
        var index: MemberIndex?
        /// The slots of removed members; `nil` when there are none.
        var removed: RemovedSlots?
    }

    /// The keys of an object in order, with their ``MemberIndex`` when there
    /// are enough of them to need one: one allocation, which objects with
    /// the same keys share. The parser gives every object with the keys of
    /// an earlier one (the objects of one model) that object's list, so
    /// building it copies no key and releasing it releases none: in a
    /// document of many objects of a few models, most objects take their
    /// keys from an earlier one.
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
    final class KeyList: ManagedBuffer<KeyListHeader, ScalarKey> {
        /// An empty list with room for `capacity` keys.
        static func make(capacity: Int) -> KeyList {
            let capacity = Swift.max(capacity, 1)
            let list = create(minimumCapacity: capacity) { _ in KeyListHeader(count: 0, capacity: capacity, index: nil, removed: nil) }
            return unsafeDowncast(list, to: KeyList.self)
        }

        deinit {
            _ = withUnsafeMutablePointers { header, keys in keys.deinitialize(count: header.pointee.count) }
        }

        // The header is read and written through `withUnsafeMutablePointerToHeader`:
        // the `header` property of a class is checked for exclusive access at
        // run time, on every read.

        /// How far the keys are from the start of a list: the same for every
        /// list (the header is of fixed size), measured once. The serializer
        /// finds an object's keys so, without a call on its list (see
        /// `Serializer.writeScalarOrOpen`).
        static let keysOffset: Int = {
            let list = make(capacity: 1)
            return list.withUnsafeMutablePointerToElements { UnsafeRawPointer($0) - UnsafeRawPointer(Unmanaged.passUnretained(list).toOpaque()) }
        }()

        /// The number of slots: members and removed ones.
        var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

        /// The number of members: the slots less the removed ones.
        var memberCount: Int { slotAndMemberCounts.members }

        /// The number of slots and of members, read at once.
        var slotAndMemberCounts: (slots: Int, members: Int) {
            withUnsafeMutablePointerToHeader { ($0.pointee.count, $0.pointee.count - ($0.pointee.removed?.count ?? 0)) }
        }

        /// Whether a member was removed from a slot before the last.
        var hasRemovedSlots: Bool { withUnsafeMutablePointerToHeader { $0.pointee.removed != nil } }

        /// The slot of the member at `position` in insertion order, which
        /// must be below ``memberCount``.
        func slot(at position: Int) -> Int {
            withUnsafeMutablePointerToHeader { header in
                guard let removed = header.pointee.removed else { return position }
                precondition(position >= 0 && position < header.pointee.count - removed.count, "member position out of range")
                return removed.slot(at: position)
            }
        }

        /// The first slot from `slot` on that holds a member, or ``count``.
        func firstMemberSlot(from slot: Int) -> Int {
            withUnsafeMutablePointerToHeader { header in
                guard let removed = header.pointee.removed else { return Swift.min(slot, header.pointee.count) }
                return removed.firstPresent(from: slot, end: header.pointee.count)
            }
        }

        /// Whether `slot` is the slot of a removed member.
        func isRemoved(_ slot: Int) -> Bool {
            withUnsafeMutablePointerToHeader { $0.pointee.removed?.contains(slot) ?? false }
        }

        /// The index of the keys, if they have one.
        var index: MemberIndex? {
            get { withUnsafeMutablePointerToHeader { $0.pointee.index } }
            set { withUnsafeMutablePointerToHeader { $0.pointee.index = newValue } }
        }

        /// The key in `slot`, which must be below ``count``.
        subscript(slot: Int) -> ScalarKey {
            withUnsafeMutablePointers { header, keys in
                precondition(UInt(bitPattern: slot) < UInt(bitPattern: header.pointee.count), "key slot out of range")
                return keys[slot]  // bounds proven: 0 <= slot < count (checked above)
            }
        }

        /// Appends `key` to `list`, which only the caller holds, first moving
        /// the keys to a list twice as large when it is full. The index is
        /// not updated (see ``indexKey(inSlot:)`` and ``indexKeys()``).
        #if compiler(>=6.3)
        @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
        #else
        @inline(__always)
        #endif
        static func append(_ key: ScalarKey, to list: inout KeyList) {
            let (count, capacity) = list.withUnsafeMutablePointerToHeader { ($0.pointee.count, $0.pointee.capacity) }
            if count >= capacity {
                list = list.copy(capacity: capacity * 2)
            }
            list.withUnsafeMutablePointers { header, keys in
                (keys + header.pointee.count).initialize(to: key)  // bounds proven: count < capacity (made so above)
                header.pointee.count += 1
            }
        }

        /// A list with the first `count` of these slots (all by default) and
        /// room for `capacity`; its index is this one's when it has all the
        /// slots, and its removed slots are this one's among them.
        func copy(capacity: Int, count: Int? = nil) -> KeyList {
            let count = Swift.min(count ?? self.count, self.count)
            let capacity = Swift.max(capacity, count)
            let copy = KeyList.make(capacity: capacity)
            let removed = withUnsafeMutablePointers { header, keys in
                copy.withUnsafeMutablePointers { copiedHeader, copied in
                    copied.initialize(from: keys, count: count)  // bounds proven: count <= both lists' capacities
                    copiedHeader.pointee.count = count
                }
                return header.pointee.removed
            }
            if let removed {
                let kept = RemovedSlots(removed, slots: count, capacity: capacity)
                copy.withUnsafeMutablePointerToHeader { $0.pointee.removed = kept.count > 0 ? kept : nil }
            }
            if count == self.count { copy.index = index }
            return copy
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
            withUnsafeMutablePointers { header, keys in
                let count = header.pointee.count
                precondition(UInt(bitPattern: slot) < UInt(bitPattern: count), "key slot out of range")
                if slot == count - 1 {
                    (keys + slot).deinitialize(count: 1)  // bounds proven: slot < count (checked above)
                    header.pointee.count = slot
                } else {
                    var removed = header.pointee.removed ?? RemovedSlots(capacity: header.pointee.capacity)
                    header.pointee.removed = nil  // leaves `removed` the only owner of its arrays
                    removed.insert(slot)
                    header.pointee.removed = removed
                }
            }
            checkSlot(count - 1)
        }

        /// Puts `key` back in `slot`, a removed slot of this list, which
        /// only the caller holds, and indexes it.
        func restoreKey(_ key: ScalarKey, inSlot slot: Int) {
            withUnsafeMutablePointers { header, keys in
                precondition(header.pointee.removed?.contains(slot) == true, "restoring a slot that is not removed")
                keys[slot] = key  // bounds proven: a removed slot is below count
                guard var removed = header.pointee.removed else { return }
                header.pointee.removed = nil  // leaves `removed` the only owner of its arrays
                removed.remove(slot)
                header.pointee.removed = removed.count > 0 ? removed : nil
            }
            indexKey(inSlot: slot)
        }

        /// The slot of `key`, if it is one of the members' keys.
        func slot(of key: ScalarKey) -> Int? {
            if let index { return index.slot(of: key, in: self) }
            return withUnsafeMutablePointers { header, keys in
                // bounds proven: slots below count
                guard let removed = header.pointee.removed else { return (0..<header.pointee.count).first { keys[$0] == key } }
                return (0..<header.pointee.count).first { keys[$0] == key && !removed.contains($0) }
            }
        }

        /// Whether two of the keys are equal. Most parsed objects are small:
        /// one or two keys are settled inline, by their hashes.
        var hasDuplicates: Bool {
            if let index { return index.hasDuplicates }
            return withUnsafeMutablePointers { header, keys in
                // bounds proven: positions below count
                switch header.pointee.count {
                case 0, 1: return false
                case 2: return keys[0] == keys[1]
                default:
                    for position in 1..<header.pointee.count {
                        for earlier in 0..<position where keys[earlier] == keys[position] { return true }
                    }
                    return false
                }
            }
        }

        /// Whether this list holds exactly two keys, `first` and `second` in
        /// that order, as these very keys (the same interned strings): a few
        /// comparisons of words, never of text.
        func holdsSame(_ first: ScalarKey, _ second: ScalarKey) -> Bool {
            withUnsafeMutablePointers { header, keys in
                // bounds proven: count == 2 is checked first
                header.pointee.count == 2 && keys[0].isSame(as: first) && keys[1].isSame(as: second)
            }
        }

        /// Whether the key at `position` (below ``count``) is the UTF-8 text `raw`.
        func key(at position: Int, hasBytes raw: UnsafeBufferPointer<UInt8>) -> Bool {
            withUnsafeMutablePointers { header, keys in
                precondition(UInt(bitPattern: position) < UInt(bitPattern: header.pointee.count), "key position out of range")
                // bounds proven: 0 <= position < count (checked above)
                return keys[position].string.utf8.withContiguousStorageIfAvailable { bytesEqual($0, raw) } ?? false
            }
        }

        /// Whether every key is at most `maxBytes` bytes of UTF-8.
        func allKeysFit(inBytes maxBytes: Int) -> Bool {
            withUnsafeMutablePointers { header, keys in
                // bounds proven: positions below count
                (0..<header.pointee.count).allSatisfy { keys[$0].string.utf8.count <= maxBytes }
            }
        }
    
        /// Stops the program when the list's bookkeeping is wrong: debug
        /// builds only (release builds compile nothing). The slots fit the
        /// capacity; the removed slots are below the count, as many as
        /// they say, and the members' positions name the others in order;
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
            let (count, capacity, removed) = withUnsafeMutablePointerToHeader { ($0.pointee.count, $0.pointee.capacity, $0.pointee.removed) }
            precondition(count >= 0 && count <= capacity, "a key list holds 0...capacity slots")
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
