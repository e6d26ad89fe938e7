import Hummingbird
import NIOCore
import Peregrine
import PeregrineNIO

/// Hummingbird's `ResponseEncoder` backed by `JSON.Encoder`: a
/// route that returns an `Encodable` value (a `ResponseEncodable`) answers
/// with its JSON, `Content-Type: application/json; charset=utf-8`, written
/// into the response's `ByteBuffer` from the encoder's memory.
///
/// ```swift
/// struct AppContext: RequestContext {
///     var coreContext: CoreRequestContextStorage
///     init(source: Source) { coreContext = .init(source: source) }
///     var responseEncoder: PeregrineResponseEncoder {
///         let encoder = JSON.Encoder.server()
///         encoder.outputFormatting = [.sortedKeys]
///         return PeregrineResponseEncoder(encoder)
///     }
/// }
/// ```
public struct PeregrineResponseEncoder: ResponseEncoder, Sendable {
    private let encoder: JSON.Encoder

    /// A response encoder that encodes with `encoder`.
    ///
    /// ```swift
    /// let responseEncoder = PeregrineResponseEncoder(JSON.Encoder.server())
    /// ```
    public init(_ encoder: JSON.Encoder) {
        self.encoder = encoder
    }

    /// A response encoder with `JSON.Encoder.server()`'s settings (one
    /// encoder shared by every request, never changed).
    ///
    /// ```swift
    /// var responseEncoder: PeregrineResponseEncoder { PeregrineResponseEncoder() }
    /// ```
    public init() {
        self.init(Self.standard)
    }

    private static let standard = JSON.Encoder.server()

    /// A `200 OK` response whose body is `value`'s JSON.
    ///
    /// ```swift
    /// let response = try context.responseEncoder.encode(user, from: request, context: context)
    /// ```
    ///
    /// - Throws: The `EncodingError`s of `JSON.Encoder` (a non-finite
    ///   `Double` under the default strategy, say).
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        var buffer = ByteBuffer()
        try encoder.encode(value, into: &buffer)
        return Response(status: .ok, headers: .json(length: buffer.readableBytes), body: .init(byteBuffer: buffer))
    }
}

extension HTTPFields {
    /// `Content-Type: application/json; charset=utf-8` and the body's length.
    static func json(length: Int) -> HTTPFields {
        [.contentType: "application/json; charset=utf-8", .contentLength: String(length)]
    }
}
