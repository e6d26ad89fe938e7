extension JSON {
    /// The length in bytes of the value's compact JSON text, not counting
    /// escapes (a string counts its UTF-8 bytes and two quotes): `{"a":[1,"xy"]}`
    /// is 14. `nil` as soon as the count passes `limit`, so measuring costs
    /// O(min(size, limit)) whatever the value holds (values that share
    /// storage, such as the results of JSON Patch `copy` operations, are
    /// counted as often as they would be written).
    ///
    /// Walks with an explicit stack, so any depth is safe. Limits above
    /// `Int.max / 2` count as `Int.max / 2`, so that the count never overflows.
    func compactSize(atMost limit: Int) -> Int? {
        let limit = min(limit, Int.max / 2)
        var size = 0
        var pending: [JSON] = [self]
        var digits = OutputBuffer()
        while let value = pending.popLast() {
            switch value {
            case .null: size += 4
            case .bool(let flag): size += flag ? 4 : 5
            case .number(let number):
                digits.removeAll()
                digits.appendNumber(number)
                size += digits.count
            case .string(let string): size += string.utf8.count + 2
            case .array(let elements):
                // Brackets and commas are counted before the elements are queued,
                // so the queue never holds more values than the limit allows bytes.
                size += 2 + max(elements.count - 1, 0)
                if size <= limit { pending.append(contentsOf: elements) }
            case .object(let object):
                size += 2 + max(object.count - 1, 0) + object.count * 3  // braces, commas, quotes and colons
                for position in 0..<object.count where size <= limit {
                    let member = object.member(at: position)
                    size += member.key.string.utf8.count
                    pending.append(member.value)
                }
            }
            if size > limit {
                WorkCounter.count(size)
                return nil
            }
        }
        WorkCounter.count(size)
        return size
    }
}
