extension JSON: ExpressibleByNilLiteral {
    /// `nil` in a literal is JSON `null`: `let v: JSON = [1, nil]`.
    @inlinable
    public init(nilLiteral: ()) { self = .null }
}

extension JSON: ExpressibleByBooleanLiteral {
    /// A boolean literal: `let v: JSON = true`.
    @inlinable
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSON: ExpressibleByIntegerLiteral {
    /// An integer literal: `let v: JSON = 42`.
    @inlinable
    public init(integerLiteral value: Int64) { self = .number(JSON.Number(value)) }
}

extension JSON: ExpressibleByFloatLiteral {
    /// A floating-point literal: `let v: JSON = 2.5`.
    @inlinable
    public init(floatLiteral value: Double) { self = .number(JSON.Number(value)) }
}

extension JSON: ExpressibleByStringLiteral {
    /// A string literal: `let v: JSON = "hello"`.
    @inlinable
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSON: ExpressibleByArrayLiteral {
    /// An array literal: `let v: JSON = [1, "two", nil]`.
    @inlinable
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
}

extension JSON: ExpressibleByDictionaryLiteral {
    /// An object literal, keeping the order written: `let v: JSON = ["a": [1, true, nil]]`.
    @inlinable
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(JSON.Object(elements))
    }
}
