/// Hoisting: a part of a filter that does not depend on `@` has the same
/// value for every node the filter tests, so one run of the query
/// evaluates it once. Without this, `$[?@ == $[0]]` looks up `$[0]` for
/// every element, `$[?count($[*]) == 0]` lists the whole array for every
/// element (quadratic), and `match(@, $.pattern)` compiles the pattern for
/// every node.
///
/// Only queries that start with `@` depend on it: a filter nested inside a
/// query has its own `@`, so `count($[?@ > 1])` depends on nothing outside
/// it. The root never changes during a run, so a hoisted value holds for
/// the whole run, in every filter.
extension JSON.JSONPath.Parser {
    /// `expression` with each largest part that does not depend on `@`
    /// wrapped in `.hoisted` with a slot of its own (the whole expression,
    /// when nothing in it does). Literals stay as they are, except as the
    /// pattern of `match` and `search`, whose slot keeps the compiled
    /// pattern. Recurses only as deep as the expression nests, which
    /// ``maximumDepth`` bounds.
    mutating func hoisting(_ expression: JSONPath.LogicalExpression) -> JSONPath.LogicalExpression {
        let (rewritten, isConstant) = hoist(expression)
        return isConstant ? hoisted(rewritten) : rewritten
    }

    /// `expression` with its constant parts hoisted, unless the whole of it
    /// is constant: then it comes back unchanged, for the caller to hoist
    /// whole or as part of something larger.
    private mutating func hoist(_ expression: JSONPath.LogicalExpression) -> (JSONPath.LogicalExpression, isConstant: Bool) {
        switch expression {
        case .or(let operands), .and(let operands):
            var parts: [(JSONPath.LogicalExpression, isConstant: Bool)] = []
            for operand in operands { parts.append(hoist(operand)) }
            guard parts.contains(where: { !$0.isConstant }) else { return (expression, true) }
            var rewritten: [JSONPath.LogicalExpression] = []
            for (part, isConstant) in parts { rewritten.append(isConstant ? hoisted(part) : part) }
            if case .or = expression { return (.or(rewritten), false) }
            return (.and(rewritten), false)
        case .not(let operand):
            let (rewritten, isConstant) = hoist(operand)
            return (isConstant ? expression : .not(rewritten), isConstant)
        case .exists(let query):
            return (expression, query.start == .root)
        case .comparison(let left, let op, let right):
            let (newLeft, leftIsConstant) = hoist(left)
            let (newRight, rightIsConstant) = hoist(right)
            guard !(leftIsConstant && rightIsConstant) else { return (expression, true) }
            return (.comparison(hoistedIfConstant(newLeft, leftIsConstant), op, hoistedIfConstant(newRight, rightIsConstant)), false)
        case .function(.match(let subject, let pattern)):
            guard let (newSubject, newPattern) = hoist(subject, pattern) else { return (expression, true) }
            return (.function(.match(newSubject, newPattern)), false)
        case .function(.search(let subject, let pattern)):
            guard let (newSubject, newPattern) = hoist(subject, pattern) else { return (expression, true) }
            return (.function(.search(newSubject, newPattern)), false)
        case .hoisted:
            return (expression, false)
        }
    }

    /// The operands of `match` or `search` with their constant parts
    /// hoisted, the pattern even when it is a literal; `nil` when both are
    /// constant.
    private mutating func hoist(
        _ subject: JSONPath.ValueExpression, _ pattern: JSONPath.ValueExpression
    ) -> (JSONPath.ValueExpression, JSONPath.ValueExpression)? {
        let (newSubject, subjectIsConstant) = hoist(subject)
        let (newPattern, patternIsConstant) = hoist(pattern)
        guard !(subjectIsConstant && patternIsConstant) else { return nil }
        let hoistedPattern: JSONPath.ValueExpression = patternIsConstant ? .hoisted(slot: newSlot(), newPattern) : newPattern
        return (hoistedIfConstant(newSubject, subjectIsConstant), hoistedPattern)
    }

    private mutating func hoist(_ expression: JSONPath.ValueExpression) -> (JSONPath.ValueExpression, isConstant: Bool) {
        switch expression {
        case .literal:
            return (expression, true)
        case .query(let query):
            return (expression, query.start == .root)
        case .function(.length(let argument)):
            let (rewritten, isConstant) = hoist(argument)
            return (isConstant ? expression : .function(.length(rewritten)), isConstant)
        case .function(.count(let query)), .function(.value(let query)):
            return (expression, query.start == .root)
        case .hoisted:
            return (expression, false)
        }
    }

    /// A constant operand in a slot of its own; a literal stays as it is.
    private mutating func hoistedIfConstant(_ expression: JSONPath.ValueExpression, _ isConstant: Bool) -> JSONPath.ValueExpression {
        guard isConstant else { return expression }
        if case .literal = expression { return expression }
        return .hoisted(slot: newSlot(), expression)
    }

    private mutating func hoisted(_ expression: JSONPath.LogicalExpression) -> JSONPath.LogicalExpression {
        .hoisted(slot: newSlot(), expression)
    }

    private mutating func newSlot() -> Int {
        hoistedSlots += 1
        return hoistedSlots - 1
    }
}
