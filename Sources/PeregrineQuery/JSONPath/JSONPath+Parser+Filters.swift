extension JSON.JSONPath.Parser {
    typealias JSONPath = JSON.JSONPath

    /// An operand read before its role is known: compared, tested, or
    /// passed to a function.
    enum Term {
        case literal(JSON)
        case query(JSONPath.Query)
        case valueFunction(JSONPath.ValueFunction, JSONPath.Function)
        case logicalFunction(JSONPath.LogicalFunction, JSONPath.Function)
    }

    /// A logical expression, or a lone operand that a function argument may
    /// take as it is (a literal, a query, a function's result).
    enum Parsed {
        case term(Term, offset: Int)
        case logical(JSONPath.LogicalExpression)
    }

    /// `logical-or-expr`: operands joined by `||`.
    mutating func parseOr() throws(JSON.QueryError) -> Parsed {
        let first = try parseAnd()
        var operands: [JSONPath.LogicalExpression] = []
        while skipOperator(doubling: UInt8(ascii: "|")) {
            if operands.isEmpty { operands.append(try logical(first)) }
            operands.append(try logical(parseAnd()))
        }
        return operands.isEmpty ? first : .logical(.or(operands))
    }

    /// `logical-and-expr`: operands joined by `&&`.
    private mutating func parseAnd() throws(JSON.QueryError) -> Parsed {
        let first = try parseBasic()
        var operands: [JSONPath.LogicalExpression] = []
        while skipOperator(doubling: UInt8(ascii: "&")) {
            if operands.isEmpty { operands.append(try logical(first)) }
            operands.append(try logical(parseBasic()))
        }
        return operands.isEmpty ? first : .logical(.and(operands))
    }

    /// Reads blank space, the operator `byte byte` (`||`, `&&`) and blank
    /// space after it; reads nothing and answers `false` when the operator
    /// is not next.
    private mutating func skipOperator(doubling byte: UInt8) -> Bool {
        let start = position
        skipBlank()
        guard peek == byte, peek(at: position + 1) == byte else {
            position = start
            return false
        }
        position += 2
        skipBlank()
        return true
    }

    /// `basic-expr`: a parenthesized expression, a comparison or a test,
    /// each test or parenthesis optionally negated with `!`.
    private mutating func parseBasic() throws(JSON.QueryError) -> Parsed {
        if peek == UInt8(ascii: "!") {
            position += 1
            skipBlank()
            if peek == UInt8(ascii: "(") { return .logical(.not(try parseParenthesized())) }
            let start = position
            return .logical(.not(try test(parseTerm(), at: start)))
        }
        if peek == UInt8(ascii: "(") { return .logical(try parseParenthesized()) }
        let start = position
        let left = try parseTerm()
        let afterLeft = position
        skipBlank()
        guard let op = parseComparisonOperator() else {
            position = afterLeft
            return .term(left, offset: start)
        }
        skipBlank()
        let rightStart = position
        let right = try parseTerm()
        return .logical(.comparison(try comparable(left, at: start), op, try comparable(right, at: rightStart)))
    }

    private mutating func parseParenthesized() throws(JSON.QueryError) -> JSONPath.LogicalExpression {
        try descend()
        defer { depth -= 1 }
        position += 1
        skipBlank()
        let expression = try logical(parseOr())
        skipBlank()
        guard peek == UInt8(ascii: ")") else { throw error("expected ')'") }
        position += 1
        return expression
    }

    private mutating func parseComparisonOperator() -> JSONPath.ComparisonOperator? {
        let next = peek(at: position + 1)
        let op: JSONPath.ComparisonOperator
        switch (peek, next) {
        case (UInt8(ascii: "="), UInt8(ascii: "=")): op = .equal
        case (UInt8(ascii: "!"), UInt8(ascii: "=")): op = .notEqual
        case (UInt8(ascii: "<"), UInt8(ascii: "=")): op = .lessOrEqual
        case (UInt8(ascii: ">"), UInt8(ascii: "=")): op = .greaterOrEqual
        case (UInt8(ascii: "<"), _):
            position += 1
            return .less
        case (UInt8(ascii: ">"), _):
            position += 1
            return .greater
        default: return nil
        }
        position += 2
        return op
    }

    /// A query, a literal or a function call.
    private mutating func parseTerm() throws(JSON.QueryError) -> Term {
        switch peek {
        case UInt8(ascii: "$"), UInt8(ascii: "@"):
            return .query(try parseQuery())
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            return .literal(.string(try parseString()))
        case let byte? where byte.startsInteger:
            return .literal(try parseNumber())
        case let byte? where byte.isLowercaseLetter:
            let start = position
            while let byte = peek, byte.isLowercaseLetter || byte.isDigit || byte == UInt8(ascii: "_") { position += 1 }
            let word = String(decoding: bytes[start..<position], as: UTF8.self)
            if peek == UInt8(ascii: "(") { return try parseFunction(word, at: start) }
            switch word {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null": return .literal(.null)
            default: throw error("expected a query, a literal or a function", at: start)
            }
        default:
            throw error("expected a query, a literal or a function")
        }
    }

    /// A function call at `(` after its name, with its arguments checked
    /// against the declared parameter types (§2.4.3).
    private mutating func parseFunction(_ name: String, at start: Int) throws(JSON.QueryError) -> Term {
        guard let function = JSONPath.Function(name: name) else { throw error("unknown function '\(name)'", at: start) }
        try descend()
        defer { depth -= 1 }
        position += 1
        skipBlank()
        var arguments: [(Parsed, offset: Int)] = []
        if peek != UInt8(ascii: ")") {
            while true {
                guard arguments.count < function.arity else { throw error(function.arityMessage) }
                let offset = position
                arguments.append((try parseOr(), offset))
                skipBlank()
                guard peek == UInt8(ascii: ",") else { break }
                position += 1
                skipBlank()
            }
        }
        guard peek == UInt8(ascii: ")") else { throw error("expected ',' or ')'") }
        guard arguments.count == function.arity, let first = arguments.first, let last = arguments.last else {
            throw error(function.arityMessage)
        }
        position += 1
        switch function {
        case .length: return .valueFunction(.length(try valueArgument(first, of: function)), function)
        case .count: return .valueFunction(.count(try nodesArgument(first, of: function)), function)
        case .value: return .valueFunction(.value(try nodesArgument(first, of: function)), function)
        case .match:
            let call = JSONPath.LogicalFunction.match(try valueArgument(first, of: function), try valueArgument(last, of: function))
            return .logicalFunction(call, function)
        case .search:
            let call = JSONPath.LogicalFunction.search(try valueArgument(first, of: function), try valueArgument(last, of: function))
            return .logicalFunction(call, function)
        }
    }

    /// An argument for a ValueType parameter: a literal, a singular query
    /// or a function returning a value.
    private func valueArgument(_ argument: (Parsed, offset: Int), of function: JSONPath.Function) throws(JSON.QueryError) -> JSONPath.ValueExpression {
        guard case .term(let term, _) = argument.0, let value = try? comparable(term, at: argument.offset) else {
            throw error("\(function.name)() expects a value here: a literal, a singular query or a function returning a value", at: argument.offset)
        }
        return value
    }

    /// An argument for a NodesType parameter: a query.
    private func nodesArgument(_ argument: (Parsed, offset: Int), of function: JSONPath.Function) throws(JSON.QueryError) -> JSONPath.Query {
        guard case .term(.query(let query), _) = argument.0 else {
            throw error("\(function.name)() expects a query here", at: argument.offset)
        }
        return query
    }

    /// A comparison operand: anything of ValueType.
    private func comparable(_ term: Term, at offset: Int) throws(JSON.QueryError) -> JSONPath.ValueExpression {
        switch term {
        case .literal(let value):
            return .literal(value)
        case .valueFunction(let call, _):
            return .function(call)
        case .query(let query):
            guard let singular = query.singular else {
                throw error("only a singular query (names and indexes, no blank space in brackets) can be compared", at: offset)
            }
            return .query(singular)
        case .logicalFunction(_, let function):
            throw error("\(function.name)() returns a logical value, which cannot be compared", at: offset)
        }
    }

    /// A test (§2.3.5.1): a query's existence or a logical function.
    private func test(_ term: Term, at offset: Int) throws(JSON.QueryError) -> JSONPath.LogicalExpression {
        switch term {
        case .query(let query): return .exists(query)
        case .logicalFunction(let call, _): return .function(call)
        case .valueFunction(_, let function): throw error("the result of \(function.name)() must be compared", at: offset)
        case .literal: throw error("a literal must be compared", at: offset)
        }
    }

    /// `parsed` as LogicalType.
    func logical(_ parsed: Parsed) throws(JSON.QueryError) -> JSONPath.LogicalExpression {
        switch parsed {
        case .logical(let expression): return expression
        case .term(let term, let offset): return try test(term, at: offset)
        }
    }
}

extension UInt8 {
    var isLowercaseLetter: Bool { self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z") }
}
