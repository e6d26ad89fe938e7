/// A value read and written in the form its ``ValueCoder`` converts it to:
/// what a `@CodedBy` property of a `@JSONCodable` type is coded as, on the
/// generated and the `Codable` paths alike (so Foundation's coders read
/// and write it the same way). `@DateStrategy` properties are coded as one
/// too, with the coders of ``DateCoders``.
///
/// The form is read through its generated decoder when it has one, then
/// converted; an error the coder throws is a `dataCorrupted` error at the
/// value (its coding path, line and column on ``JSON/Decoder``).
///
/// ```swift
/// let stamp = try JSON.Decoder().decode(CodedValue<DateCoders.ISO8601>.self, from: #""2024-01-02T03:04:05Z""#).value
/// ```
public struct CodedValue<Coder: ValueCoder> {
    /// The value.
    public var value: Coder.Value

    /// Wraps `value`.
    ///
    /// ```swift
    /// let blob = CodedValue<Base64Coder<Data>>(Data([1, 2]))
    /// ```
    public init(_ value: Coder.Value) { self.value = value }
}

extension CodedValue: Sendable where Coder.Value: Sendable {}
extension CodedValue: Equatable where Coder.Value: Equatable {}
extension CodedValue: Hashable where Coder.Value: Hashable {}

extension CodedValue: Decodable {
    /// Reads the form and converts it; the coder's error is a
    /// `dataCorrupted` error at the value (with its position on the
    /// library's decoders).
    ///
    /// ```swift
    /// let date = try CodedValue<DateCoders.ISO8601>(from: decoder).value
    /// ```
    public init(from decoder: any Decoder) throws {
        let coded = try decoder.singleValueContainer().decode(Coder.Coded.self)
        do {
            value = try Coder.decode(coded)
        } catch {
            let message = DecodingError.codedMessage(of: error)
            if let tape = decoder as? any TapeDecoding { throw tape.invalidValue(message) }
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: message, underlyingError: error))
        }
    }
}

extension CodedValue: Encodable {
    /// Converts the value and writes the form; the coder's error is an
    /// `EncodingError.invalidValue` at the value's coding path.
    ///
    /// ```swift
    /// try CodedValue<DateCoders.ISO8601>(date).encode(to: encoder)   // "2024-01-02T03:04:05Z"
    /// ```
    public func encode(to encoder: any Encoder) throws {
        let coded: Coder.Coded
        do {
            coded = try Coder.encode(value)
        } catch {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "\(error)", underlyingError: error))
        }
        var container = encoder.singleValueContainer()
        try container.encode(coded)
    }
}

extension CodedValue: DirectDecodable {
    /// Reads the form at `index` (through its generated decoder when it has
    /// one) and converts it.
    ///
    /// ```swift
    /// let date = try CodedValue<DateCoders.ISO8601>(generatedFrom: source, at: index).value
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        let coded = try source.decodeDispatched(Coder.Coded.self, at: index)
        do {
            value = try Coder.decode(coded)
        } catch {
            throw source.dataCorrupted(at: index, DecodingError.codedMessage(of: error))
        }
    }
}

extension CodedValue: DirectEncodable {
    /// Converts the value and writes the form (through its generated
    /// encoder when it has one). When the coder throws, the value goes
    /// through `Encodable` instead, whose error carries the coding path.
    ///
    /// ```swift
    /// try CodedValue<DateCoders.ISO8601>(date).encode(generatedTo: sink)
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        guard let coded = try? Coder.encode(value) else { return try sink.encodeCodable(self) }
        try sink.encodeDispatched(coded)
    }
}
