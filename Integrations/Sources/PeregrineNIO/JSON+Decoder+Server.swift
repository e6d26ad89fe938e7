import NIOCore
import Peregrine

extension JSON.Decoder {
    /// A decoder for request bodies, the default of the Hummingbird and
    /// Vapor adapters: strict RFC 8259, dates as ISO 8601 strings (as
    /// Hummingbird's and Vapor's own JSON coders read them), and gzip bodies
    /// inflated to at most 16 MiB (the library's default, 256 MiB, is meant
    /// for files).
    ///
    /// ```swift
    /// let decoder = JSON.Decoder.server()
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase
    /// ```
    public static func server() -> JSON.Decoder {
        let decoder = JSON.Decoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.parseOptions.maxDecompressedBytes = 16 << 20
        return decoder
    }

    /// Decodes a request body: as `decode(_:from:)` with a buffer, but an error about
    /// the body's JSON (invalid, too large, not fitting `T`) is thrown as a
    /// ``JSONBodyError``, ready to be answered with its status and details.
    ///
    /// ```swift
    /// let user = try decoder.decode(User.self, fromBody: buffer)
    /// ```
    ///
    /// - Throws: ``JSONBodyError``, or what `T`'s `init(from:)` throws that
    ///   is not a `DecodingError` (a failure that is not the client's).
    public func decode<T: Decodable>(_ type: T.Type, fromBody buffer: ByteBuffer) throws -> T {
        do {
            return try decode(type, from: buffer)
        } catch {
            throw JSONBodyError(error) ?? error
        }
    }
}
