extension JSON.Object {
    /// Takes the value of the member named `key` out of the object, leaving
    /// `null` in its place (the member keeps its position), so that the
    /// caller is the only owner of the value's storage and can change it
    /// without a copy; the subscript puts it back. `nil` when there is no
    /// such member.
    ///
    /// - Complexity: O(1) on average.
    mutating func takeValue(forKey key: String) -> JSON? {
        guard let position = position(of: ScalarKey(key)) else { return nil }
        var value = JSON.null
        swap(&value, &members[position].value)
        return value
    }

    /// Removes the member named `key`, returning its value and the
    /// position it had; `nil` when there is no such member.
    ///
    /// - Complexity: O(n).
    mutating func removeMember(forKey key: String) -> (value: JSON, position: Int)? {
        guard let position = position(of: ScalarKey(key)) else { return nil }
        return (removeMember(at: position), position)
    }

    /// Removes the member at `position` (which must be one) and returns its value.
    ///
    /// - Complexity: O(n).
    mutating func removeMember(at position: Int) -> JSON {
        let removed = members.remove(at: position)
        index = MemberIndex(members)
        return removed.value
    }

    /// Inserts a member that the object does not have at `position` (in
    /// insertion order; past the end appends), undoing ``removeMember(forKey:)``.
    ///
    /// - Complexity: O(n).
    mutating func insertMember(_ value: JSON, forKey key: String, at position: Int) {
        members.insert(Member(key: ScalarKey(key), value: value), at: Swift.min(Swift.max(position, 0), members.count))
        index = MemberIndex(members)
    }

    /// Removes the members named by `keys` (names the object does not have
    /// are ignored) in one pass, rather than one pass per removal.
    ///
    /// - Complexity: O(n + number of keys).
    mutating func removeMembers(forKeys keys: [String]) {
        var removed = [Bool](repeating: false, count: members.count)
        var any = false
        for key in keys {
            guard let position = position(of: ScalarKey(key)) else { continue }
            removed[position] = true
            any = true
        }
        guard any else { return }
        var kept = ContiguousArray<Member>()
        kept.reserveCapacity(members.count)
        for position in members.indices where !removed[position] { kept.append(members[position]) }
        members = kept
        index = MemberIndex(members)
    }
}
