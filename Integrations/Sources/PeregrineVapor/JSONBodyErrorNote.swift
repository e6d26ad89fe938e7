import PeregrineNIO
import Vapor

/// The `JSONBodyError` a request's route threw, noted on the request for
/// ``PeregrineErrorMiddleware`` by ``JSONBodyErrorNoter``.
struct JSONBodyErrorNote: StorageKey {
    typealias Value = JSONBodyError
}

/// Notes a `JSONBodyError` on its request as it leaves the route, and
/// passes it on to Vapor's `ErrorMiddleware`. Last in `app.middleware`
/// (inside the `ErrorMiddleware`); future-based, as
/// ``PeregrineErrorMiddleware`` is and for the same reason.
struct JSONBodyErrorNoter: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).flatMapErrorThrowing { error in
            if let bodyError = error as? JSONBodyError { request.storage[JSONBodyErrorNote.self] = bodyError }
            throw error
        }
    }
}
