// Members of a generic model whose type involves one of its generic
// parameters (`var items: [Item]`): the compiler cannot tell inside the
// model whether `Item` has a generated coder, so the member is sent to the
// generated coder or the `Codable` one when it is coded, by one dynamic
// cast of its type. `Page<User>` then reads `[User]` through `User`'s
// generated decoder, `Page<Date>` reads `[Date]` through `Decodable`, and
// both give what the `Codable` path gives.

extension DirectDecodingSource {
    /// The member in `slot` of a generic model, its type involving a generic
    /// parameter: through `T`'s generated decoder when `T` has one, else
    /// through its `Decodable` conformance.
    ///
    /// ```swift
    /// self.items = try source.decode(generic: [Item].self, member: members.0, key: CodingKeys.items, in: object)
    /// ```
    ///
    /// - Throws: `keyNotFound` for a missing member, as `Decodable` does.
    @inlinable
    public func decode<T: Decodable, Key: CodingKey>(generic type: T.Type, member slot: Int, key: Key, in object: Int) throws -> T {
        guard slot >= 0 else { throw keyNotFound(key, in: object) }
        return try decodeDispatched(T.self, at: slot)
    }

    /// The optional member in `slot` of a generic model: `nil` when it is
    /// missing or `null` (`decodeIfPresent`), else as ``decode(generic:member:key:in:)``.
    ///
    /// ```swift
    /// self.next = try source.decode(generic: Item?.self, member: members.1, key: CodingKeys.next, in: object)
    /// ```
    @inlinable
    public func decode<T: Decodable, Key: CodingKey>(generic type: T?.Type, member slot: Int, key: Key, in object: Int) throws -> T? {
        guard slot >= 0, !isNull(at: slot) else { return nil }
        return try decodeDispatched(T.self, at: slot)
    }

    /// The member in `slot` of a type the generated code cannot spell (a
    /// property wrapper's, inferred from the storage it is assigned to):
    /// through its generated decoder when it has one, else through
    /// `Decodable`; `keyNotFound` when the member is missing.
    ///
    /// ```swift
    /// self._count = try source.decode(member: members.0, key: CodingKeys.count, in: object)
    /// ```
    @inlinable
    public func decode<T: Decodable, Key: CodingKey>(member slot: Int, key: Key, in object: Int) throws -> T {
        try decode(generic: T.self, member: slot, key: key, in: object)
    }

    /// The value at `index` through `T`'s generated decoder when `T` has one
    /// (a dynamic cast of the type), else through ``decodeCodable(_:at:)``.
    @inlinable
    func decodeDispatched<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
        guard let generated = T.self as? any DirectDecodable.Type else { return try decodeCodable(T.self, at: index) }
        return try decodeDispatched(generated, as: T.self, at: index)
    }

    /// `Generated`, the dynamic type of `T`, through its generated decoder.
    @inlinable
    func decodeDispatched<Generated: DirectDecodable, T: Decodable>(_ generated: Generated.Type, as type: T.Type, at index: Int) throws -> T {
        // `Generated` is `T` (the cast above), so the second cast always succeeds.
        guard let value = try decodeGenerated(Generated.self, at: index) as? T else { return try decodeCodable(T.self, at: index) }
        return value
    }
}

extension DirectEncodingSink {
    /// Writes member `field` of a generic model, its type involving a
    /// generic parameter: through `T`'s generated encoder when `T` has one,
    /// else through its `Encodable` conformance.
    ///
    /// ```swift
    /// try sink.encode(generic: self.items, member: 0, key: CodingKeys.items, in: object)
    /// ```
    @inlinable
    public func encode<T: Encodable, Key: CodingKey>(generic value: T, member field: Int, key: Key, in object: SinkContainer) throws {
        guard let generated = T.self as? any DirectEncodable.Type else { return try encode(value, member: field, key: key, in: object) }
        try encode(value, as: generated, member: field, key: key, in: object)
    }

    /// Writes the optional member `field` of a generic model, nothing when
    /// it is `nil` (`encodeIfPresent`), else as ``encode(generic:member:key:in:)``.
    ///
    /// ```swift
    /// try sink.encode(generic: self.next, member: 1, key: CodingKeys.next, in: object)
    /// ```
    @inlinable
    public func encode<T: Encodable, Key: CodingKey>(generic value: T?, member field: Int, key: Key, in object: SinkContainer) throws {
        guard let value else { return }
        try encode(generic: value, member: field, key: key, in: object)
    }

    /// `value` through its generated encoder when its type has one (a
    /// dynamic cast of the type), else through ``encodeCodable(_:)``.
    @inlinable
    func encodeDispatched<T: Encodable>(_ value: T) throws {
        guard let generated = T.self as? any DirectEncodable.Type else { return try encodeCodable(value) }
        try encodeDispatched(value, as: generated)
    }

    /// `value` as `Generated`, its dynamic type, through its generated encoder.
    @inlinable
    func encodeDispatched<Generated: DirectEncodable, T: Encodable>(_ value: T, as generated: Generated.Type) throws {
        // `Generated` is `T` (the caller's cast), so this cast always succeeds.
        guard let value = value as? Generated else { return try encodeCodable(value) }
        try encodeGenerated(value)
    }

    /// `value` as `Generated`, its dynamic type, through its generated encoder.
    @inlinable
    func encode<Generated: DirectEncodable, T: Encodable, Key: CodingKey>(
        _ value: T, as generated: Generated.Type, member field: Int, key: Key, in object: SinkContainer
    ) throws {
        // `Generated` is `T` (the caller's cast), so this cast always succeeds.
        guard let value = value as? Generated else { return try encode(value, member: field, key: key, in: object) }
        try encode(value, member: field, key: key, in: object)
    }
}
