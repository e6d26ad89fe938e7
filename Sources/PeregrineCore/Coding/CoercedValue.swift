/// A value read with every coercion of ``JSON/Decoder/Leniency`` in force,
/// whatever the decoder's own setting: what an `@Coerced` property of a
/// `@JSONCodable` type is coded as, on the generated and the `Codable` paths
/// alike. `"12"` reads as `12`, `true` as `1`, `12` as `"12"`, and `"yes"`,
/// `"no"`, `"1"`, `"0"`, `1.0` and `0.0` as a `Bool`; each coercion is
/// recorded in the ``DecodingReport``, and a value no coercion fits fails
/// with the error the strict decode throws. The coercions cover the value
/// and everything it holds (the elements of an `[Int]`, the members of a model).
///
/// Coercions are the JSON decoder's: the binary format has typed values, and
/// other decoders (Foundation's) read the value as it is. Encoding writes
/// the value as it is.
///
/// ```swift
/// let count = try JSON.Decoder().decode(CoercedValue<Int>.self, from: #""12""#).value   // 12
/// ```
public struct CoercedValue<Value> {
    /// The value.
    public var value: Value

    /// Wraps `value`.
    ///
    /// ```swift
    /// let count = CoercedValue(12)
    /// ```
    public init(_ value: Value) { self.value = value }
}

extension CoercedValue: Sendable where Value: Sendable {}
extension CoercedValue: Equatable where Value: Equatable {}
extension CoercedValue: Hashable where Value: Hashable {}

extension CoercedValue: Decodable where Value: Decodable {
    /// Reads the value with every coercion in force (on ``JSON/Decoder``).
    ///
    /// ```swift
    /// let count = try CoercedValue<Int>(from: decoder).value
    /// ```
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let tape = decoder as? JSONTapeDecoder else {
            value = try container.decode(Value.self)
            return
        }
        value = try tape.state.coercing(.all) { try container.decode(Value.self) }
    }
}

extension CoercedValue: Encodable where Value: Encodable {
    /// Writes the value as it is.
    ///
    /// ```swift
    /// try CoercedValue(12).encode(to: encoder)   // 12
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension CoercedValue: DirectDecodable where Value: Decodable {
    /// Reads the value at `index` with every coercion in force, through
    /// `Value`'s generated decoder when it has one.
    ///
    /// ```swift
    /// let count = try CoercedValue<Int>(generatedFrom: source, at: index).value
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        value = try source.coercing(.all) { try source.decodeDispatched(Value.self, at: index) }
    }
}

extension CoercedValue: DirectEncodable where Value: Encodable {
    /// Writes the value as it is, through `Value`'s generated encoder when it has one.
    ///
    /// ```swift
    /// try CoercedValue(12).encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        try sink.encodeDispatched(value)
    }
}
