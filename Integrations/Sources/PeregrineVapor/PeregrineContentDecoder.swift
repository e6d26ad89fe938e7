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
public struct PeregrineContentDecoder: ContentDecoder {
    private let decoder: JSON.Decoder

    /// A content decoder that decodes with `decoder`.
    ///
    /// ```swift
    /// let contentDecoder = PeregrineContentDecoder(JSON.Decoder.server())
    /// ```
    public init(_ decoder: JSON.Decoder) {
        self.decoder = decoder
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
        let decoder = userInfo.isEmpty ? decoder : decoder.copy(addingUserInfo: userInfo)
        return try decoder.decode(D.self, fromBody: body)
    }
}
