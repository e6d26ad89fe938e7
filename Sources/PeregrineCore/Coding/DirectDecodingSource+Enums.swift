/// What the generated decoders of enums read beyond a model's members: the
/// one case of an enum coded as `Codable` synthesis codes it
/// (`{"circle":{"radius":1}}`), the tag of a discriminator, a raw value.
extension DirectDecodingSource {
    /// The case of an enum coded as `Codable` synthesis codes it: the
    /// object at `index` must have exactly one member named by `keys` (the
    /// case names; other members are ignored, as synthesis ignores them).
    /// Returns that case's position in `keys` and its value's tape index;
    /// `slots` is scratch room for one `Int` per case.
    ///
    /// ```swift
    /// var cases = (-1, -1)
    /// let (field, payload) = try withUnsafeMutableBytes(of: &cases) {
    ///     try source.enumCase(of: Shape.self, at: index, keys: Self.generatedKeys, into: $0)
    /// }
    /// ```
    ///
    /// - Throws: the type mismatch of `init(from:)`'s container when the
    ///   value is not an object, and synthesis's own `typeMismatch`
    ///   ("Invalid number of keys found, expected one.") when not exactly
    ///   one case is there.
    @inlinable
    public func enumCase<Enum>(
        of type: Enum.Type, at index: Int, keys: MemberKeys, into slots: UnsafeMutableRawBufferPointer
    ) throws -> (field: Int, value: Int) {
        _ = try members(of: index, keys: keys, into: slots)
        var found = (field: -1, value: -1)
        var present = 0
        for field in 0..<min(keys.count, slots.count / MemoryLayout<Int>.stride) {
            let value = slots.load(fromByteOffset: field * MemoryLayout<Int>.stride, as: Int.self)
            if value >= 0 {
                present += 1
                found = (field, value)
            }
        }
        guard present == 1 else {
            let context = DecodingError.Context(codingPath: codingPath(at: index), debugDescription: "Invalid number of keys found, expected one.")
            throw DecodingError.typeMismatch(Enum.self, context)
        }
        return found
    }

    /// Checks that the value at `index` is an object, as the empty payload
    /// of a case without values must be (`{"none":{}}`).
    ///
    /// ```swift
    /// try source.emptyPayload(at: payload)
    /// ```
    @inlinable
    public func emptyPayload(at index: Int) throws {
        _ = try members(of: index, keys: MemberKeys.empty, into: UnsafeMutableRawBufferPointer(start: nil, count: 0))
    }

    /// The case named by the tag in `slot` (a member of the object at
    /// `object`, named `key`): its position in `tags`.
    ///
    /// ```swift
    /// switch try source.decodeTag(member: found.0, key: DiscriminatorKeys.tag, in: object, tags: Self.generatedKeys) { … }
    /// ```
    ///
    /// - Throws: `keyNotFound` for a missing tag and the errors of a
    ///   `String` for one of another kind, as `decode(String.self, forKey:)`
    ///   throws them; `dataCorrupted` at the tag, naming it (cut short when
    ///   long) and the expected tags, for a tag no case has.
    /// - Complexity: O(length of the tag) + at most `tags.count` comparisons.
    @inlinable
    public func decodeTag<Key: CodingKey>(member slot: Int, key: Key, in object: Int, tags: MemberKeys) throws -> Int {
        let tag = try decode(String.self, member: slot, key: key, in: object)
        let field = tags.field(of: tag)
        guard field >= 0 else { throw dataCorrupted(at: slot, tags.unknownTagMessage(tag)) }
        return field
    }

    /// The case named by the tag in `slot`, as ``decodeTag(member:key:in:tags:)``
    /// finds it, or `fallback` (the position of the enum's `@Defaulted`
    /// case) for a tag no case has, recorded in the running ``DecodingReport``.
    ///
    /// ```swift
    /// switch try source.decodeTag(member: found.0, key: DiscriminatorKeys.tag, in: object, tags: Self.generatedKeys, fallback: 2) { … }
    /// ```
    ///
    /// - Throws: the errors of ``decodeTag(member:key:in:tags:)`` but the unknown tag's.
    @inlinable
    public func decodeTag<Key: CodingKey>(member slot: Int, key: Key, in object: Int, tags: MemberKeys, fallback: Int) throws -> Int {
        let tag = try decode(String.self, member: slot, key: key, in: object)
        let field = tags.field(of: tag)
        guard field >= 0 else {
            recordDefaultCase(at: slot, MemberKeys.shown(tag))
            return fallback
        }
        return field
    }

    /// The case named by the integer or Boolean tag in `slot` (a member of
    /// the object at `object`, named `key`): its position in `tags`, which
    /// holds the tags as written (`"1"`, `"true"`).
    ///
    /// ```swift
    /// switch try source.decodeTag(Int.self, member: found.0, key: DiscriminatorKeys.tag, in: object, tags: Self.generatedKeys) { … }
    /// ```
    ///
    /// - Throws: as ``decodeTag(member:key:in:tags:)`` does, the tag being a `Tag`.
    @inlinable
    public func decodeTag<Tag: DirectDecodable & LosslessStringConvertible, Key: CodingKey>(
        _ type: Tag.Type, member slot: Int, key: Key, in object: Int, tags: MemberKeys
    ) throws -> Int {
        let tag = try decode(Tag.self, member: slot, key: key, in: object)
        let field = tags.field(of: tag.description)
        guard field >= 0 else { throw dataCorrupted(at: slot, tags.unknownTagMessage(tag)) }
        return field
    }

    /// The case named by the integer or Boolean tag in `slot`, or
    /// `fallback` for a tag no case has, recorded in the running ``DecodingReport``.
    ///
    /// ```swift
    /// switch try source.decodeTag(Int.self, member: found.0, key: DiscriminatorKeys.tag, in: object, tags: Self.generatedKeys, fallback: 2) { … }
    /// ```
    @inlinable
    public func decodeTag<Tag: DirectDecodable & LosslessStringConvertible, Key: CodingKey>(
        _ type: Tag.Type, member slot: Int, key: Key, in object: Int, tags: MemberKeys, fallback: Int
    ) throws -> Int {
        let tag = try decode(Tag.self, member: slot, key: key, in: object)
        let field = tags.field(of: tag.description)
        guard field >= 0 else {
            recordDefaultCase(at: slot, MemberKeys.shownTag(tag))
            return fallback
        }
        return field
    }

    /// The enum whose raw value is at `index`, or the error of the
    /// standard library's `init(from:)` for a raw value no case has.
    ///
    /// ```swift
    /// self = try source.decode(rawValueOf: Color.self, at: index)
    /// ```
    @inlinable
    public func decode<Enum: RawRepresentable>(rawValueOf type: Enum.Type, at index: Int) throws -> Enum
    where Enum.RawValue: DirectDecodable {
        let raw = try Enum.RawValue(generatedFrom: self, at: index)
        guard let value = Enum(rawValue: raw) else {
            let message = unknownRawValueMessage(Enum.self, raw)
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath(at: index), debugDescription: message))
        }
        return value
    }

    /// The enum whose raw value is at `index`, or `fallback` (its
    /// `@Defaulted` case) for a raw value no case has, recorded in the
    /// running ``DecodingReport``.
    ///
    /// ```swift
    /// self = try source.decode(rawValueOf: Color.self, at: index, fallback: .unknown)
    /// ```
    ///
    /// - Throws: the errors of the raw value's type, for a value of another kind.
    @inlinable
    public func decode<Enum: RawRepresentable>(rawValueOf type: Enum.Type, at index: Int, fallback: Enum) throws -> Enum
    where Enum.RawValue: DirectDecodable {
        let raw = try Enum.RawValue(generatedFrom: self, at: index)
        guard let value = Enum(rawValue: raw) else {
            recordDefaultCase(at: index, shownRawValue(raw))
            return fallback
        }
        return value
    }

    /// Records that the value at `index` (shown as `shown`) took an enum's default case.
    @usableFromInline
    func recordDefaultCase(at index: Int, _ shown: String) {
        ReportCollector.current?.recordDefaultCase(path: codingPath(at: index), shown)
    }
}

/// The standard library's message for a raw value no case of `type` has,
/// with the raw value cut as excerpts are, so that the message is short
/// whatever the input.
@usableFromInline
func unknownRawValueMessage<Enum: RawRepresentable>(_ type: Enum.Type, _ raw: Enum.RawValue) -> String {
    let shown = ((raw as? String) ?? "\(raw)").excerpt(scalars: MemberKeys.tagExcerptLength)
    return "Cannot initialize \(Enum.self) from invalid \(Enum.RawValue.self) value \(shown)"
}

/// A raw value as a report shows it: a string quoted and escaped, cut as
/// an unknown tag is; a number or Boolean as written.
@usableFromInline
func shownRawValue<Raw>(_ raw: Raw) -> String {
    guard let text = raw as? String else { return "\(raw)" }
    return MemberKeys.shown(text)
}
