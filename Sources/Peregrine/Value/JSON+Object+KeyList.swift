extension JSON.Object {
    /// What a ``KeyList`` holds besides its keys.
    struct KeyListHeader {
        /// How many keys are initialized.
        var count: Int
        /// How many keys fit.
        let capacity: Int
        /// The keys' positions by hash, for lists longer than
        /// ``MemberIndex/minimumMemberCount``.
        var index: MemberIndex?
    }

    /// The keys of an object in order, with their ``MemberIndex`` when there
    /// are enough of them to need one: one allocation, which objects with
    /// the same keys share. The parser gives every object with the keys of
    /// an earlier one (the objects of one model) that object's list, so
    /// building it copies no key and releasing it releases none: twitter.json
    /// has 1,264 objects and 13,345 members, and takes 12,319 of those keys
    /// from an earlier object.
    ///
    /// A list is changed only while one object holds it: `JSON.Object`
    /// copies a shared list before adding a key, as an array copies its
    /// storage. So objects holding one list may be used from any thread.
    ///
    /// `@_eagerMove`, as the standard library's arrays are: releasing a list
    /// does nothing but free it, so Swift may end a borrow of an object
    /// holding one at its last use. Without it, the serializer kept a copy
    /// of each object it wrote alive across the writes, a retain and a
    /// release of its keys and values (citm_catalog.json 6.62M → 7.58M
    /// instructions a write).
    @_eagerMove
    final class KeyList: ManagedBuffer<KeyListHeader, ScalarKey> {
        /// An empty list with room for `capacity` keys.
        static func make(capacity: Int) -> KeyList {
            let capacity = Swift.max(capacity, 1)
            let list = create(minimumCapacity: capacity) { _ in KeyListHeader(count: 0, capacity: capacity, index: nil) }
            return unsafeDowncast(list, to: KeyList.self)
        }

        deinit {
            _ = withUnsafeMutablePointers { header, keys in keys.deinitialize(count: header.pointee.count) }
        }

        // The header is read and written through `withUnsafeMutablePointerToHeader`:
        // the `header` property of a class is checked for exclusive access at
        // run time, which measured 0.4M instructions a parse of citm_catalog.json.

        /// How far the keys are from the start of a list: the same for every
        /// list (the header is of fixed size), measured once. The serializer
        /// finds an object's keys so, without a call on its list (see
        /// `Serializer.writeScalarOrOpen`).
        static let keysOffset: Int = {
            let list = make(capacity: 1)
            return list.withUnsafeMutablePointerToElements { UnsafeRawPointer($0) - UnsafeRawPointer(Unmanaged.passUnretained(list).toOpaque()) }
        }()

        /// The number of keys.
        var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

        /// The index of the keys, if they have one.
        var index: MemberIndex? {
            get { withUnsafeMutablePointerToHeader { $0.pointee.index } }
            set { withUnsafeMutablePointerToHeader { $0.pointee.index = newValue } }
        }

        /// The key at `position`, which must be below ``count``.
        subscript(position: Int) -> ScalarKey {
            withUnsafeMutablePointers { header, keys in
                precondition(UInt(bitPattern: position) < UInt(bitPattern: header.pointee.count), "key position out of range")
                return keys[position]  // bounds proven: 0 <= position < count (checked above)
            }
        }

        /// Appends `key` to `list`, which only the caller holds, first moving
        /// the keys to a list twice as large when it is full. The index is
        /// not updated (see ``indexLastKey()`` and ``indexKeys()``).
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

        /// A list with the first `count` of these keys (all by default) and
        /// room for `capacity`; its index is this one's when it has all the keys.
        func copy(capacity: Int, count: Int? = nil) -> KeyList {
            let count = Swift.min(count ?? self.count, self.count)
            let copy = KeyList.make(capacity: Swift.max(capacity, count))
            withUnsafeMutablePointerToElements { keys in
                copy.withUnsafeMutablePointers { header, copied in
                    copied.initialize(from: keys, count: count)  // bounds proven: count <= both lists' capacities
                    header.pointee.count = count
                }
            }
            if count == self.count { copy.index = index }
            return copy
        }

        /// A list of these keys without the ones at `removed` positions, indexed.
        func removing(_ removed: (Int) -> Bool) -> KeyList {
            var list = KeyList.make(capacity: count)
            for position in 0..<count where !removed(position) { KeyList.append(self[position], to: &list) }
            list.indexKeys()
            return list
        }

        /// A list of these keys with `key` inserted at `position` (0 through
        /// ``count``), indexed.
        func inserting(_ key: ScalarKey, at position: Int) -> KeyList {
            var list = KeyList.make(capacity: count + 1)
            for earlier in 0..<position { KeyList.append(self[earlier], to: &list) }
            KeyList.append(key, to: &list)
            for later in position..<count { KeyList.append(self[later], to: &list) }
            list.indexKeys()
            return list
        }

        /// Builds the index of a list that has none yet, if it is long enough to need one.
        func indexKeys() {
            index = MemberIndex(self)
        }

        /// Indexes the key just appended, building the index when the list
        /// has just become long enough to need one.
        func indexLastKey() {
            guard var current = index else {
                index = MemberIndex(self)
                return
            }
            index = nil  // leaves `current` the only owner of its buckets
            index = current.append(count - 1, of: self) ? current : MemberIndex(self)
        }

        /// The position of `key`, if it is one of these keys.
        func position(of key: ScalarKey) -> Int? {
            if let index { return index.position(of: key, in: self) }
            return withUnsafeMutablePointers { header, keys in
                // bounds proven: positions below count
                (0..<header.pointee.count).first { keys[$0] == key }
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
    }
}
