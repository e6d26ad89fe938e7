/// What the coders `@JSONCodable` writes for an `@Untagged` enum run: each
/// case tried in declaration order against the one value already on the
/// tape (never parsed again), the first that decodes taken, and the outcome
/// remembered (``DirectDecodingSource/decodeUntagged(_:at:_:)``), so nested
/// untagged values stay linear in the input; a value no case matches is a
/// `dataCorrupted` error at the value, with its coding path and position.
extension DirectDecodingSource {
    /// The value at `index` as the one unlabeled value of an untagged
    /// enum's case: through `T`'s generated decoder when it has one, else
    /// through its `Decodable` conformance.
    ///
    /// ```swift
    /// let text = try source.untaggedValue(String.self, at: index)
    /// ```
    @inlinable
    public func untaggedValue<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
        try decodeDispatched(T.self, at: index)
    }
}

extension DirectEncodingSink {
    /// Writes the one unlabeled value of an untagged enum's case as the
    /// enum's whole value: through its generated encoder when it has one.
    ///
    /// ```swift
    /// case .text(let text): try sink.encodeUntagged(text)
    /// ```
    @inlinable
    public func encodeUntagged<T: Encodable>(_ value: T) throws {
        try encodeDispatched(value)
    }
}

/// The `Codable` side of an `@Untagged` enum: what the `init(from:)` that
/// `@JSONCodable` writes calls, so that ``JSON/Decoder`` and
/// ``Binary/Decoder`` remember each outcome, take back
/// a failed case's report events and word the error as the generated
/// decoder does; with other decoders, the cases are simply tried in order.
///
/// ```swift
/// self = try UntaggedCases.decode(Self.self, in: decoder) { () throws -> Self? in
///     if let value = try UntaggedCases.attempt(in: decoder, { Value.int(try decoder.singleValueContainer().decode(Int.self)) }) {
///         return value
///     }
///     return nil
/// }
/// ```
public enum UntaggedCases {
    /// The untagged `Enum` at `decoder`'s value: what `cases` decodes, or
    /// an error when it gives `nil` (no case matches).
    ///
    /// ```swift
    /// self = try UntaggedCases.decode(Self.self, in: decoder) { try UntaggedCases.attempt(in: decoder) { Value.int(try Int(from: decoder)) } }
    /// ```
    ///
    /// - Throws: `dataCorrupted` at the value (with its line, column and
    ///   offset under ``JSON/Decoder``) when no case matches.
    public static func decode<Enum>(_ type: Enum.Type, in decoder: any Decoder, _ cases: () throws -> Enum?) throws -> Enum {
        if let tape = decoder as? any TapeDecoding { return try tape.state.decodeUntagged(Enum.self, at: tape.index, cases) }
        guard let value = try cases() else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: noMatchMessage(Enum.self)))
        }
        return value
    }

    /// The value `body` decodes as one case, or `nil` when it throws.
    ///
    /// ```swift
    /// let value = try UntaggedCases.attempt(in: decoder) { Value.int(try decoder.singleValueContainer().decode(Int.self)) }
    /// ```
    public static func attempt<T>(in decoder: any Decoder, _ body: () throws -> T) throws -> T? {
        if let tape = decoder as? any TapeDecoding { return tape.state.attemptCase(at: tape.index, body) }
        return try? body()
    }

    static func noMatchMessage<Enum>(_ type: Enum.Type) -> String {
        "the value matches no case of \(Enum.self)"
    }
}
