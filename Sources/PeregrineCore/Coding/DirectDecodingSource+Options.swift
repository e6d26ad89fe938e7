/// What the code `@JSONCodable` writes for the per-property options reads
/// through: nested objects of key paths (`@Key("user.profile.id")`),
/// alternative keys (`@Key("id", "ID")`), defaults (`@Defaulted(0)`) and
/// tolerated invalid values (`@LossyDecoding`), built on the source's own
/// primitives.
extension DirectDecodingSource {
    /// Finds the members of the nested object in `slot` (a member of a
    /// model's object, or of another nested object), as
    /// ``members(of:keys:into:)`` does; -1 (and every slot -1) when the
    /// member is missing or `null`, so that the members below it read as missing.
    ///
    /// ```swift
    /// var nested = (-1, -1)
    /// let profile = try withUnsafeMutableBytes(of: &nested) { try source.nestedMembers(member: members.1, keys: keys, into: $0) }
    /// ```
    ///
    /// - Throws: a type mismatch when the member is not an object.
    @inlinable
    public func nestedMembers(member slot: Int, keys: MemberKeys, into slots: UnsafeMutableRawBufferPointer) throws -> Int {
        guard slot >= 0, !isNull(at: slot) else {
            for field in 0..<slots.count / MemoryLayout<Int>.stride {
                slots.storeBytes(of: -1, toByteOffset: field * MemoryLayout<Int>.stride, as: Int.self)
            }
            return -1
        }
        return try members(of: slot, keys: keys, into: slots)
    }

    /// Checks that the nested object in `slot` (member `key` of the object
    /// at `object`) is there, for a member below it that is not optional:
    /// `keyNotFound` when it is missing, a type mismatch when it is `null`
    /// — the errors of `nestedContainer(keyedBy:forKey:)` on the `Codable` path.
    ///
    /// ```swift
    /// if profile < 0 { try source.requireNested(member: members.1, key: CodingKeys.profile, in: object) }
    /// ```
    public func requireNested<Key: CodingKey>(member slot: Int, key: Key, in object: Int) throws {
        guard slot >= 0 else { throw keyNotFound(key, in: object) }
        try emptyPayload(at: slot)  // the object check of opening a container
    }

    /// The default of a `@Defaulted` member that is missing (`slot` -1) or
    /// `null`, recorded in the running ``DecodingReport`` at the path of
    /// the object at `object` followed by `keys` (the member's key, or its
    /// key path).
    ///
    /// ```swift
    /// self.retries = try source.decode(Int?.self, member: members.0, key: CodingKeys.retries, in: object)
    ///     ?? source.defaulted(3, member: members.0, in: object, keys: [CodingKeys.retries])
    /// ```
    public func defaulted<T>(_ value: T, member slot: Int, in object: Int, keys: @autoclosure () -> [any CodingKey]) -> T {
        recordDefault(member: slot, in: object, keys: keys())
        return value
    }

    /// Records that the member in `slot`, missing (-1) or `null`, took its default.
    @usableFromInline
    func recordDefault(member slot: Int, in object: Int, keys: @autoclosure () -> [any CodingKey]) {
        ReportCollector.current?.recordDefault(path: codingPath(at: object) + keys(), null: slot >= 0)
    }

    /// Whether the member in `slot` (from ``members(of:keys:into:)``) is
    /// missing, `null` or holds a value: what ``MemberPresence/first(_:)``
    /// compares to pick among a property's alternative keys.
    ///
    /// ```swift
    /// switch MemberPresence.first(source.presence(of: members.0), source.presence(of: members.1)) { … }
    /// ```
    @inlinable @inline(__always)
    public func presence(of slot: Int) -> MemberPresence {
        slot < 0 ? .missing : isNull(at: slot) ? .null : .value
    }

    /// The value `read` decodes from the member in `slot` of a
    /// `@LossyDecoding` property that is not a collection (or of a
    /// `@Defaulted(_:ifInvalid:)` one), or `nil` when the member is missing
    /// or `null` (`read` gives `nil`), and `invalid` (by default `nil`)
    /// when it is invalid (`read` throws). Each substitution is recorded
    /// in the running ``DecodingReport`` at the path of the object at
    /// `object` followed by `keys`: when the property has a default
    /// (`takesDefault`), as the default taken (invalid, missing or `null`);
    /// otherwise, for an invalid value only, as a drop.
    ///
    /// ```swift
    /// self.count = source.tolerating(member: members.0, in: object, keys: [CodingKeys.count], takesDefault: true, ifInvalid: -1) {
    ///     try source.decode(Int?.self, member: members.0, key: CodingKeys.count, in: object)
    /// } ?? 0
    /// ```
    @inlinable
    public func tolerating<T>(
        member slot: Int, in object: Int, keys: @autoclosure () -> [any CodingKey], takesDefault: Bool,
        ifInvalid invalid: @autoclosure () -> T? = nil, _ read: () throws -> T?
    ) -> T? {
        do {
            if let value = try read() { return value }
            if takesDefault { recordDefault(member: slot, in: object, keys: keys()) }
        } catch {
            recordInvalid(error, in: object, keys: keys(), takesDefault: takesDefault)
            return invalid()
        }
        return nil
    }

    /// Records an invalid member that ``tolerating(member:in:keys:takesDefault:_:)`` replaced.
    @usableFromInline
    func recordInvalid(_ error: any Error, in object: Int, keys: @autoclosure () -> [any CodingKey], takesDefault: Bool) {
        ReportCollector.current?.recordInvalid(path: codingPath(at: object) + keys(), error, defaulted: takesDefault)
    }
}
