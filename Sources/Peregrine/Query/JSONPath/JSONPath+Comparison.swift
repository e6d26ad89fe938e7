extension JSON.JSONPath.Evaluation {
    /// A comparison of two operands (§2.3.5.2.2): `==` and `<` are defined,
    /// the other four derived from them.
    func compare(_ left: Operand, _ op: JSON.JSONPath.ComparisonOperator, _ right: Operand) -> Bool {
        switch op {
        case .equal: return equal(left, right)
        case .notEqual: return !equal(left, right)
        case .less: return less(left, right)
        case .lessOrEqual: return less(left, right) || equal(left, right)
        case .greater: return less(right, left)
        case .greaterOrEqual: return less(right, left) || equal(left, right)
        }
    }

    /// Nothing equals only Nothing; values compare deeply.
    private func equal(_ left: Operand, _ right: Operand) -> Bool {
        switch (left, right) {
        case (.nothing, .nothing): return true
        case (.nothing, _), (_, .nothing): return false
        case (.node(let left), .node(let right)): return JSON.JSONPath.equal(left, right)
        case (.node(let left), .value(let right)): return JSON.JSONPath.equal(left, right)
        case (.value(let left), .node(let right)): return JSON.JSONPath.equal(left, right)
        case (.value(let left), .value(let right)): return JSON.JSONPath.equal(left, right)
        }
    }

    /// Only two numbers or two strings are ordered.
    private func less(_ left: Operand, _ right: Operand) -> Bool {
        switch (left, right) {
        case (.nothing, _), (_, .nothing): return false
        case (.node(let left), .node(let right)): return JSON.JSONPath.less(left, right)
        case (.node(let left), .value(let right)): return JSON.JSONPath.less(left, right)
        case (.value(let left), .node(let right)): return JSON.JSONPath.less(left, right)
        case (.value(let left), .value(let right)): return JSON.JSONPath.less(left, right)
        }
    }
}

extension JSON.JSONPath {
    /// How one number or string stands to another.
    enum Order {
        case less, equal, greater

        init<T: Comparable>(_ left: T, _ right: T) {
            self = left < right ? .less : left == right ? .equal : .greater
        }

        var reversed: Order {
            switch self {
            case .less: return .greater
            case .equal: return .equal
            case .greater: return .less
            }
        }
    }

    /// Deep equality in JSONPath's sense: numbers by value (`1 == 1.0`),
    /// strings by Unicode scalars, arrays element by element, objects by
    /// their sets of members. Walks with an explicit stack.
    static func equal<Left: QueryNode, Right: QueryNode>(_ left: Left, _ right: Right) -> Bool {
        var pending = [(left, right)]
        while let (left, right) = pending.popLast() {
            switch (left.queryKind, right.queryKind) {
            case (.array, .array):
                let leftElements = left.queryElements
                let rightElements = right.queryElements
                guard leftElements.count == rightElements.count else { return false }
                pending.append(contentsOf: zip(leftElements, rightElements))
            case (.object, .object):
                guard left.queryCount == right.queryCount else { return false }
                for member in left.queryMembers {
                    guard let other = right.queryMember(member.key) else { return false }
                    pending.append((member.value, other))
                }
            case (.array, _), (.object, _), (_, .array), (_, .object):
                return false
            case (.null, _), (.bool, _), (.number, _), (.string, _):
                guard scalarsEqual(left.queryValue, right.queryValue) else { return false }
            }
        }
        return true
    }

    private static func scalarsEqual(_ left: JSON, _ right: JSON) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.number(let left), .number(let right)): return order(left, right) == .equal
        case (.string(let left), .string(let right)): return left.utf8.elementsEqual(right.utf8)
        default: return false
        }
    }

    /// `<` between two numbers (by value) or two strings (by Unicode
    /// scalar values, which UTF-8 byte order follows); false otherwise.
    static func less<Left: QueryNode, Right: QueryNode>(_ left: Left, _ right: Right) -> Bool {
        guard left.queryKind == right.queryKind, left.queryKind == .number || left.queryKind == .string else {
            return false
        }
        switch (left.queryValue, right.queryValue) {
        case (.number(let left), .number(let right)): return order(left, right) == .less
        case (.string(let left), .string(let right)): return left.utf8.lexicographicallyPrecedes(right.utf8)
        default: return false
        }
    }

    /// Two numbers by value whatever holds them (`1`, `1.0` and `1e0` are
    /// equal; `2^53 + 1` is not the double nearest to it); `nil` when one
    /// is NaN.
    static func order(_ left: JSON.Number, _ right: JSON.Number) -> Order? {
        switch (left.storage, right.storage) {
        case (.double(let left), .double(let right)):
            return left.isNaN || right.isNaN ? nil : Order(left, right)
        case (.double(let left), _) where !left.isFinite:
            return left.isNaN ? nil : left < 0 ? .less : .greater
        case (_, .double(let right)) where !right.isFinite:
            return right.isNaN ? nil : right < 0 ? .greater : .less
        case (.decimal, _), (_, .decimal):
            return Order(DecimalText(left.description), DecimalText(right.description))
        case (.int64(let left), .int64(let right)):
            return Order(left, right)
        case (.uint64(let left), .uint64(let right)):
            return Order(left, right)
        case (.int64(let left), .uint64(let right)):
            return left < 0 ? .less : Order(UInt64(left), right)
        case (.uint64(let left), .int64(let right)):
            return right < 0 ? .greater : Order(left, UInt64(right))
        case (.int64(let left), .double(let right)):
            return order(left, right)
        case (.uint64(let left), .double(let right)):
            return order(left, right)
        case (.double(let left), .int64(let right)):
            return order(right, left).reversed
        case (.double(let left), .uint64(let right)):
            return order(right, left).reversed
        }
    }

    /// An integer against a finite double, exactly: the double's integer
    /// part first, then its fraction.
    private static func order<Integer: FixedWidthInteger>(_ integer: Integer, _ double: Double) -> Order {
        let whole = double.rounded(.towardZero)
        guard let truncated = Integer(exactly: whole) else {
            // Beyond the integer type's range on one side or the other.
            return whole < 0 ? .greater : .less
        }
        if integer != truncated { return Order(integer, truncated) }
        let fraction = double - whole
        return fraction > 0 ? .less : fraction < 0 ? .greater : .equal
    }
}
