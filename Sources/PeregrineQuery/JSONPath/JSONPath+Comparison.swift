extension JSON.JSONPath.Evaluation {
    /// A comparison of two operands (§2.3.5.2.2): `==` and `<` are defined,
    /// the other four derived from them.
    func compare(_ left: Operand, _ op: JSON.JSONPath.ComparisonOperator, _ right: Operand) throws(JSON.QueryError) -> Bool {
        switch op {
        case .equal: return try equal(left, right)
        case .notEqual: return try !equal(left, right)
        case .less: return try less(left, right)
        case .lessOrEqual: return try less(left, right) ? true : equal(left, right)
        case .greater: return try less(right, left)
        case .greaterOrEqual: return try less(right, left) ? true : equal(left, right)
        }
    }

    /// Nothing equals only Nothing; values compare deeply.
    private func equal(_ left: Operand, _ right: Operand) throws(JSON.QueryError) -> Bool {
        switch (left, right) {
        case (.nothing, .nothing): return true
        case (.nothing, _), (_, .nothing): return false
        case (.node(let left), .node(let right)): return try equal(left, right)
        case (.node(let left), .value(let right)): return try equal(left, right)
        case (.value(let left), .node(let right)): return try equal(left, right)
        case (.value(let left), .value(let right)): return try equal(left, right)
        }
    }

    /// Only two numbers or two strings are ordered.
    private func less(_ left: Operand, _ right: Operand) throws(JSON.QueryError) -> Bool {
        switch (left, right) {
        case (.nothing, _), (_, .nothing): return false
        case (.node(let left), .node(let right)): return try less(left, right)
        case (.node(let left), .value(let right)): return try less(left, right)
        case (.value(let left), .node(let right)): return try less(left, right)
        case (.value(let left), .value(let right)): return try less(left, right)
        }
    }

    /// Deep equality in JSONPath's sense: numbers by value (`1 == 1.0`),
    /// strings by Unicode scalars, arrays element by element, objects by
    /// their sets of members. Walks with an explicit stack; each pair of
    /// values counts as a node visited, strings by their length, and the
    /// members of the right-hand object are looked up through one
    /// ``QueryNode/queryMemberFinder()``, so comparing two objects of n
    /// members on a document's tape costs O(n), not n lookups of O(n).
    private func equal<Left: QueryNode, Right: QueryNode>(_ left: Left, _ right: Right) throws(JSON.QueryError) -> Bool {
        var pending = [(left, right)]
        while let (left, right) = pending.popLast() {
            try charge(1)
            switch (left.queryKind, right.queryKind) {
            case (.array, .array):
                let leftElements = left.queryElements
                let rightElements = right.queryElements
                guard leftElements.count == rightElements.count else { return false }
                pending.append(contentsOf: zip(leftElements, rightElements))
            case (.object, .object):
                guard left.queryCount == right.queryCount else { return false }
                try charge(right.queryMemberLookupCost)
                let member = right.queryMemberFinder()
                for (key, value) in left.queryMembers {
                    guard let other = member(key) else { return false }
                    pending.append((value, other))
                }
            case (.array, _), (.object, _), (_, .array), (_, .object):
                return false
            case (.null, _), (.bool, _), (.number, _), (.string, _):
                guard try scalarsEqual(left.queryScalar, right.queryScalar) else { return false }
            }
        }
        return true
    }

    private func scalarsEqual(_ left: JSON, _ right: JSON) throws(JSON.QueryError) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.number(let left), .number(let right)):
            try charge(numberCost(left, right))
            return JSON.JSONPath.order(left, right) == .equal
        case (.string(let left), .string(let right)):
            try charge(Self.stringCost(max(left.utf8.count, right.utf8.count)))
            return left.utf8.elementsEqual(right.utf8)
        default: return false
        }
    }

    /// The work of comparing two numbers: the length of the longer text
    /// of a lossless number, which is compared digit by digit.
    private func numberCost(_ left: JSON.Number, _ right: JSON.Number) -> Int {
        func digits(_ number: JSON.Number) -> Int {
            if case .decimal(let text) = number.storage { return text.utf8.count }
            return 0
        }
        return Self.stringCost(max(digits(left), digits(right)))
    }

    /// `<` between two numbers (by value) or two strings (by Unicode
    /// scalar values, which UTF-8 byte order follows); false otherwise.
    private func less<Left: QueryNode, Right: QueryNode>(_ left: Left, _ right: Right) throws(JSON.QueryError) -> Bool {
        guard left.queryKind == right.queryKind, left.queryKind == .number || left.queryKind == .string else {
            return false
        }
        switch (left.queryScalar, right.queryScalar) {
        case (.number(let left), .number(let right)):
            try charge(numberCost(left, right))
            return JSON.JSONPath.order(left, right) == .less
        case (.string(let left), .string(let right)):
            try charge(Self.stringCost(max(left.utf8.count, right.utf8.count)))
            return left.utf8.lexicographicallyPrecedes(right.utf8)
        default: return false
        }
    }
}

extension JSON.JSONPath {
    /// How one number or string stands to another.
    typealias Order = JSON.Number.Order

    /// Two numbers by value (`JSON.Number.order`).
    static func order(_ left: JSON.Number, _ right: JSON.Number) -> Order? { JSON.Number.order(left, right) }
}
