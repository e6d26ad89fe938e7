/// The members of a model object that its properties do not name: what an
/// `@UnknownMembers` property of a `@JSONCodable` type collects when
/// decoded and writes back, after the named members, when encoded.
extension JSON.Object {
    /// The members of the object `decoder` is at that `keys` does not
    /// name: the `Codable` side of
    /// ``GeneratedDecodingSource/unknownMembers(of:named:)``, by the same
    /// code on ``JSON/Decoder``. Another `Decoder` gives the names of its
    /// keyed container (after its key strategy), in its order.
    ///
    /// ```swift
    /// self.extra = try JSON.Object(unknownMembersFrom: decoder, named: Self.generatedKeys)
    /// ```
    public init(unknownMembersFrom decoder: any Decoder, named keys: GeneratedKeys) throws {
        if let tape = decoder as? JSONTapeDecoder {
            self = try tape.state.unknownMembers(of: tape.index, named: keys)
            return
        }
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        self.init()
        for key in container.allKeys where !keys.contains(key.stringValue) {
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
    public func encodeUnknownMembers(named keys: GeneratedKeys, to encoder: any Encoder) throws {
        guard !isEmpty else { return }
        var container = encoder.container(keyedBy: RawKey.self)
        for (name, value) in self where !keys.contains(name) {
            try container.encode(value, forKey: RawKey(name))
        }
    }
}

extension GeneratedEncodingSink {
    /// Writes the members of `members` that `keys` does not name into the
    /// model's `object`, after its own members (an `@UnknownMembers` property).
    ///
    /// ```swift
    /// try sink.encodeUnknownMembers(extra, named: Self.generatedKeys, in: object)
    /// ```
    public func encodeUnknownMembers(_ members: JSON.Object, named keys: GeneratedKeys, in object: GeneratedContainer) throws {
        for (name, value) in members where !keys.contains(name) {
            if beginMember(named: name, in: object, tracksPath: true) {
                try encodeCodable(value)
            } else {
                try encodeCodable(value, named: name, in: object)
            }
        }
    }
}
