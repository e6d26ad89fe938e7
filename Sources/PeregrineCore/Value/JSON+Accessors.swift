extension JSON: JSON.TypedAccess {
    /// Whether the value is `null`.
    ///
    /// ```swift
    /// JSON.null.isNull   // true
    /// ```
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The boolean, if the value is `true` or `false` (not `1`, not `"true"`:
    /// see ``lenient``).
    ///
    /// ```swift
    /// JSON.bool(true).bool   // true
    /// ```
    public var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The number, if the value is one.
    ///
    /// ```swift
    /// JSON(floatLiteral: 1.5).number?.double   // 1.5
    /// ```
    public var number: JSON.Number? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The string, if the value is one (not a number: see ``lenient``).
    ///
    /// ```swift
    /// JSON.string("hi").string   // "hi"
    /// ```
    public var string: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The elements, if the value is an array.
    ///
    /// ```swift
    /// let v: JSON = [1, 2]
    /// v.array?.count   // 2
    /// ```
    public var array: [JSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, if the value is an object.
    ///
    /// ```swift
    /// let v: JSON = ["a": 1]
    /// v.object?.keys   // ["a"]
    /// ```
    public var object: JSON.Object? {
        if case .object(let object) = self { return object }
        return nil
    }
}

extension JSON.Lookup: JSON.TypedAccess {
    /// Whether the value was found and is `null` (a missing value is not `null`).
    ///
    /// ```swift
    /// v["bio"].isNull
    /// ```
    public var isNull: Bool { value?.isNull ?? false }

    /// ``JSON/bool`` of the value found.
    public var bool: Bool? { value?.bool }
    /// ``JSON/number`` of the value found.
    public var number: JSON.Number? { value?.number }
    /// ``JSON/string`` of the value found: `v["name"].string`.
    public var string: String? { value?.string }
    /// ``JSON/array`` of the value found.
    public var array: [JSON]? { value?.array }
    /// ``JSON/object`` of the value found.
    public var object: JSON.Object? { value?.object }
    /// ``JSON/lenient`` of the value found: `v["count"].lenient.int`.
    public var lenient: JSON.Lenient { JSON.Lenient(value) }
}
