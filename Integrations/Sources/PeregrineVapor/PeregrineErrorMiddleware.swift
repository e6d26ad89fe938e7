import NIOCore
import Peregrine
import PeregrineNIO
import Vapor

/// Adds the position and coding path of a `JSONBodyError` to the error
/// response Vapor's `ErrorMiddleware` made of it, which is Vapor's error
/// body, `{"error": true, "reason": …}`:
///
/// ```json
/// {"error":true,"reason":"1:8: expected Int, found string \"12a\" at $.id",
///  "message":"expected Int, found string \"12a\"","line":1,"column":8,"offset":7,"codingPath":["id"]}
/// ```
///
/// The error itself goes on to the `ErrorMiddleware`, which logs it (at
/// `warning`, as every `AbortError`) and answers it; this middleware sits
/// outside it (first in `app.middleware`) and rewrites only a response that
/// is Vapor's error body for that very error, so an `ErrorMiddleware` of
/// your own that answers otherwise keeps its answer. `app.usePeregrineJSON()`
/// adds it, with the middleware that notes the error for it on its way out
/// of the route (last in `app.middleware`, inside the `ErrorMiddleware`).
/// Without an `ErrorMiddleware`, this one logs and answers the error itself.
///
/// It is a future-based `Middleware`, not an `AsyncMiddleware`: a request
/// whose route answers at once is answered on the connection's event loop
/// before the connection reads on, as with Vapor's own middleware, so that
/// a request followed by bytes that are no HTTP still gets its answer
/// before the connection is closed for them.
public struct PeregrineErrorMiddleware: Middleware {
    /// The middleware.
    ///
    /// ```swift
    /// app.middleware.use(PeregrineErrorMiddleware(), at: .beginning)
    /// ```
    public init() {}

    /// The next responder's response, with the details of a `JSONBodyError`
    /// added to Vapor's error body for it.
    ///
    /// ```swift
    /// let response = middleware.respond(to: request, chainingTo: responder)
    /// ```
    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).flatMapErrorThrowing { error in
            // No ErrorMiddleware within: log and answer the error here.
            guard let bodyError = error as? JSONBodyError else { throw error }
            request.logger.report(error: bodyError)
            request.storage[JSONBodyErrorNote.self] = bodyError
            return Response(status: bodyError.status, body: .empty)
        }.map { response in
            guard let bodyError = request.storage[JSONBodyErrorNote.self] else { return response }
            Self.addDetails(of: bodyError, to: response)
            return response
        }
    }

    /// Writes `error`'s details into `response` when its body is Vapor's
    /// error body for `error` (its status, `error: true` and its reason),
    /// or empty.
    private static func addDetails(of error: JSONBodyError, to response: Response) {
        guard response.status == error.status else { return }
        var body: JSON.Object = ["error": true, "reason": .string(error.reason)]
        if let buffer = response.body.buffer, buffer.readableBytes > 0 {
            guard let written = try? JSON(parsing: buffer), written == .object(body) else { return }
        }
        if case .object(let details) = error.details {
            for (name, value) in details { body[name] = value }
        }
        var buffer = ByteBuffer()
        guard (try? buffer.writeJSON(.object(body))) != nil else { return }
        response.headers.contentType = .json
        response.body = .init(buffer: buffer)
    }
}
