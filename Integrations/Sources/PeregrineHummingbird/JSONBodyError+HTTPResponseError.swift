import Hummingbird
import NIOCore
import Peregrine
import PeregrineNIO

extension JSONBodyError: HTTPResponseError {
    /// `413 Content Too Large` for a body past a size limit, else `400 Bad Request`.
    ///
    /// ```swift
    /// bodyError.status   // .badRequest
    /// ```
    public var status: HTTPResponse.Status { isTooLarge ? .contentTooLarge : .badRequest }

    /// The error response: ``status`` and Hummingbird's error body,
    /// `{"error": {"message": …}}`, with the position and coding path beside
    /// the message:
    ///
    /// ```json
    /// {"error":{"message":"expected Int, found string \"12a\"","line":1,"column":8,"offset":7,"codingPath":["id"]}}
    /// ```
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var buffer = ByteBuffer()
        try buffer.writeJSON(["error": details])
        return Response(status: status, headers: .json(length: buffer.readableBytes), body: .init(byteBuffer: buffer))
    }
}
