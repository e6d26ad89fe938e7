// The standard library's scalars write themselves through the sink's own
// writers, as the `Encodable` path writes them.

extension Bool: GeneratedEncodable {
    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: GeneratedEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(self)
    }
}

extension String: GeneratedEncodable {
    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: GeneratedEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(self)
    }
}

extension Double: GeneratedEncodable {
    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: GeneratedEncodingSink>(generatedTo sink: Sink) throws {
        try sink.encode(self)
    }
}

extension Float: GeneratedEncodable {
    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: GeneratedEncodingSink>(generatedTo sink: Sink) throws {
        try sink.encode(self)
    }
}

extension Int: GeneratedEncodable {
    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: GeneratedEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(Int64(self))
    }
}

extension Int8: GeneratedEncodable {
    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: GeneratedEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(Int64(self))
    }
}

extension Int16: GeneratedEncodable {
    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: GeneratedEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(Int64(self))
    }
}

extension Int32: GeneratedEncodable {
    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: GeneratedEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(Int64(self))
    }
}

extension Int64: GeneratedEncodable {
    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: GeneratedEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(self)
    }
}

extension UInt: GeneratedEncodable {
    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: GeneratedEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(UInt64(self))
    }
}

extension UInt8: GeneratedEncodable {
    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: GeneratedEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(UInt64(self))
    }
}

extension UInt16: GeneratedEncodable {
    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: GeneratedEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(UInt64(self))
    }
}

extension UInt32: GeneratedEncodable {
    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: GeneratedEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(UInt64(self))
    }
}

extension UInt64: GeneratedEncodable {
    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: GeneratedEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(self)
    }
}
