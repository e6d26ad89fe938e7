import NIOHTTP1
import PeregrineNIO
import Vapor

extension JSONBodyError: AbortError {
    /// `413 Payload Too Large` for a body past a size limit, else `400 Bad Request`.
    ///
    /// ```swift
    /// bodyError.status   // .badRequest
    /// ```
    public var status: HTTPResponseStatus { isTooLarge ? .payloadTooLarge : .badRequest }

    /// The error as one line, with its position and path:
    /// `1:8: expected Int, found string "12a" at $.id`.
    ///
    /// ```swift
    /// bodyError.reason   // what Vapor's ErrorMiddleware shows without PeregrineErrorMiddleware
    /// ```
    public var reason: String { description }
}
