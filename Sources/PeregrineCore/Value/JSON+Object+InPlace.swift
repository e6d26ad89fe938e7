extension JSON.Object {
    /// Takes the value of the member named `key` out of the object, leaving
    /// `null` in its place (the member keeps its position), so that the
    /// caller is the only owner of the value's storage and can change it
    /// without a copy; the subscript puts it back. `nil` when there is no
    /// such member.
    ///
    /// - Complexity: O(1) on average.
    package mutating func takeValue(forKey key: String) -> JSON? {
        guard let slot = slot(of: ScalarKey(key)) else { return nil }
        return uniqueValues().exchange(.null, at: slot)
    }

    /// Removes the member named `key`, returning its value and the slot it
    /// had (see ``restoreMember(_:forKey:inSlot:)``); `nil` when there is
    /// no such member. Without `compacting`, the object keeps its slots
    /// however many are removed, so that the slots of removed members can
    /// be restored.
    ///
    /// - Complexity: O(1) on average, amortised with `compacting`.
    package mutating func removeMember(forKey key: String, compacting: Bool = true) -> (value: JSON, slot: Int)? {
        guard let slot = slot(of: ScalarKey(key)) else { return nil }
        return (removeMember(inSlot: slot, compacting: compacting), slot)
    }

    /// Removes the member in `slot` (which must hold one) and returns its
    /// value: the last slot is taken off, another is left holding `null`
    /// and marked removed. With `compacting`, once more than half the slots
    /// are removed the members are copied into lists without them.
    ///
    /// - Complexity: O(1) on average, amortised with `compacting`.
    mutating func removeMember(inSlot slot: Int, compacting: Bool = true) -> JSON {
        let keys = uniqueKeys()
        let values = uniqueValues()
        let removed = slot == values.count - 1 ? values.removeLast() : values.exchange(.null, at: slot)
        keys.removeKey(inSlot: slot)
        if compacting { compactIfMostlyRemoved() }
        return removed
    }

    /// Puts back a member removed from `slot` without compacting, the
    /// object being as that removal left it (members added since removed
    /// again, removed ones restored): in its slot, or appended when it was
    /// the last slot, which removing took off.
    ///
    /// - Complexity: O(1) on average.
    package mutating func restoreMember(_ value: JSON, forKey key: String, inSlot slot: Int) {
        guard slot < slotCount else {
            appendKey(ScalarKey(key))
            appendValue(value)
            return
        }
        uniqueKeys().restoreKey(ScalarKey(key), inSlot: slot)
        _ = uniqueValues().exchange(value, at: slot)
    }

    /// Copies the members into lists without removed slots when more than
    /// half the slots are removed.
    ///
    /// - Complexity: O(number of slots) when it compacts, otherwise O(1).
    package mutating func compactIfMostlyRemoved() {
        guard let keys = keyList, keys.hasRemovedSlots, keys.count - keys.memberCount > keys.memberCount else { return }
        WorkCounter.count(keys.count)
        valueList = valueList?.compacted(as: keys)
        keyList = keys.compacted()
        checkInvariants()
    }
}
