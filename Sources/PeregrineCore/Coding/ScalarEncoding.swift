/// The scalar types `Codable` hands a single-value or unkeyed container,
/// written once for every encoder (stream, tree, binary): each integer
/// type goes to one of two primitive writes, a signed or an unsigned
/// 64-bit whole number. `Bool`, `String`, `Double` and `Float` are the
/// container's own writes.
///
/// ```swift
/// struct Container: UnkeyedEncodingContainer, ScalarEncoding {
///     mutating func encodeInteger(_ value: Int64) throws { /* write it */ }
///     mutating func encodeInteger(_ value: UInt64) throws { /* write it */ }
///     // encode(_: Int8), encode(_: UInt16)… come from ScalarEncoding
/// }
/// ```
protocol ScalarEncoding {
    /// Writes a signed whole number: every signed integer type but the 128-bit one.
    mutating func encodeInteger(_ value: Int64) throws
    /// Writes an unsigned whole number: every unsigned integer type but the 128-bit one.
    mutating func encodeInteger(_ value: UInt64) throws
}

extension ScalarEncoding {
    @inline(__always) mutating func encode(_ value: Int) throws { try encodeInteger(Int64(value)) }
    @inline(__always) mutating func encode(_ value: Int8) throws { try encodeInteger(Int64(value)) }
    @inline(__always) mutating func encode(_ value: Int16) throws { try encodeInteger(Int64(value)) }
    @inline(__always) mutating func encode(_ value: Int32) throws { try encodeInteger(Int64(value)) }
    @inline(__always) mutating func encode(_ value: Int64) throws { try encodeInteger(value) }
    @inline(__always) mutating func encode(_ value: UInt) throws { try encodeInteger(UInt64(value)) }
    @inline(__always) mutating func encode(_ value: UInt8) throws { try encodeInteger(UInt64(value)) }
    @inline(__always) mutating func encode(_ value: UInt16) throws { try encodeInteger(UInt64(value)) }
    @inline(__always) mutating func encode(_ value: UInt32) throws { try encodeInteger(UInt64(value)) }
    @inline(__always) mutating func encode(_ value: UInt64) throws { try encodeInteger(value) }
}

/// ``ScalarEncoding`` for a keyed container: each integer type, with its
/// key, goes to one of two primitive writes.
///
/// ```swift
/// struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol, KeyedScalarEncoding {
///     mutating func encodeInteger(_ value: Int64, forKey key: Key) throws { /* write it */ }
///     mutating func encodeInteger(_ value: UInt64, forKey key: Key) throws { /* write it */ }
/// }
/// ```
protocol KeyedScalarEncoding: KeyedEncodingContainerProtocol {
    /// Writes member `key`, a signed whole number.
    mutating func encodeInteger(_ value: Int64, forKey key: Key) throws
    /// Writes member `key`, an unsigned whole number.
    mutating func encodeInteger(_ value: UInt64, forKey key: Key) throws
}

extension KeyedScalarEncoding {
    @inline(__always) mutating func encode(_ value: Int, forKey key: Key) throws { try encodeInteger(Int64(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: Int8, forKey key: Key) throws { try encodeInteger(Int64(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: Int16, forKey key: Key) throws { try encodeInteger(Int64(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: Int32, forKey key: Key) throws { try encodeInteger(Int64(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: Int64, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt, forKey key: Key) throws { try encodeInteger(UInt64(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt8, forKey key: Key) throws { try encodeInteger(UInt64(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt16, forKey key: Key) throws { try encodeInteger(UInt64(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt32, forKey key: Key) throws { try encodeInteger(UInt64(value), forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt64, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
}

/// ``ScalarEncoding`` for the JSON encoders, whose primitive write is a
/// ``JSON/Number``: the 64-bit writes become numbers, and so do the
/// 128-bit integer types.
///
/// ```swift
/// struct Container: SingleValueEncodingContainer, NumberEncoding {
///     mutating func encodeNumber(_ number: JSON.Number) throws { /* write it */ }
/// }
/// ```
protocol NumberEncoding: ScalarEncoding {
    /// Writes a whole number.
    mutating func encodeNumber(_ number: JSON.Number) throws
}

extension NumberEncoding {
    @inline(__always) mutating func encodeInteger(_ value: Int64) throws { try encodeNumber(JSON.Number(value)) }
    @inline(__always) mutating func encodeInteger(_ value: UInt64) throws { try encodeNumber(JSON.Number(value)) }
}

// The 128-bit types once per container protocol: the standard library's
// own defaults for them (which throw) are extensions of those protocols,
// and only an extension more specific than theirs takes their place.

extension NumberEncoding where Self: SingleValueEncodingContainer {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) mutating func encode(_ value: Int128) throws { try encodeNumber(JSON.Number(integer: value)) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) mutating func encode(_ value: UInt128) throws { try encodeNumber(JSON.Number(integer: value)) }
}

extension NumberEncoding where Self: UnkeyedEncodingContainer {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) mutating func encode(_ value: Int128) throws { try encodeNumber(JSON.Number(integer: value)) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) mutating func encode(_ value: UInt128) throws { try encodeNumber(JSON.Number(integer: value)) }
}

/// ``NumberEncoding`` for a keyed container.
///
/// ```swift
/// struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol, KeyedNumberEncoding {
///     mutating func encodeNumber(_ number: JSON.Number, forKey key: Key) throws { /* write it */ }
/// }
/// ```
protocol KeyedNumberEncoding: KeyedScalarEncoding {
    /// Writes member `key`, a whole number.
    mutating func encodeNumber(_ number: JSON.Number, forKey key: Key) throws
}

extension KeyedNumberEncoding {
    @inline(__always) mutating func encodeInteger(_ value: Int64, forKey key: Key) throws { try encodeNumber(JSON.Number(value), forKey: key) }
    @inline(__always) mutating func encodeInteger(_ value: UInt64, forKey key: Key) throws { try encodeNumber(JSON.Number(value), forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) mutating func encode(_ value: Int128, forKey key: Key) throws { try encodeNumber(JSON.Number(integer: value), forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always) mutating func encode(_ value: UInt128, forKey key: Key) throws { try encodeNumber(JSON.Number(integer: value), forKey: key) }
}
