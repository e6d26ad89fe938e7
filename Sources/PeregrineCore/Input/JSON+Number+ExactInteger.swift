extension JSON.Number {
    /// The integer, as the widest type that holds it, if the number was written as one.
    enum ExactInteger {
        case signed(Int64)
        case unsigned(UInt64)
    }

    /// The integer the number was written as, if it was written as one
    /// (`1.0` and `1e2` were not: a fraction or an exponent makes a number
    /// floating point).
    ///
    /// ```swift
    /// JSON.Number(7).exactInteger   // .signed(7)
    /// ```
    var exactInteger: ExactInteger? {
        if let value = int64 { return .signed(value) }
        if let value = uint64 { return .unsigned(value) }
        guard case .decimal(let text) = storage, isInteger else { return nil }
        if let value = Int64(text) { return .signed(value) }
        return UInt64(text).map { .unsigned($0) }
    }

    /// The number as `Integer`, if it was written as an integer that fits.
    ///
    /// ```swift
    /// JSON.Number(300).written(as: UInt8.self)   // nil
    /// ```
    func written<Integer: FixedWidthInteger>(as _: Integer.Type) -> Integer? { exactInteger.flatMap { Integer(exactly: $0) } }

    /// The number as a `Double`, unless it is too large for one.
    var finiteDouble: Double? { double.isFinite ? double : nil }
}

extension BinaryInteger {
    /// `integer`, if this type holds it.
    init?(exactly integer: JSON.Number.ExactInteger) {
        switch integer {
        case .signed(let value): self.init(exactly: value)
        case .unsigned(let value): self.init(exactly: value)
        }
    }
}
