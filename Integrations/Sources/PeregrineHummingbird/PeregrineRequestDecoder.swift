import Hummingbird
import NIOCore
import Peregrine
import PeregrineNIO

/// Hummingbird's `RequestDecoder` backed by `JSON.Decoder`:
/// `request.decode(as:context:)` reads the body with Peregrine, and a body
/// that is not the JSON the route expects is answered with `400 Bad Request`
/// and where it went wrong (see `JSONBodyError`).
///
/// ```swift
/// struct AppContext: RequestContext {
///     var coreContext: CoreRequestContextStorage
///     init(source: Source) { coreContext = .init(source: source) }
///     var requestDecoder: PeregrineRequestDecoder {
///         let decoder = JSON.Decoder.server()
///         decoder.keyDecodingStrategy = .convertFromSnakeCase
///         return PeregrineRequestDecoder(decoder)
///     }
/// }
/// ```
///
/// The body is collected up to the context's `maxUploadSize` (past it,
/// Hummingbird answers `413 Content Too Large`). Hummingbird does not
/// inflate `Content-Encoding: gzip` bodies; Peregrine does, to at most
/// `maxUploadSize` too (and the decoder's `parseOptions.maxDecompressedBytes`),
/// so that a gzip body costs no more than the largest plain one: past it,
/// `413`. A body that is gzip without that header is not inflated: `400`.
public struct PeregrineRequestDecoder: RequestDecoder, Sendable {
    private let decoder: JSON.Decoder

    /// A request decoder that decodes with `decoder`.
    ///
    /// ```swift
    /// let requestDecoder = PeregrineRequestDecoder(JSON.Decoder.server())
    /// ```
    public init(_ decoder: JSON.Decoder) {
        self.decoder = decoder
    }

    /// A request decoder with `JSON.Decoder.server()`'s settings (one
    /// decoder shared by every request, never changed).
    ///
    /// ```swift
    /// var requestDecoder: PeregrineRequestDecoder { PeregrineRequestDecoder() }
    /// ```
    public init() {
        self.init(Self.standard)
    }

    private static let standard = JSON.Decoder.server()

    /// Decodes the request's body as a `T`.
    ///
    /// ```swift
    /// let user = try await request.decode(as: User.self, context: context)
    /// ```
    ///
    /// - Throws: `JSONBodyError` when the body is not valid JSON, does not
    ///   fit `T` or inflates past `maxUploadSize`; Hummingbird's `HTTPError`
    ///   for a body past `maxUploadSize`; what `T`'s `init(from:)` throws otherwise.
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        return try decoder.decode(type, fromBody: body, contentEncoding: request.headers[.contentEncoding], maxBytes: context.maxUploadSize)
    }
}
