/// The `Codable` side of `@JSONCodable`'s per-property options: a model
/// that uses any gets an `init(from:)` written by the macro (synthesis
/// cannot express them), which reads through these, so that Foundation's
/// decoders and the `Decodable` path give what the generated decoder gives.
extension KeyedDecodingContainer {
    /// The member `key`, as synthesised `Decodable` reads a non-optional one.
    ///
    /// ```swift
    /// self.id = try container.decodeMember(Int.self, forKey: .id)
    /// ```
    @inlinable
    public func decodeMember<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decode(type, forKey: key)
    }

    /// The member `key`, of a type the generated code cannot spell (a
    /// property wrapper's, inferred from the storage it is assigned to).
    ///
    /// ```swift
    /// self._count = try container.decodeMember(forKey: .count)
    /// ```
    @inlinable
    public func decodeMember<T: Decodable>(forKey key: Key) throws -> T {
        try decode(T.self, forKey: key)
    }

    /// The optional member `key`: `nil` when missing or `null`
    /// (`decodeIfPresent`, as synthesised `Decodable` reads optionals).
    ///
    /// ```swift
    /// self.bio = try container.decodeMember(String?.self, forKey: .bio)
    /// ```
    @inlinable
    public func decodeMember<T: Decodable>(_ type: T?.Type, forKey key: Key) throws -> T? {
        try decodeIfPresent(T.self, forKey: key)
    }

    /// The object in member `key`, for the members of a key path below
    /// it; `nil` when the member is missing or `null`.
    ///
    /// ```swift
    /// let profile = try container.nestedMemberContainer(forKey: .profile)
    /// ```
    ///
    /// - Throws: a type mismatch when the member is not an object.
    @inlinable
    public func nestedMemberContainer(forKey key: Key) throws -> KeyedDecodingContainer<NestedPathKey>? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try nestedContainer(keyedBy: NestedPathKey.self, forKey: key)
    }

    /// The member `key` of a `@Defaulted` property, `nil` (recorded in the
    /// running ``DecodingReport`` at `path`) when it is missing or `null`.
    ///
    /// ```swift
    /// self.retries = try KeyedDecodingContainer.decodeDefaulted(Int.self, in: container, forKey: .retries, path: [CodingKeys.retries]) ?? 3
    /// ```
    public static func decodeDefaulted<T: Decodable>(
        _ type: T.Type, in container: KeyedDecodingContainer?, forKey key: Key, path: @autoclosure () -> [any CodingKey]
    ) throws -> T? {
        guard let container, container.contains(key) else {
            ReportCollector.current?.recordDefault(path: path(), null: false)
            return nil
        }
        if try container.decodeNil(forKey: key) {
            ReportCollector.current?.recordDefault(path: path(), null: true)
            return nil
        }
        return try container.decode(type, forKey: key)
    }

    /// Whether member `key` is missing, `null` or holds a value, for
    /// ``MemberPresence/first(_:)`` to pick among a property's alternative keys.
    ///
    /// ```swift
    /// switch try MemberPresence.first(container.presence(of: .id), container.presence(of: .__key1)) { … }
    /// ```
    public func presence(of key: Key) throws -> MemberPresence {
        guard contains(key) else { return .missing }
        return try decodeNil(forKey: key) ? .null : .value
    }

    /// The member `key` of a `@LossyDecoding` property that is not a
    /// collection (or of a `@Defaulted(_:ifInvalid:)` one), read by `read`;
    /// `nil` when it is missing or `null`, and `invalid` (by default `nil`)
    /// when it is invalid (`read` throws), recorded in the running
    /// ``DecodingReport`` at `path` as the generated decoder records it: as
    /// the default taken when the property has one (`takesDefault`), else,
    /// for an invalid value, as a drop.
    ///
    /// ```swift
    /// self.count = KeyedDecodingContainer.decodeTolerating(in: container, forKey: .count, path: [CodingKeys.count], takesDefault: true, ifInvalid: -1) {
    ///     try $0.decodeMember(Int?.self, forKey: .count)
    /// } ?? 0
    /// ```
    public static func decodeTolerating<T>(
        in container: KeyedDecodingContainer?, forKey key: Key, path: @autoclosure () -> [any CodingKey], takesDefault: Bool,
        ifInvalid invalid: @autoclosure () -> T? = nil, _ read: (KeyedDecodingContainer) throws -> T?
    ) -> T? {
        do {
            guard let container, container.contains(key) else {
                if takesDefault { ReportCollector.current?.recordDefault(path: path(), null: false) }
                return nil
            }
            if let value = try read(container) { return value }
            if takesDefault { ReportCollector.current?.recordDefault(path: path(), null: true) }
        } catch {
            ReportCollector.current?.recordInvalid(path: path(), error, defaulted: takesDefault)
            return invalid()
        }
        return nil
    }
}

extension KeyedEncodingContainer {
    /// Writes member `key`, as synthesised `Encodable` writes a non-optional one.
    ///
    /// ```swift
    /// try container.encodeMember(id, forKey: .id)
    /// ```
    @inlinable
    public mutating func encodeMember<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encode(value, forKey: key)
    }

    /// Writes an optional member, left out when `nil` (`encodeIfPresent`,
    /// as synthesised `Encodable` writes optionals).
    ///
    /// ```swift
    /// try container.encodeMember(bio, forKey: .bio)
    /// ```
    @inlinable
    public mutating func encodeMember<T: Encodable>(_ value: T?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }
}
