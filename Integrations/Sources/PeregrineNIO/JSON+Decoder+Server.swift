import Peregrine

extension JSON.Decoder {
    /// The most bytes a gzip request body may inflate to with ``server()``:
    /// 16 MiB. The library's own default (256 MiB) is meant for files.
    public static let serverMaxDecompressedBytes = 16 << 20

    /// A decoder for request bodies, the default of the Hummingbird and
    /// Vapor adapters: strict RFC 8259, dates as ISO 8601 strings (as
    /// Hummingbird's and Vapor's own JSON coders read them), and gzip bodies
    /// inflated to at most ``serverMaxDecompressedBytes``.
    ///
    /// ```swift
    /// let decoder = JSON.Decoder.server()
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase
    /// ```
    public static func server() -> JSON.Decoder {
        let decoder = JSON.Decoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.parseOptions.maxDecompressedBytes = serverMaxDecompressedBytes
        return decoder
    }
}
