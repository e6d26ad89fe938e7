/// A `Decoder` for the value at one tape index of a ``DecodingSource``; it
/// is also that value's single-value container. Keyed and unkeyed
/// containers are in their own files.
///
/// Everything Codable asks is done here once, for every source; each
/// source has a small concrete decoder (``JSONTapeDecoder``,
/// ``BinaryTapeDecoder``) that only opens its containers and decodes the
/// types the source treats specially in `decode(_:)`. Concrete types, not a
/// generic one: Codable reaches decoders and containers through
/// existentials, whose witnesses are specialised only for concrete types.
///
/// A decoder holds only the source and the tape index — two words, so Swift
/// keeps it inline when it travels as `any Decoder` or as a single-value
/// container, and decoding a value allocates nothing. The coding path is
/// found from the tape when asked for (errors, reports, models that read it).
/// The index may be a wrapper the source looks through (a binary shared
/// value or back-reference): `decode(_:)` sees it.
protocol TapeDecoding: Decoder, ScalarDecoding {
    associatedtype Source: DecodingSource
    var state: Source { get }
    var index: Int { get }
    init(state: Source, index: Int)
}

extension TapeDecoding {
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    var codingPath: [any CodingKey] { state.codingPath(to: index) }

    /// The members of the object here, for a keyed container.
    @inline(__always)
    func objectMembers() throws -> Source.Members {
        let (value, kind) = state.value(at: index)
        guard case .object = kind else { throw state.mismatch([String: Any].self, at: value, expected: "an object") }
        try state.checkStack(at: value)
        return state.members(of: value)
    }

    /// The start of the elements of the array here, for an unkeyed container.
    @inline(__always)
    func elementCursor() throws -> TapeCursor {
        let (value, kind) = state.value(at: index)
        guard case .array = kind else { throw state.mismatch([Any].self, at: value, expected: "an array") }
        try state.checkStack(at: value)
        return TapeCursor(array: value, end: state.end(of: value))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Single values

    @inline(__always)
    func decodeNil() -> Bool {
        if case .null = state.value(at: index).value { return true }
        return false
    }

    @inline(__always) func decode(_ type: Bool.Type) throws -> Bool { try state.decodeBool(at: index) }
    @inline(__always) func decode(_ type: String.Type) throws -> String { try state.decodeString(at: index) }
    @inline(__always) func decode(_ type: Double.Type) throws -> Double { try state.decodeDouble(at: index) }
    func decode(_ type: Float.Type) throws -> Float { try state.decodeFloat(at: index) }
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T { try state.decodeInteger(type, at: index) }

    /// A `dataCorrupted` error about the value here, with the source's
    /// position (for errors a model's own `init(from:)` builds).
    func invalidValue(_ message: String) -> DecodingError { state.invalidValue(at: index, message) }

    /// `value` as `T`, which the caller has shown to be its type.
    func cast<T>(_ value: Any) throws -> T {
        guard let value = value as? T else { throw state.mismatch(T.self, at: index, expected: "\(T.self)") }
        return value
    }
}
