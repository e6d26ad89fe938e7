extension JSON.Number {
    /// How one number or string stands to another.
    package enum Order {
        case less, equal, greater

        package init<T: Comparable>(_ left: T, _ right: T) {
            self = left < right ? .less : left == right ? .equal : .greater
        }

        package var reversed: Order {
            switch self {
            case .less: return .greater
            case .equal: return .equal
            case .greater: return .less
            }
        }
    }

    /// Two numbers by value whatever holds them (`1`, `1.0` and `1e0` are
    /// equal; `2^53 + 1` is not the double nearest to it); `nil` when one
    /// is NaN.
    package static func order(_ left: JSON.Number, _ right: JSON.Number) -> Order? {
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
