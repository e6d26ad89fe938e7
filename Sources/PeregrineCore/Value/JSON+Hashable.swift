extension JSON: Hashable {
    /// Compares two values without recursion, so any nesting depth is safe.
    ///
    /// Numbers compare as ``JSON/Number`` does, strings and keys by Unicode
    /// scalars, arrays element by element, objects by their members regardless
    /// of order.
    ///
    /// ```swift
    /// let a: JSON = ["x": 1, "y": 2]
    /// let b: JSON = ["y": 2, "x": 1]
    /// a == b   // true
    /// ```
    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        var budget = Int.max
        return equal(lhs, rhs, budget: &budget) == true
    }

    /// Deep equality as `==` has it or, with `numbersByValue`, as RFC 6902's
    /// `test` has it: numbers equal by value (`1`, `1.0` and `1e0`, as
    /// JSONPath compares them). Walks without recursion and takes what it
    /// spends from `budget` — one unit per pair of values plus the bytes of
    /// the strings, keys and exact decimal texts it compares — answering
    /// `nil` once that runs out.
    ///
    /// - Complexity: O(the smaller value), stopping at the first difference.
    package static func equal(_ lhs: JSON, _ rhs: JSON, numbersByValue: Bool = false, budget: inout Int) -> Bool? {
        var pending: [(JSON, JSON)] = [(lhs, rhs)]
        while let (left, right) = pending.popLast() {
            budget -= 1
            guard budget >= 0 else { return nil }
            switch (left, right) {
            case (.null, .null):
                continue
            case (.bool(let a), .bool(let b)):
                guard a == b else { return false }
            case (.number(let a), .number(let b)):
                budget -= max(a.decimalText?.utf8.count ?? 0, b.decimalText?.utf8.count ?? 0)
                guard budget >= 0 else { return nil }
                guard numbersByValue ? JSON.Number.order(a, b) == .equal : a == b else { return false }
            case (.string(let a), .string(let b)):
                budget -= max(a.utf8.count, b.utf8.count)
                guard budget >= 0 else { return nil }
                guard a.utf8.elementsEqual(b.utf8) else { return false }
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return false }
                pending.append(contentsOf: zip(a, b))
            case (.object(let a), .object(let b)):
                guard a.count == b.count else { return false }
                for member in a.members {
                    budget -= member.key.string.utf8.count
                    guard budget >= 0 else { return nil }
                    guard let other = b.slot(of: member.key) else { return false }
                    pending.append((member.value, b.value(inSlot: other)))
                }
            default:
                return false
            }
        }
        return true
    }

    /// Hashes the value without recursion. Object members are hashed in key
    /// order so that objects equal regardless of member order hash alike.
    ///
    /// ```swift
    /// let set: Set<JSON> = [["x": 1], ["x": 1]]   // one element
    /// ```
    public func hash(into hasher: inout Hasher) {
        var pending: [JSON] = [self]
        while let value = pending.popLast() {
            switch value {
            case .null:
                hasher.combine(0 as UInt8)
            case .bool(let flag):
                hasher.combine(1 as UInt8)
                hasher.combine(flag)
            case .number(let number):
                hasher.combine(2 as UInt8)
                hasher.combine(number)
            case .string(let string):
                hasher.combine(3 as UInt8)
                hasher.combine(ScalarKey(string).hash)
            case .array(let elements):
                hasher.combine(4 as UInt8)
                hasher.combine(elements.count)
                pending.append(contentsOf: elements.reversed())
            case .object(let object):
                hasher.combine(5 as UInt8)
                hasher.combine(object.count)
                for position in object.sortedPositions().reversed() {
                    let member = object.member(at: position)
                    pending.append(member.value)
                    pending.append(.string(member.key.string))
                }
            }
        }
    }
}

extension JSON.Object: Hashable {
    /// Two objects are equal when they have the same keys with equal values,
    /// in any order.
    ///
    /// ```swift
    /// (["a": 1, "b": 2] as JSON.Object) == ["b": 2, "a": 1]   // true
    /// ```
    public static func == (lhs: JSON.Object, rhs: JSON.Object) -> Bool {
        JSON.object(lhs) == JSON.object(rhs)
    }

    /// Hashes the members independently of their order.
    public func hash(into hasher: inout Hasher) {
        JSON.object(self).hash(into: &hasher)
    }
}

extension JSON.Object {
    /// Member positions ordered by the Unicode scalars of their keys.
    func sortedPositions() -> [Int] {
        (0..<count).sorted { key(at: $0).precedes(key(at: $1)) }
    }
}
