import Foundation

extension JSON.Decoder {
    /// Decodes a type that needs a configuration to decode, as Foundation's
    /// `JSONDecoder.decode(_:from:configuration:)`.
    ///
    /// ```swift
    /// let report = try JSON.Decoder().decode(Report.self, from: bytes, configuration: .verbose)
    /// ```
    public func decode<T: DecodableWithConfiguration>(
        _ type: T.Type, from bytes: [UInt8], configuration: T.DecodingConfiguration
    ) throws -> T {
        let root = try rootDecoder(of: bytes)
        return try root.state.reusingContainers { try T(from: root, configuration: configuration) }
    }

    /// Decodes a type that needs a configuration from `Data`.
    ///
    /// ```swift
    /// let report = try JSON.Decoder().decode(Report.self, from: data, configuration: .verbose)
    /// ```
    public func decode<T: DecodableWithConfiguration>(
        _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
    ) throws -> T {
        try decode(type, from: [UInt8](data), configuration: configuration)
    }

    /// Decodes a type whose configuration a provider type gives.
    ///
    /// ```swift
    /// let report = try JSON.Decoder().decode(Report.self, from: data, configuration: Verbose.self)
    /// ```
    public func decode<T: DecodableWithConfiguration, Provider: DecodingConfigurationProviding>(
        _ type: T.Type, from data: Data, configuration: Provider.Type
    ) throws -> T where T.DecodingConfiguration == Provider.DecodingConfiguration {
        try decode(type, from: [UInt8](data), configuration: Provider.decodingConfiguration)
    }
}
