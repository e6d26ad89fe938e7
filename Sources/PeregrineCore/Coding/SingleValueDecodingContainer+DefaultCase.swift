extension SingleValueDecodingContainer {
    /// The enum whose raw value the container holds, or `fallback` (its
    /// `@Defaulted` case) for a raw value no case has, recorded in the
    /// running ``DecodingReport``: the `init(from:)` `@JSONCodable` writes
    /// for an enum with raw values and a default case, reading as its
    /// generated decoder reads.
    ///
    /// ```swift
    /// self = try decoder.singleValueContainer().decode(rawValueOf: Color.self, fallback: .unknown)
    /// ```
    ///
    /// - Throws: the errors of the raw value's type, for a value of another kind.
    public func decode<Enum: RawRepresentable>(rawValueOf type: Enum.Type, fallback: Enum) throws -> Enum where Enum.RawValue: Decodable {
        let raw = try decode(Enum.RawValue.self)
        guard let value = Enum(rawValue: raw) else {
            ReportCollector.current?.recordDefaultCase(path: codingPath, shownRawValue(raw))
            return fallback
        }
        return value
    }
}
