/// The members of a model object that its properties do not name: what an
/// `@UnknownMembers` property of a `@JSONCodable` type collects when
/// decoded and writes back, after the named members, when encoded.
extension JSON.Object {
    /// The members of the object `decoder` is at that `keys` does not
    /// name: the `Codable` side of
    /// `DirectDecodingSource.unknownMembers(of:named:)`, by the same
    /// code on ``JSON/Decoder``. Another `Decoder` gives the names of its
    /// keyed container (after its key strategy), in its order.
    ///
    /// ```swift
    /// self.extra = try JSON.Object(unknownMembersFrom: decoder, named: Self.generatedKeys)
    /// ```
    public init(unknownMembersFrom decoder: any Decoder, named keys: MemberKeys) throws {
        try self.init(unknownMembersFrom: decoder, claimedBy: CollectionOfOne(keys))
    }

    /// The members of the object `decoder` is at that none of `tables`
    /// names: the `Codable` side of
    /// `DirectDecodingSource.unknownMembers(of:named:)`, for a
    /// model with `@Flattened` properties (the tables are the model's and
    /// each flattened type's `claimedMemberKeys`).
    ///
    /// ```swift
    /// self.extra = try JSON.Object(unknownMembersFrom: decoder, named: [Self.generatedKeys] + Address.claimedMemberKeys)
    /// ```
    public init(unknownMembersFrom decoder: any Decoder, named tables: [MemberKeys]) throws {
        try self.init(unknownMembersFrom: decoder, claimedBy: tables)
    }

    private init(unknownMembersFrom decoder: any Decoder, claimedBy tables: some Collection<MemberKeys>) throws {
        if let tape = decoder as? JSONTapeDecoder {
            self = try tape.state.unknownMembers(of: tape.index, named: tables)
            return
        }
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        self.init()
        for key in container.allKeys where !tables.contains(where: { $0.contains(key.stringValue) }) {
            self[key.stringValue] = try container.decode(JSON.self, forKey: key)
        }
    }

    /// Writes the members `keys` does not name into `encoder`'s keyed
    /// container, after the model's members (a member the model names is
    /// left out: the model's property wrote it). On ``JSON/Encoder`` their
    /// names are written as they are, whatever the key strategy.
    ///
    /// ```swift
    /// try extra.encodeUnknownMembers(named: Self.generatedKeys, to: encoder)
    /// ```
    public func encodeUnknownMembers(named keys: MemberKeys, to encoder: any Encoder) throws {
        try encodeUnknownMembers(claimedBy: CollectionOfOne(keys), to: encoder)
    }

    /// Writes the members none of `tables` names into `encoder`'s keyed
    /// container, as `encodeUnknownMembers(named:to:)` does: a
    /// member the model or one of its `@Flattened` properties names is left out.
    ///
    /// ```swift
    /// try extra.encodeUnknownMembers(named: [Self.generatedKeys] + Address.claimedMemberKeys, to: encoder)
    /// ```
    public func encodeUnknownMembers(named tables: [MemberKeys], to encoder: any Encoder) throws {
        try encodeUnknownMembers(claimedBy: tables, to: encoder)
    }

    private func encodeUnknownMembers(claimedBy tables: some Collection<MemberKeys>, to encoder: any Encoder) throws {
        guard !isEmpty else { return }
        var container = encoder.container(keyedBy: RawKey.self)
        for (name, value) in self where !tables.contains(where: { $0.contains(name) }) {
            try container.encode(value, forKey: RawKey(name))
        }
    }
}

extension DirectEncodingSink {
    /// Writes the members of `members` that `keys` does not name into the
    /// model's `object`, after its own members (an `@UnknownMembers` property).
    ///
    /// ```swift
    /// try sink.encodeUnknownMembers(extra, named: Self.generatedKeys, in: object)
    /// ```
    public func encodeUnknownMembers(_ members: JSON.Object, named keys: MemberKeys, in object: SinkContainer) throws {
        try encodeUnknownMembers(members, claimedBy: CollectionOfOne(keys), in: object)
    }

    /// Writes the members of `members` that none of `tables` names into
    /// the model's `object`: an `@UnknownMembers` property beside
    /// `@Flattened` ones, whose members the flattened values wrote.
    ///
    /// ```swift
    /// try sink.encodeUnknownMembers(extra, named: [Self.generatedKeys] + Address.claimedMemberKeys, in: object)
    /// ```
    public func encodeUnknownMembers(_ members: JSON.Object, named tables: [MemberKeys], in object: SinkContainer) throws {
        try encodeUnknownMembers(members, claimedBy: tables, in: object)
    }

    private func encodeUnknownMembers(_ members: JSON.Object, claimedBy tables: some Collection<MemberKeys>, in object: SinkContainer) throws {
        for (name, value) in members where !tables.contains(where: { $0.contains(name) }) {
            if beginMember(named: name, in: object, tracksPath: true) {
                try encodeCodable(value)
            } else {
                try encodeCodable(value, named: name, in: object)
            }
        }
    }
}

/// The members of key paths' nested objects that no property names: an
/// `@UnknownMembers` property keeps them under the path's names, so
/// `{"user": {"name": "Ada", "age": 3}}` read by a model with
/// `@Key("user.name")` keeps `["user": ["age": 3]]`, written back into the
/// `user` object.
extension JSON.Object {
    /// Adds `members`, the unknown members of the nested object at `path`
    /// (names from the model's object down), under those names; nothing
    /// when `members` is empty.
    ///
    /// ```swift
    /// collected.insertUnknownMembers(["age": 3], at: ["user"])   // ["user": ["age": 3]]
    /// ```
    ///
    /// - Complexity: O(`members.count` + length of `path`); the path is a key
    ///   path literal of the model, never input.
    public mutating func insertUnknownMembers(_ members: JSON.Object, at path: [String]) {
        guard !members.isEmpty else { return }
        insertUnknownMembers(members, at: path[...])
    }

    private mutating func insertUnknownMembers(_ members: JSON.Object, at path: ArraySlice<String>) {
        guard let name = path.first else {
            for (key, value) in members { self[key] = value }
            return
        }
        var nested: JSON.Object = [:]
        if case .object(let existing)? = self[name] { nested = existing }
        nested.insertUnknownMembers(members, at: path.dropFirst())
        self[name] = .object(nested)
    }

    /// The unknown members kept for the nested object at `path`: the object
    /// there, or none when there is none (or something else).
    ///
    /// ```swift
    /// let user = extra.unknownMembers(at: ["user"])   // ["age": 3]
    /// ```
    public func unknownMembers(at path: [String]) -> JSON.Object {
        var object = self
        for name in path {
            guard case .object(let nested)? = object[name] else { return [:] }
            object = nested
        }
        return object
    }
}
