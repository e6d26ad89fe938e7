import Peregrine

extension JSON.Encoder {
    /// An encoder for response bodies, the default of the Hummingbird and
    /// Vapor adapters: compact output and dates as ISO 8601 strings, as
    /// Hummingbird's and Vapor's own JSON coders write them.
    ///
    /// ```swift
    /// let encoder = JSON.Encoder.server()
    /// encoder.outputFormatting = [.sortedKeys]
    /// ```
    public static func server() -> JSON.Encoder {
        let encoder = JSON.Encoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
