extension JSON {
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

    /// The value as `Int`, if it is a number written as an integer that fits.
    /// `1.5` is not an `Int`, and neither is `1.0` or `1e2`: a number written
    /// with a fraction or an exponent is floating point (``lenient`` accepts
    /// those when they are whole).
    ///
    /// ```swift
    /// let v: JSON = [12, 1.0, "12"]
    /// v[0].int   // 12
    /// v[1].int   // nil
    /// v[2].int   // nil
    /// ```
    public var int: Int? { number?.written(as: Int.self) }

    /// The value as `Int64`, if it is a number written as an integer that fits.
    ///
    /// ```swift
    /// JSON(integerLiteral: -3).int64   // -3
    /// ```
    public var int64: Int64? { number?.written(as: Int64.self) }

    /// The value as `UInt64`, if it is a number written as a non-negative
    /// integer that fits.
    ///
    /// ```swift
    /// try JSON(parsing: "18446744073709551615").uint64   // UInt64.max
    /// ```
    public var uint64: UInt64? { number?.written(as: UInt64.self) }

    /// The value as `Double`, if it is a number a `Double` can hold (integers
    /// beyond 2^53 are rounded; a lossless number too large for a `Double` is `nil`).
    ///
    /// ```swift
    /// JSON(integerLiteral: 2).double   // 2.0
    /// ```
    public var double: Double? { number?.finiteDouble }

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

extension JSON.Number {
    /// The integer, as the widest type that holds it, if the number was written as one.
    enum ExactInteger {
        case signed(Int64)
        case unsigned(UInt64)
    }

    var exactInteger: ExactInteger? {
        if let value = int64 { return .signed(value) }
        if let value = uint64 { return .unsigned(value) }
        guard case .decimal(let text) = storage, isInteger else { return nil }
        if let value = Int64(text) { return .signed(value) }
        return UInt64(text).map { .unsigned($0) }
    }
}

extension JSON.Number {
    /// The number as `Integer`, if it was written as an integer that fits.
    func written<Integer: FixedWidthInteger>(as _: Integer.Type) -> Integer? { exactInteger.flatMap { Integer(exactly: $0) } }

    /// The number as a `Double`, unless it is too large for one.
    var finiteDouble: Double? { double.isFinite ? double : nil }
}

extension BinaryInteger {
    init?(exactly integer: JSON.Number.ExactInteger) {
        switch integer {
        case .signed(let value): self.init(exactly: value)
        case .unsigned(let value): self.init(exactly: value)
        }
    }
}

extension JSON.Lookup {
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
    /// ``JSON/int`` of the value found: `v["count"].int`.
    public var int: Int? { value?.int }
    /// ``JSON/int64`` of the value found.
    public var int64: Int64? { value?.int64 }
    /// ``JSON/uint64`` of the value found.
    public var uint64: UInt64? { value?.uint64 }
    /// ``JSON/double`` of the value found.
    public var double: Double? { value?.double }
    /// ``JSON/string`` of the value found: `v["name"].string`.
    public var string: String? { value?.string }
    /// ``JSON/array`` of the value found.
    public var array: [JSON]? { value?.array }
    /// ``JSON/object`` of the value found.
    public var object: JSON.Object? { value?.object }
    /// ``JSON/lenient`` of the value found: `v["count"].lenient.int`.
    public var lenient: JSON.Lenient { JSON.Lenient(value) }
}
