extension JSON.Object {
    /// What a ``ValueList`` holds besides its values.
    struct ValueListHeader {
        /// How many values are initialized: one per slot of the object's
        /// keys, `null` in the slot of a removed member.
        var count: Int
        /// How many values fit.
        let capacity: Int
    }

    /// The values of an object, in the slots of its keys: one allocation,
    /// copied before a change when another object shares it, as an array's
    /// storage is. Unlike an array's, it releases its values in code made
    /// for `JSON`: `ContiguousArray` releases through the runtime's generic
    /// `swift_arrayDestroy`, which calls `JSON`'s value witness for each
    /// value; and the parser fills a list without a check, for each value,
    /// that the storage is unique (only that it has room).
    ///
    /// `@_eagerMove`, as the standard library's arrays are (see ``KeyList``).
    @_eagerMove
    final class ValueList: ManagedBuffer<ValueListHeader, JSON> {
        /// An empty list with room for `capacity` values.
        static func make(capacity: Int) -> ValueList {
            let capacity = Swift.max(capacity, 1)
            let list = create(minimumCapacity: capacity) { _ in ValueListHeader(count: 0, capacity: capacity) }
            return unsafeDowncast(list, to: ValueList.self)
        }

        deinit {
            // The values are released after the closure returns: a value
            // nested 1,024 levels deep is released through here once per
            // level, and in a debug build a closure left open would add its
            // frames to each level (the recursion must fit a 512 KiB thread,
            // see `JSON.maxValueDepth`).
            let (count, values) = withUnsafeMutablePointers { header, values in (header.pointee.count, values) }
            // Each value moved out and dropped: Swift releases it directly,
            // where `deinitialize` went through `JSON`'s value witness.
            for position in 0..<count {
                _ = (values + position).move()  // bounds proven: position < count
            }
        }

        /// How far the values are from the start of a list: the same for
        /// every list, measured once. The serializer finds an object's
        /// values so, without a call on its list (see ``KeyList/keysOffset``).
        static let valuesOffset: Int = {
            let list = make(capacity: 1)
            return list.withUnsafeMutablePointerToElements { UnsafeRawPointer($0) - UnsafeRawPointer(Unmanaged.passUnretained(list).toOpaque()) }
        }()

        /// The number of values.
        var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

        /// The value in slot `position`, which must be below ``count``.
        subscript(position: Int) -> JSON {
            withUnsafeMutablePointers { header, values in
                precondition(UInt(bitPattern: position) < UInt(bitPattern: header.pointee.count), "value position out of range")
                return values[position]  // bounds proven: 0 <= position < count (checked above)
            }
        }

        /// Appends `value` to `list`, which only the caller holds, first
        /// moving the values to a list twice as large when it is full.
        #if compiler(>=6.3)
        @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
        #else
        @inline(__always)
        #endif
        static func append(_ value: consuming JSON, to list: inout ValueList) {
            let (count, capacity) = list.withUnsafeMutablePointerToHeader { ($0.pointee.count, $0.pointee.capacity) }
            if count >= capacity {
                list = list.copy(capacity: capacity * 2)
            }
            let slot = list.withUnsafeMutablePointers { header, values in
                header.pointee.count += 1
                return values + count  // bounds proven: count < capacity (made so above)
            }
            slot.initialize(to: value)  // outside the closure, so that `value` is moved in
        }

        /// A list of these values with room for `capacity`.
        func copy(capacity: Int) -> ValueList {
            let copy = ValueList.make(capacity: Swift.max(capacity, count))
            withUnsafeMutablePointers { header, values in
                copy.withUnsafeMutablePointers { copiedHeader, copied in
                    copied.initialize(from: values, count: header.pointee.count)  // bounds proven: count <= both lists' capacities
                    copiedHeader.pointee.count = header.pointee.count
                }
            }
            return copy
        }

        /// Puts `value` at `position` (below ``count``) and returns the value
        /// that was there; the list must be held by the caller alone.
        func exchange(_ value: consuming JSON, at position: Int) -> JSON {
            let slot = withUnsafeMutablePointers { header, values in
                precondition(UInt(bitPattern: position) < UInt(bitPattern: header.pointee.count), "value position out of range")
                return values + position  // bounds proven: 0 <= position < count (checked above)
            }
            let old = slot.move()
            slot.initialize(to: value)
            return old
        }

        /// Removes and returns the last value; the list must be held by the
        /// caller alone and not be empty.
        func removeLast() -> JSON {
            withUnsafeMutablePointers { header, values in
                let count = header.pointee.count
                precondition(count > 0, "removing from an empty value list")
                header.pointee.count = count - 1
                return (values + count - 1).move()  // bounds proven: 0 <= count - 1 < count (checked above)
            }
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
