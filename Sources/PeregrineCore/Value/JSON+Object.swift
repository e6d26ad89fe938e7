extension JSON {
    /// The members of a JSON object: string keys to values, in insertion order.
    ///
    /// Lookup by key is O(1) on average. Keys compare by their Unicode scalars
    /// (RFC 8259 §8.3), so a precomposed and a decomposed `"é"` are two keys.
    /// Setting an existing key replaces its value and keeps its position, which
    /// is how the parser applies "last duplicate wins".
    ///
    /// ```swift
    /// var object: JSON.Object = ["b": 1, "a": 2]
    /// object["c"] = "three"
    /// object.keys           // ["b", "a", "c"]
    /// object["a"]           // Optional(2)
    /// ```
    ///
    /// Two objects are equal when they have the same keys with equal values;
    /// member order does not matter for equality (it does for writing).
    ///
    /// The storage is JSON-specific: the values in a `ValueList`, and the
    /// keys in a `KeyList` that objects with the same keys share (the parser
    /// gives a model's objects one list), which also holds, for objects of
    /// more than 16 members, a table of key positions keyed by each key's
    /// hash, which the key computes once. Building values this way measured
    /// faster than into swift-collections' `OrderedDictionary` (the
    /// commit that chose it has the figures), mostly because a key interned
    /// by the parser is never rehashed. Removing a member leaves its slot in both lists,
    /// marked removed, until more than half the slots are: then the members
    /// are copied into new lists, so removing in any order is O(1) amortised.
    public struct Object: Sendable {
        /// The keys in order; `nil` for an object that never had a member.
        /// A list is changed only while this object is its only holder (see
        /// `KeyList`), so sharing it between threads is safe, as sharing
        /// an array's storage is (`ManagedBuffer` is not marked `Sendable`).
        nonisolated(unsafe) var keyList: KeyList?
        /// The values, in the order of their keys; `nil` for an object that
        /// never had a member. Like `keyList`, shared only to be read.
        nonisolated(unsafe) var valueList: ValueList?

        /// Creates an empty object.
        ///
        /// ```swift
        /// var object = JSON.Object()
        /// ```
        public init() {
            keyList = nil
            valueList = nil
        }

        /// The object of these keys, none repeated (indexed if they need it),
        /// and their values.
        init(uniqueKeys: KeyList, values: ValueList) {
            keyList = uniqueKeys
            valueList = values
        }

        /// Creates an empty object with room for `minimumCapacity` members.
        ///
        /// ```swift
        /// var object = JSON.Object(minimumCapacity: 16)
        /// ```
        public init(minimumCapacity: Int) {
            self.init()
            guard minimumCapacity > 0 else { return }
            keyList = KeyList.make(capacity: minimumCapacity)
            valueList = ValueList.make(capacity: minimumCapacity)
        }

        /// Creates an object from key-value pairs; a repeated key keeps its first
        /// position and takes its last value.
        ///
        /// ```swift
        /// let object = JSON.Object([("a", 1), ("a", 2)])   // {"a":2}
        /// ```
        public init(_ pairs: some Sequence<(String, JSON)>) {
            self.init()
            for (key, value) in pairs { self[key] = value }
        }

        /// The number of members.
        ///
        /// - Complexity: O(1)
        public var count: Int { keyList?.memberCount ?? 0 }

        /// Whether the object has no members.
        ///
        /// ```swift
        /// JSON.Object().isEmpty   // true
        /// ```
        public var isEmpty: Bool { count == 0 }

        /// The keys in insertion order.
        ///
        /// ```swift
        /// let keys: [String] = object.keys
        /// ```
        /// - Complexity: O(n)
        public var keys: [String] { map(\.key) }

        /// The values in insertion order.
        ///
        /// ```swift
        /// let values: [JSON] = object.values
        /// ```
        /// - Complexity: O(n)
        public var values: [JSON] { map(\.value) }

        /// The value for `key`, or `nil` when the object has no such member.
        /// Assigning `nil` removes the member.
        ///
        /// ```swift
        /// object["name"] = "Peregrine"
        /// object["name"] = nil
        /// ```
        /// - Complexity: O(1) on average for reading, adding and replacing,
        ///   and amortised for removing (the member's slot is left empty,
        ///   and the object compacted once more than half its slots are).
        public subscript(key: String) -> JSON? {
            get { slot(of: ScalarKey(key)).map { value(inSlot: $0) } }
            set { set(ScalarKey(key), to: newValue) }
        }

        /// The slot of the member named `key` (see ``KeyList``).
        func slot(of key: ScalarKey) -> Int? {
            keyList?.slot(of: key)
        }

        /// Replaces, appends or (for `nil`) removes the member named `key`.
        mutating func set(_ key: ScalarKey, to value: JSON?) {
            switch (slot(of: key), value) {
            case (let slot?, let value?):
                _ = uniqueValues().exchange(value, at: slot)
            case (let slot?, nil):
                _ = removeMember(inSlot: slot)
            case (nil, let value?):
                appendKey(key)
                appendValue(value)
            case (nil, nil):
                break
            }
        }

        /// Appends `key`, which the object does not have, to its keys,
        /// copying them first when another object shares them.
        mutating func appendKey(_ key: ScalarKey) {
            var list = uniqueKeys(room: Swift.max(4, count))
            KeyList.append(key, to: &list)
            list.indexKey(inSlot: list.count - 1)
            keyList = list
        }

        /// Appends `value` to the values, copying them first when another
        /// object shares them.
        mutating func appendValue(_ value: JSON) {
            var list = uniqueValues(room: Swift.max(4, count))
            ValueList.append(value, to: &list)
            valueList = list
        }

        /// The keys, held by this object alone, to be changed in place:
        /// copied first if another object shares them, with room for `room`
        /// more, and made (with that room) if the object never had any.
        mutating func uniqueKeys(room: Int = 0) -> KeyList {
            var list = keyList ?? KeyList.make(capacity: Swift.max(room, 1))
            keyList = nil  // leaves `list` the only holder, unless another object shares it
            if !isKnownUniquelyReferenced(&list) { list = list.copy(capacity: list.count + room) }
            keyList = list
            return list
        }

        /// The values, held by this object alone, to be changed in place:
        /// copied first if another object shares them, with room for `room`
        /// more, and made (with that room) if the object never had any.
        mutating func uniqueValues(room: Int = 0) -> ValueList {
            var list = valueList ?? ValueList.make(capacity: Swift.max(room, 1))
            valueList = nil  // leaves `list` the only holder, unless another object shares it
            if !isKnownUniquelyReferenced(&list) { list = list.copy(capacity: list.count + room) }
            valueList = list
            return list
        }

        /// The value in `slot`, which must be below ``slotCount``.
        func value(inSlot slot: Int) -> JSON {
            guard let valueList else { preconditionFailure("value slot out of range") }
            return valueList[slot]
        }

        /// The key in `slot`, which must be below ``slotCount``.
        func key(inSlot slot: Int) -> ScalarKey {
            guard let keyList else { preconditionFailure("key slot out of range") }
            return keyList[slot]
        }

        /// The number of slots: the members, and the slots removed members left.
        var slotCount: Int { keyList?.count ?? 0 }

        /// The number of slots and of members, read at once.
        var slotAndMemberCounts: (slots: Int, members: Int) { keyList?.slotAndMemberCounts ?? (0, 0) }

        /// Whether a member was removed from a slot that is still there.
        var hasRemovedSlots: Bool { keyList?.hasRemovedSlots ?? false }

        /// The slot of the member at `position` in insertion order, which
        /// must be below ``count``: the position itself unless members were
        /// removed, otherwise found in O(log n).
        func slot(at position: Int) -> Int { keyList?.slot(at: position) ?? position }

        /// The first slot from `slot` on that holds a member, or ``slotCount``.
        func firstMemberSlot(from slot: Int) -> Int { keyList?.firstMemberSlot(from: slot) ?? 0 }

        /// The value at `position` (in insertion order), which must be below ``count``.
        func value(at position: Int) -> JSON { value(inSlot: slot(at: position)) }

        /// The key at `position` (in insertion order), which must be below ``count``.
        func key(at position: Int) -> ScalarKey { key(inSlot: slot(at: position)) }

        /// The member at `position` (in insertion order).
        package func member(at position: Int) -> Member {
            let slot = slot(at: position)
            return Member(key: key(inSlot: slot), value: value(inSlot: slot))
        }

        /// Stops the program when the object's lists do not fit together:
        /// debug builds only (release builds compile nothing). It has both
        /// lists or neither; the keys are right (``KeyList/checkInvariants()``)
        /// and so is the values' memory; there is a value in each slot of a
        /// key, `null` in those of removed members. O(slots).
        ///
        /// ```swift
        /// object.checkInvariants()
        /// ```
        @inline(__always)
        func checkInvariants() {
            #if DEBUG
            precondition((keyList == nil) == (valueList == nil), "an object has both lists or neither")
            guard let keyList, let valueList else { return }
            keyList.checkInvariants()
            valueList.checkStorageInvariants()
            precondition(valueList.count == keyList.count, "a value in each slot of a key")
            for slot in 0..<keyList.count where keyList.isRemoved(slot) {
                guard case .null = valueList[slot] else { preconditionFailure("the slot of removed member \(slot) holds null") }
            }
            #endif
        }
    }
}

extension JSON.Object {
    /// A key and its value.
    package struct Member: Sendable {
        package var key: ScalarKey
        package var value: JSON
    }

    /// The object with these members in order; a repeated key keeps its
    /// first position and takes its last value, or with `firstKeyWins` its
    /// first value.
    init(_ members: ContiguousArray<Member>, firstKeyWins: Bool = false) {
        var keys = KeyList.make(capacity: members.count)
        var values = ValueList.make(capacity: members.count)
        for member in members {
            KeyList.append(member.key, to: &keys)
            ValueList.append(member.value, to: &values)
        }
        self.init(keys: keys, values: values, firstKeyWins: firstKeyWins)
    }

    /// The object of `keys` (a list only the caller holds, not indexed yet)
    /// and their `values`, as the parser found them; a repeated key keeps its
    /// first position and takes its last value, or with `firstKeyWins` its
    /// first value.
    init(keys: KeyList, values: ValueList, firstKeyWins: Bool) {
        keys.indexKeys()
        guard keys.hasDuplicates else {
            self.init(uniqueKeys: keys, values: values)
            return
        }
        self.init()
        for position in 0..<values.count where !(firstKeyWins && slot(of: keys[position]) != nil) {
            set(keys[position], to: values[position])
        }
    }
}

extension JSON.Object: Sequence {
    /// A member of an object.
    public typealias Element = (key: String, value: JSON)

    /// Iterates over the members in insertion order.
    public struct Iterator: IteratorProtocol {
        private var members: Members

        init(_ object: JSON.Object) { members = Members(object) }

        /// The next member, or `nil` after the last one.
        public mutating func next() -> Element? {
            members.next().map { ($0.key.string, $0.value) }
        }
    }

    /// The members in insertion order, with their keys as ``ScalarKey``s.
    struct Members: Sequence, IteratorProtocol {
        private let object: JSON.Object
        private var slots: MemberSlots

        init(_ object: JSON.Object) {
            self.object = object
            slots = MemberSlots(object)
        }

        mutating func next() -> Member? {
            slots.next().map { Member(key: object.key(inSlot: $0), value: object.value(inSlot: $0)) }
        }
    }

    /// The members in insertion order, with their keys as ``ScalarKey``s.
    var members: Members { Members(self) }

    /// The slots of the members in insertion order: every slot, skipping
    /// those of removed members.
    struct MemberSlots: Sequence, IteratorProtocol {
        private let object: JSON.Object
        private var slot = 0

        init(_ object: JSON.Object) { self.object = object }

        mutating func next() -> Int? {
            slot = object.firstMemberSlot(from: slot)
            guard slot < object.slotCount else { return nil }
            defer { slot += 1 }
            return slot
        }
    }

    /// The slots of the members in insertion order.
    var memberSlots: MemberSlots { MemberSlots(self) }

    /// Returns an iterator over the members in insertion order.
    ///
    /// ```swift
    /// for (key, value) in object { print(key, value) }
    /// ```
    public func makeIterator() -> Iterator { Iterator(self) }

    /// The number of members.
    ///
    /// ```swift
    /// var keys: [String] = []
    /// keys.reserveCapacity(object.underestimatedCount)
    /// ```
    public var underestimatedCount: Int { count }
}

extension JSON.Object: ExpressibleByDictionaryLiteral {
    /// Creates an object from a literal; a repeated key takes its last value.
    ///
    /// ```swift
    /// let object: JSON.Object = ["id": 1, "ok": true]
    /// ```
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(elements)
    }
}
