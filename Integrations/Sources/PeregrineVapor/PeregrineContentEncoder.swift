import NIOCore
import NIOHTTP1
import Peregrine
import PeregrineNIO
import Vapor

/// Vapor's `ContentEncoder` backed by `JSON.Encoder`: `Content`
/// returned from a route (and `res.content.encode(_:)`) is written by
/// Peregrine, `Content-Type: application/json; charset=utf-8`.
///
/// ```swift
/// let encoder = JSON.Encoder.server()
/// encoder.outputFormatting = [.sortedKeys]
/// ContentConfiguration.global.use(encoder: PeregrineContentEncoder(encoder), for: .json)
/// ```
///
/// Usually registered with `app.usePeregrineJSON()`.
public struct PeregrineContentEncoder: ContentEncoder {
    private let encoder: JSON.Encoder

    /// A content encoder that encodes with `encoder`.
    ///
    /// ```swift
    /// let contentEncoder = PeregrineContentEncoder(JSON.Encoder.server())
    /// ```
    public init(_ encoder: JSON.Encoder) {
        self.encoder = encoder
    }

    /// Appends `encodable`'s JSON to `body` and sets the content type.
    ///
    /// ```swift
    /// try contentEncoder.encode(user, to: &buffer, headers: &headers)
    /// ```
    ///
    /// - Throws: The `EncodingError`s of `JSON.Encoder`.
    public func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
        try encode(encodable, to: &body, headers: &headers, userInfo: [:])
    }

    /// Appends `encodable`'s JSON to `body` and sets the content type, with
    /// `userInfo` added to the encoder's for this encode.
    ///
    /// ```swift
    /// try contentEncoder.encode(user, to: &buffer, headers: &headers, userInfo: [key: "value"])
    /// ```
    ///
    /// - Throws: The `EncodingError`s of `JSON.Encoder`.
    public func encode<E: Encodable>(
        _ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws {
        var encoder = encoder
        if !userInfo.isEmpty {
            encoder = encoder.copy()
            encoder.userInfo.merge(userInfo) { $1 }
        }
        try encoder.encode(encodable, into: &body)
        headers.contentType = .json
    }
}
