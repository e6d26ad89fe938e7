extension JSON {
    /// A value read through optional accessors that never trap: a ``JSON``
    /// value, a lookup's result (``JSON/Lookup``) and a document's node
    /// (``JSON/Document/Node``) alike.
    ///
    /// Each says whether it holds `null`, a Boolean, a number or a string;
    /// the numeric accessors are written once, here, over ``number``, so that
    /// every kind of value reads numbers by the same rules: an integer
    /// accessor answers only for a number written as an integer that fits
    /// (`1.0` and `1e2` are floating point, ``JSON/lenient`` accepts them),
    /// and ``double`` is `nil` for a lossless number too large for a `Double`.
    ///
    /// ```swift
    /// func port(_ config: some JSON.TypedAccess) -> Int { config.int ?? 8080 }
    /// let v: JSON = ["port": 9000]
    /// port(v["port"])                                   // 9000
    /// port(try JSON.Document(parsing: "1.5").root)      // 8080
    /// ```
    public protocol TypedAccess {
        /// Whether the value is `null` (a missing value is not `null`).
        ///
        /// ```swift
        /// JSON.null.isNull   // true
        /// ```
        var isNull: Bool { get }

        /// The Boolean, if the value is `true` or `false` (not `1`, not `"true"`).
        ///
        /// ```swift
        /// JSON.bool(true).bool   // true
        /// ```
        var bool: Bool? { get }

        /// The number, if the value is one.
        ///
        /// ```swift
        /// JSON(floatLiteral: 1.5).number?.double   // 1.5
        /// ```
        var number: JSON.Number? { get }

        /// The string, if the value is one (not a number's text).
        ///
        /// ```swift
        /// JSON.string("hi").string   // "hi"
        /// ```
        var string: String? { get }
    }
}

extension JSON.TypedAccess {
    /// The value as `Int`, if it is a number written as an integer that fits.
    /// `1.5` is not an `Int`, and neither is `1.0` or `1e2`: a number written
    /// with a fraction or an exponent is floating point (``JSON/lenient``
    /// accepts those when they are whole).
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
}
