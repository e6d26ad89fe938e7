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
    package func compactSize(atMost limit: Int) -> Int? {
        compactSizeAndDepth(atMost: limit)?.size
    }

    /// The compact size (see ``compactSize(atMost:)``) and the depth of
    /// the value: how many arrays and objects its deepest value is nested
    /// in, itself included (`1` is 0, `[1]` and `{}` are 1, `[[1]]` is 2).
    /// `nil` as soon as the size passes `limit`.
    package func compactSizeAndDepth(atMost limit: Int) -> (size: Int, depth: Int)? {
        let limit = min(limit, Int.max / 2)
        var size = 0
        var depth = 0
        // Each value with the number of containers it is in.
        var pending: [(value: JSON, level: Int)] = [(self, 0)]
        var digits = OutputBuffer()
        while let (value, level) = pending.popLast() {
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
                depth = max(depth, level + 1)
                if size <= limit {
                    for element in elements { pending.append((element, level + 1)) }
                }
            case .object(let object):
                size += 2 + max(object.count - 1, 0) + object.count * 3  // braces, commas, quotes and colons
                depth = max(depth, level + 1)
                for member in object.members {
                    guard size <= limit else { break }
                    size += member.key.string.utf8.count
                    pending.append((member.value, level + 1))
                }
            }
            if size > limit {
                WorkCounter.count(size)
                return nil
            }
        }
        WorkCounter.count(size)
        return (size, depth)
    }
}
