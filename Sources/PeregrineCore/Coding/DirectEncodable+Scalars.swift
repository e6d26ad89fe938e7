// The standard library's scalars write themselves through the sink's own
// writers, as the `Encodable` path writes them.

extension Bool: DirectEncodable {
    /// `false`: writing one never fails.
    ///
    /// ```swift
    /// Bool.generatedEncodingTracksPath   // false
    /// ```
    @inlinable
    public static var generatedEncodingTracksPath: Bool { false }

    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(self)
    }
}

extension String: DirectEncodable {
    /// `false`: writing one never fails.
    ///
    /// ```swift
    /// String.generatedEncodingTracksPath   // false
    /// ```
    @inlinable
    public static var generatedEncodingTracksPath: Bool { false }

    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(self)
    }
}

extension Double: DirectEncodable {
    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        try sink.encode(self)
    }
}

extension Float: DirectEncodable {
    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        try sink.encode(self)
    }
}

extension Int: DirectEncodable {
    /// `false`: writing one never fails.
    ///
    /// ```swift
    /// Int.generatedEncodingTracksPath   // false
    /// ```
    @inlinable
    public static var generatedEncodingTracksPath: Bool { false }

    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(Int64(self))
    }
}

extension Int8: DirectEncodable {
    /// `false`: writing one never fails.
    ///
    /// ```swift
    /// Int8.generatedEncodingTracksPath   // false
    /// ```
    @inlinable
    public static var generatedEncodingTracksPath: Bool { false }

    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(Int64(self))
    }
}

extension Int16: DirectEncodable {
    /// `false`: writing one never fails.
    ///
    /// ```swift
    /// Int16.generatedEncodingTracksPath   // false
    /// ```
    @inlinable
    public static var generatedEncodingTracksPath: Bool { false }

    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(Int64(self))
    }
}

extension Int32: DirectEncodable {
    /// `false`: writing one never fails.
    ///
    /// ```swift
    /// Int32.generatedEncodingTracksPath   // false
    /// ```
    @inlinable
    public static var generatedEncodingTracksPath: Bool { false }

    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(Int64(self))
    }
}

extension Int64: DirectEncodable {
    /// `false`: writing one never fails.
    ///
    /// ```swift
    /// Int64.generatedEncodingTracksPath   // false
    /// ```
    @inlinable
    public static var generatedEncodingTracksPath: Bool { false }

    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(self)
    }
}

extension UInt: DirectEncodable {
    /// `false`: writing one never fails.
    ///
    /// ```swift
    /// UInt.generatedEncodingTracksPath   // false
    /// ```
    @inlinable
    public static var generatedEncodingTracksPath: Bool { false }

    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(UInt64(self))
    }
}

extension UInt8: DirectEncodable {
    /// `false`: writing one never fails.
    ///
    /// ```swift
    /// UInt8.generatedEncodingTracksPath   // false
    /// ```
    @inlinable
    public static var generatedEncodingTracksPath: Bool { false }

    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(UInt64(self))
    }
}

extension UInt16: DirectEncodable {
    /// `false`: writing one never fails.
    ///
    /// ```swift
    /// UInt16.generatedEncodingTracksPath   // false
    /// ```
    @inlinable
    public static var generatedEncodingTracksPath: Bool { false }

    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(UInt64(self))
    }
}

extension UInt32: DirectEncodable {
    /// `false`: writing one never fails.
    ///
    /// ```swift
    /// UInt32.generatedEncodingTracksPath   // false
    /// ```
    @inlinable
    public static var generatedEncodingTracksPath: Bool { false }

    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(UInt64(self))
    }
}

extension UInt64: DirectEncodable {
    /// `false`: writing one never fails.
    ///
    /// ```swift
    /// UInt64.generatedEncodingTracksPath   // false
    /// ```
    @inlinable
    public static var generatedEncodingTracksPath: Bool { false }

    /// Writes the value, as the `Encodable` path does.
    ///
    /// ```swift
    /// try value.encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        sink.encode(self)
    }
}
