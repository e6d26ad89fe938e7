import NIOCore
import Peregrine
import PeregrineNIO
import Vapor

/// Answers a `JSONBodyError` with its status and Vapor's error body,
/// `{"error": true, "reason": …}`, with the position and coding path added:
///
/// ```json
/// {"error":true,"reason":"1:8: expected Int, found string \"12a\" at $.id",
///  "message":"expected Int, found string \"12a\"","line":1,"column":8,"offset":7,"codingPath":["id"]}
/// ```
///
/// Other errors pass on to Vapor's `ErrorMiddleware`. `app.usePeregrineJSON()`
/// registers it after (so inside) the `ErrorMiddleware`, as this does:
///
/// ```swift
/// app.middleware.use(PeregrineErrorMiddleware())
/// ```
public struct PeregrineErrorMiddleware: AsyncMiddleware {
    /// The middleware.
    ///
    /// ```swift
    /// app.middleware.use(PeregrineErrorMiddleware())
    /// ```
    public init() {}

    /// The next responder's response, or the error response for a body that
    /// is not the JSON the route expects.
    ///
    /// ```swift
    /// let response = try await middleware.respond(to: request, chainingTo: responder)
    /// ```
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as JSONBodyError {
            var body: JSON.Object = ["error": true, "reason": .string(error.reason)]
            if case .object(let details) = error.details {
                for (name, value) in details { body[name] = value }
            }
            var headers = HTTPHeaders()
            headers.contentType = .json
            return Response(status: error.status, headers: headers, body: .init(buffer: ByteBuffer(bytes: try JSON.object(body).serialized())))
        }
    }
}
