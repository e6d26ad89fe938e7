/// What the code `@JSONCodable` writes for key paths (`@Key("user.profile.id")`)
/// encodes nested objects through, and `@NilAsNull` its `null`s, built on
/// the sink's own primitives.
extension DirectEncodingSink {
    /// Writes member `field` of `object` as `null`: a `nil` that
    /// `@NilAsNull` writes rather than leaves out.
    ///
    /// ```swift
    /// try sink.encodeNull(member: 2, key: CodingKeys.bio, in: object)
    /// ```
    @inlinable
    public func encodeNull<Key: CodingKey>(member field: Int, key: Key, in object: SinkContainer) throws {
        guard beginMember(field, key: key, in: object, tracksPath: false) else {
            return try encodeCodable(Optional<Bool>.none, key: key, in: object)
        }
        encodeNil()
    }

    /// Begins member `field` of `object` as a nested object whose members
    /// are named by `keys`; `nil` when the sink cannot take the member
    /// directly, and the nested object must go through
    /// ``encodeCodable(_:key:in:)`` (see ``DirectObjectEncoding``).
    ///
    /// ```swift
    /// if let profile = sink.beginNestedObject(1, key: CodingKeys.profile, in: object, keys: keys) { … ; sink.end(profile) }
    /// ```
    @inlinable
    public func beginNestedObject<Key: CodingKey>(
        _ field: Int, key: Key, in object: SinkContainer, keys: MemberKeys
    ) -> SinkContainer? {
        guard beginMember(field, key: key, in: object, tracksPath: true) else { return nil }
        return beginObject(keys: keys)
    }
}

/// A value encoded by a closure: a nested object of a key path that a sink
/// could not take directly goes through the `Encodable` path with the
/// closure `@JSONCodable` writes for it (the same code as the model's
/// `encode(to:)` for those members).
///
/// ```swift
/// try sink.encodeCodable(DirectObjectEncoding { encoder in
///     var container = encoder.container(keyedBy: NestedPathKey.self)
///     try container.encodeMember(id, forKey: NestedPathKey("id"))
/// }, key: CodingKeys.profile, in: object)
/// ```
public struct DirectObjectEncoding: Encodable {
    @usableFromInline let body: (any Encoder) throws -> Void

    /// A value that `body` encodes.
    ///
    /// ```swift
    /// let value = DirectObjectEncoding { encoder in try 1.encode(to: encoder) }
    /// ```
    @inlinable
    public init(_ body: @escaping (any Encoder) throws -> Void) { self.body = body }

    /// Runs the closure.
    ///
    /// ```swift
    /// try value.encode(to: encoder)
    /// ```
    @inlinable
    public func encode(to encoder: any Encoder) throws { try body(encoder) }
}
