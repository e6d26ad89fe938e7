import NIOCore
import NIOHTTP1
import Peregrine
import PeregrineNIO
import Vapor

/// Vapor's `ContentDecoder` backed by `JSON.Decoder`: `req.content.decode(_:)`
/// reads JSON bodies with Peregrine, and a body that is not the JSON the
/// route expects throws `JSONBodyError` (a `400 Bad Request`, see
/// ``PeregrineErrorMiddleware``).
///
/// ```swift
/// let decoder = JSON.Decoder.server()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// ContentConfiguration.global.use(decoder: PeregrineContentDecoder(decoder), for: .json)
/// ```
///
/// Usually registered with `app.usePeregrineJSON()`.
///
/// A body whose `Content-Encoding` says gzip is inflated here when it is
/// still gzip, to at most `routes.defaultMaxBodySize` (read at each
/// decode; Vapor tells a content decoder nothing of the route, so a route
/// that collects a larger body of its own still gets gzip bodies up to the
/// default only) and the decoder's `parseOptions.maxDecompressedBytes`;
/// past them, `413`; corrupt gzip, or bytes after it, `400`. Vapor's HTTP
/// server inflates such bodies itself before any route while its
/// `requestDecompression` is on (Vapor's default, up to 25 times the
/// compressed size): it then closes the connection, without a response,
/// on a body that inflates past its limit, on corrupt gzip and on bytes
/// after it. Set `app.http.server.configuration.requestDecompression =
/// .disabled` to have those answered `413` and `400` here.
public struct PeregrineContentDecoder: ContentDecoder {
    private let decoder: JSON.Decoder
    private let routes: Routes?

    /// A content decoder that decodes with `decoder`; gzip bodies inflate
    /// to at most `routes.defaultMaxBodySize`, or without `routes` to the
    /// decoder's `parseOptions.maxDecompressedBytes`.
    ///
    /// ```swift
    /// let contentDecoder = PeregrineContentDecoder(JSON.Decoder.server(), routes: app.routes)
    /// ```
    public init(_ decoder: JSON.Decoder, routes: Routes? = nil) {
        self.decoder = decoder
        self.routes = routes
    }

    /// Decodes `body` as a `D`.
    ///
    /// ```swift
    /// let user = try contentDecoder.decode(User.self, from: buffer, headers: [:])
    /// ```
    ///
    /// - Throws: `JSONBodyError` when the body is not valid JSON or does not
    ///   fit `D`; what `D`'s `init(from:)` throws otherwise.
    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
        try decode(D.self, from: body, headers: headers, userInfo: [:])
    }

    /// Decodes `body` as a `D`, with `userInfo` added to the decoder's for
    /// this decode (Vapor's `req.content.get(at:)` passes its path this way).
    ///
    /// ```swift
    /// let name: String = try req.content.get(at: "user", "name")
    /// ```
    ///
    /// - Throws: As ``decode(_:from:headers:)``.
    public func decode<D: Decodable>(
        _ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> D {
        var decoder = decoder
        if !userInfo.isEmpty {
            decoder = decoder.copy()
            decoder.userInfo.merge(userInfo) { $1 }
        }
        return try decoder.decode(
            D.self, fromBody: body, contentEncoding: headers[.contentEncoding].joined(separator: ","),
            maxBytes: routes?.defaultMaxBodySize.value ?? .max)
    }
}
