// The standard library's scalars decode through the source's own readers,
// which read them as the `Decodable` path does.

extension Bool: DirectDecodable {
    /// Reads the value at `index`, as the `Decodable` path does.
    ///
    /// ```swift
    /// let value = try Bool(generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        self = try source.decode(Bool.self, at: index)
    }
}

extension String: DirectDecodable {
    /// Reads the value at `index`, as the `Decodable` path does.
    ///
    /// ```swift
    /// let value = try String(generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        self = try source.decode(String.self, at: index)
    }
}

extension Double: DirectDecodable {
    /// Reads the value at `index`, as the `Decodable` path does.
    ///
    /// ```swift
    /// let value = try Double(generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        self = try source.decode(Double.self, at: index)
    }
}

extension Float: DirectDecodable {
    /// Reads the value at `index`, as the `Decodable` path does.
    ///
    /// ```swift
    /// let value = try Float(generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        self = try source.decode(Float.self, at: index)
    }
}

extension Int: DirectDecodable {
    /// Reads the value at `index`, as the `Decodable` path does.
    ///
    /// ```swift
    /// let value = try Int(generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        self = try source.decode(Int.self, at: index)
    }
}

extension Int8: DirectDecodable {
    /// Reads the value at `index`, as the `Decodable` path does.
    ///
    /// ```swift
    /// let value = try Int8(generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        self = try source.decode(Int8.self, at: index)
    }
}

extension Int16: DirectDecodable {
    /// Reads the value at `index`, as the `Decodable` path does.
    ///
    /// ```swift
    /// let value = try Int16(generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        self = try source.decode(Int16.self, at: index)
    }
}

extension Int32: DirectDecodable {
    /// Reads the value at `index`, as the `Decodable` path does.
    ///
    /// ```swift
    /// let value = try Int32(generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        self = try source.decode(Int32.self, at: index)
    }
}

extension Int64: DirectDecodable {
    /// Reads the value at `index`, as the `Decodable` path does.
    ///
    /// ```swift
    /// let value = try Int64(generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        self = try source.decode(Int64.self, at: index)
    }
}

extension UInt: DirectDecodable {
    /// Reads the value at `index`, as the `Decodable` path does.
    ///
    /// ```swift
    /// let value = try UInt(generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        self = try source.decode(UInt.self, at: index)
    }
}

extension UInt8: DirectDecodable {
    /// Reads the value at `index`, as the `Decodable` path does.
    ///
    /// ```swift
    /// let value = try UInt8(generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        self = try source.decode(UInt8.self, at: index)
    }
}

extension UInt16: DirectDecodable {
    /// Reads the value at `index`, as the `Decodable` path does.
    ///
    /// ```swift
    /// let value = try UInt16(generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        self = try source.decode(UInt16.self, at: index)
    }
}

extension UInt32: DirectDecodable {
    /// Reads the value at `index`, as the `Decodable` path does.
    ///
    /// ```swift
    /// let value = try UInt32(generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        self = try source.decode(UInt32.self, at: index)
    }
}

extension UInt64: DirectDecodable {
    /// Reads the value at `index`, as the `Decodable` path does.
    ///
    /// ```swift
    /// let value = try UInt64(generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        self = try source.decode(UInt64.self, at: index)
    }
}
