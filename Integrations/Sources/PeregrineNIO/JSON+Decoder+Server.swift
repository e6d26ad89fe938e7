import NIOCore
import Peregrine

extension JSON.Decoder {
    /// A decoder for request bodies, the default of the Hummingbird and
    /// Vapor adapters: strict RFC 8259, dates as ISO 8601 strings (as
    /// Hummingbird's and Vapor's own JSON coders read them), duplicate keys
    /// rejected, and gzip inflated only when a body's `Content-Encoding`
    /// says so (see ``decode(_:fromBody:contentEncoding:maxBytes:)``).
    ///
    /// ```swift
    /// let decoder = JSON.Decoder.server()
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase
    /// ```
    ///
    /// An object that names a member twice is a 400 naming the key and
    /// both positions (`parseOptions.duplicateKeys` is `.reject`).
    /// Foundation's `JSONDecoder` keeps the first value and Peregrine's
    /// default keeps the last: two components that read one body with the
    /// two rules see two different requests, which is how a check made by
    /// one is slipped past the other. A body that can be read two ways is
    /// refused instead; set `.firstWins` to read such bodies as
    /// Foundation does.
    public static func server() -> JSON.Decoder {
        let decoder = JSON.Decoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.parseOptions.duplicateKeys = .reject
        decoder.parseOptions.inflatesGzip = false
        return decoder
    }

    /// Decodes a request body: as `decode(_:from:)` with a buffer, but an
    /// error about the body's JSON (invalid, too large, not fitting `T`) is
    /// thrown as a ``JSONBodyError``, ready to be answered with its status
    /// and details.
    ///
    /// ```swift
    /// let user = try decoder.decode(User.self, fromBody: buffer,
    ///                               contentEncoding: request.headers[.contentEncoding], maxBytes: 2 << 20)
    /// ```
    ///
    /// A body is inflated when `contentEncoding` says gzip (`gzip` or
    /// `x-gzip`, beside `identity`), or when the decoder's
    /// `parseOptions.inflatesGzip` is on (inflating whatever starts as gzip
    /// does, which `server()` turns off), and only when it starts as gzip
    /// does: a body a proxy or the framework inflated already is read as it
    /// is. It inflates to at most `maxBytes`, the framework's limit on a
    /// body, and at most `parseOptions.maxDecompressedBytes`: past them it
    /// is a 413, so that inflating costs no more than reading the largest
    /// body the framework accepts. Without a gzip `Content-Encoding`, gzip
    /// bytes are not JSON: a 400 at their first byte.
    ///
    /// - Throws: ``JSONBodyError``, or what `T`'s `init(from:)` throws that
    ///   is not a `DecodingError` (a failure that is not the client's).
    public func decode<T: Decodable>(
        _ type: T.Type, fromBody buffer: ByteBuffer, contentEncoding: String? = nil, maxBytes: Int = .max
    ) throws -> T {
        let options = parseOptions
        let inflates = options.inflatesGzip || ContentEncoding.isGzip(contentEncoding)
        let limit = min(maxBytes, options.maxDecompressedBytes)
        var decoder = self
        if inflates && (!options.inflatesGzip || limit < options.maxDecompressedBytes) {
            decoder = copy()
            decoder.parseOptions.inflatesGzip = true
            decoder.parseOptions.maxDecompressedBytes = limit
        }
        do {
            return try decoder.decode(type, from: buffer)
        } catch {
            guard let bodyError = JSONBodyError(error) else { throw error }
            throw limit < options.maxDecompressedBytes ? bodyError.namingBodyLimit(maxBytes) : bodyError
        }
    }
}
