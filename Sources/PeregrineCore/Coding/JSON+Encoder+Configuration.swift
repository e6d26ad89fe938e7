import Foundation

extension JSON.Encoder {
    /// Encodes a type that needs a configuration to encode, as Foundation's
    /// `JSONEncoder.encode(_:configuration:)`.
    ///
    /// ```swift
    /// let data = try JSON.Encoder().encode(report, configuration: .verbose)
    /// ```
    public func encode<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws -> Data {
        Data(try encode(value, configuration: configuration) as [UInt8])
    }

    /// Encodes a type that needs a configuration as UTF-8 JSON bytes.
    ///
    /// ```swift
    /// let bytes: [UInt8] = try JSON.Encoder().encode(report, configuration: .verbose)
    /// ```
    @_disfavoredOverload
    public func encode<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws -> [UInt8] {
        try encoded(of: value, inArray: true, { try value.encode(to: $0, configuration: configuration) }, Self.bytes)
    }

    /// Encodes a type whose configuration a provider type gives.
    ///
    /// ```swift
    /// let data = try JSON.Encoder().encode(report, configuration: Verbose.self)
    /// ```
    public func encode<T: EncodableWithConfiguration, Provider: EncodingConfigurationProviding>(
        _ value: T, configuration: Provider.Type
    ) throws -> Data where T.EncodingConfiguration == Provider.EncodingConfiguration {
        try encode(value, configuration: Provider.encodingConfiguration)
    }
}
