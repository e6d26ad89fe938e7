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
        return uniqueValues().exchange(.null, at: position)
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
        let removed = uniqueValues().remove(at: position)
        keyList = keyList?.removing { $0 == position }
        return removed
    }

    /// Inserts a member that the object does not have at `position` (in
    /// insertion order; past the end appends), undoing ``removeMember(forKey:)``.
    ///
    /// - Complexity: O(n).
    mutating func insertMember(_ value: JSON, forKey key: String, at position: Int) {
        let position = Swift.min(Swift.max(position, 0), count)
        var values = uniqueValues(room: 1)
        ValueList.insert(value, at: position, in: &values)
        valueList = values
        keyList = (keyList ?? KeyList.make(capacity: 1)).inserting(ScalarKey(key), at: position)
    }

    /// Removes the members named by `keys` (names the object does not have
    /// are ignored) in one pass, rather than one pass per removal.
    ///
    /// - Complexity: O(n + number of keys).
    mutating func removeMembers(forKeys keys: [String]) {
        var removed = [Bool](repeating: false, count: count)
        var any = false
        for key in keys {
            guard let position = position(of: ScalarKey(key)) else { continue }
            removed[position] = true
            any = true
        }
        guard any else { return }
        valueList = valueList?.removing { removed[$0] }  // bounds proven: positions below count, the length of `removed`
        keyList = keyList?.removing { removed[$0] }  // bounds proven: positions below count, the length of `removed`
    }
}
