/// What the coders `@JSONCodable` writes for an `@Untagged` enum run: each
/// case tried in declaration order against the one value already on the
/// tape (never parsed again), the first that decodes taken. Every attempt
/// is counted against the decode's bound (``CaseAttempts``), so nested
/// untagged values stay linear in the input; a value no case matches is a
/// `dataCorrupted` error at the value, with its coding path and position.
extension DirectDecodingSource {
    /// The value `body` decodes from the value at `index` as one case of
    /// an untagged enum, or `nil` when it throws (the next case is tried).
    ///
    /// ```swift
    /// if let value = try source.attemptCase(at: index, { Value.int(try source.untaggedValue(Int.self, at: index)) }) {
    ///     self = value
    ///     return
    /// }
    /// ```
    ///
    /// - Throws: the error of ``countCaseAttempt(at:)`` once the decode has
    ///   tried as many cases as its input allows.
    @inlinable
    public func attemptCase<T>(at index: Int, _ body: () throws -> T) throws -> T? {
        try countCaseAttempt(at: index)
        return try? body()
    }

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

    /// The error for the value at `index` that no case of the untagged
    /// `Enum` matches: `dataCorrupted`, with the value's coding path and position.
    ///
    /// ```swift
    /// throw source.noCaseMatches(Value.self, at: index)
    /// ```
    public func noCaseMatches<Enum>(_ type: Enum.Type, at index: Int) -> DecodingError {
        dataCorrupted(at: index, UntaggedCases.noMatchMessage(Enum.self))
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
        guard let generated = T.self as? any DirectEncodable.Type else { return try encodeCodable(value) }
        try encodeUntagged(value, as: generated)
    }

    /// `value` as `Generated`, its dynamic type, through its generated encoder.
    @inlinable
    func encodeUntagged<Generated: DirectEncodable, T: Encodable>(_ value: T, as generated: Generated.Type) throws {
        // `Generated` is `T` (the caller's cast), so this cast always succeeds.
        guard let value = value as? Generated else { return try encodeCodable(value) }
        try encodeGenerated(value)
    }
}

/// The `Codable` side of an `@Untagged` enum: what the `init(from:)` that
/// `@JSONCodable` writes calls, so that ``JSON/Decoder`` and
/// ``Binary/Decoder`` count its attempts and word its error as the
/// generated decoder does; with other decoders, attempts are not counted.
///
/// ```swift
/// if let value = try UntaggedCases.attempt(in: decoder, { Value.int(try decoder.singleValueContainer().decode(Int.self)) }) {
///     self = value
///     return
/// }
/// throw UntaggedCases.noMatch(Value.self, in: decoder)
/// ```
public enum UntaggedCases {
    /// The value `body` decodes as one case, or `nil` when it throws.
    ///
    /// ```swift
    /// let value = try UntaggedCases.attempt(in: decoder) { Value.int(try decoder.singleValueContainer().decode(Int.self)) }
    /// ```
    ///
    /// - Throws: the bound's error (``DirectDecodingSource/countCaseAttempt(at:)``).
    public static func attempt<T>(in decoder: any Decoder, _ body: () throws -> T) throws -> T? {
        if let tape = decoder as? any TapeDecoding { try tape.countCaseAttempt() }
        return try? body()
    }

    /// The error for a value no case of `Enum` matches, at `decoder`'s
    /// value: with its line, column and offset under ``JSON/Decoder``.
    ///
    /// ```swift
    /// throw UntaggedCases.noMatch(Value.self, in: decoder)
    /// ```
    public static func noMatch<Enum>(_ type: Enum.Type, in decoder: any Decoder) -> DecodingError {
        let message = noMatchMessage(Enum.self)
        if let tape = decoder as? any TapeDecoding { return tape.invalidValue(message) }
        return .dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: message))
    }

    static func noMatchMessage<Enum>(_ type: Enum.Type) -> String {
        "the value matches no case of \(Enum.self)"
    }
}

extension TapeDecoding {
    /// Counts one case an untagged enum's `init(from:)` tries here.
    func countCaseAttempt() throws { try state.countCaseAttempt(at: index) }
}
