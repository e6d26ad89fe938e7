extension JSON.Object {
    /// What a ``ValueList`` holds besides its values.
    struct ValueListHeader: ListStorageHeader {
        /// How many values are initialized: one per slot of the object's
        /// keys, `null` in the slot of a removed member.
        var count = 0
        /// How many values fit.
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
        }

        func copied(count: Int, capacity: Int) -> ValueListHeader {
            var header = ValueListHeader(capacity: capacity)
            header.count = count
            return header
        }
    }

    /// The values of an object, in the slots of its keys: one allocation
    /// (a ``ListStorage``), copied before a change when another object
    /// shares it, as an array's storage is. Unlike an array's, it releases
    /// its values in code made for `JSON`: `ContiguousArray` releases
    /// through the runtime's generic `swift_arrayDestroy`, which calls
    /// `JSON`'s value witness for each value; and the parser fills a list
    /// without a check, for each value, that the storage is unique (only
    /// that it has room).
    ///
    /// `@_eagerMove`, as the standard library's arrays are (see ``KeyList``).
    @_eagerMove
    final class ValueList: ListStorage<ValueListHeader, JSON> {
        /// An empty list with room for `capacity` values (at least one).
        static func make(capacity: Int) -> ValueList { make(ValueList.self, capacity: capacity) }

        /// This list's first `count` elements (all by default) in a list with room for `capacity`.
        func copy(capacity: Int, count: Int? = nil) -> ValueList { ValueList.copy(self, capacity: capacity, count: count) }

        deinit {
            // The values are released here, with no closure or call left
            // open: a value nested 1,024 levels deep is released through
            // here once per level, and in a debug build a closure left open
            // would add its frames to each level (the recursion must fit a
            // 512 KiB thread, see `JSON.maxValueDepth`). Each value is moved
            // out and dropped: Swift releases it directly, where
            // `deinitialize` went through `JSON`'s value witness.
            var values = drain()
            while let _ = values.next() {}
        }

        /// A list of the values in the slots of `keys` that hold members, in order.
        func compacted(as keys: KeyList) -> ValueList {
            var list = ValueList.make(capacity: keys.memberCount)
            var slot = keys.firstMemberSlot(from: 0)
            while slot < count {
                ValueList.append(self[slot], to: &list)
                slot = keys.firstMemberSlot(from: slot + 1)
            }
            return list
        }
    }
}
