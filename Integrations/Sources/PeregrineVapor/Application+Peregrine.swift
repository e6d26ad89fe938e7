import Peregrine
import PeregrineNIO
import Vapor

extension Application {
    /// Reads and writes `application/json` content with Peregrine, and
    /// answers request bodies that are not the JSON a route expects with
    /// `400 Bad Request` (`413` past a size limit) and where it went wrong.
    ///
    /// ```swift
    /// let app = try await Application.make()
    /// app.usePeregrineJSON()
    /// app.post("users") { req in
    ///     var user = try req.content.decode(User.self)   // Peregrine
    ///     user.id = 1
    ///     return user                                    // Peregrine
    /// }
    /// ```
    ///
    /// The coders go into `ContentConfiguration.global`, which Vapor shares
    /// between all applications of a process; ``PeregrineErrorMiddleware``
    /// goes into this application's middleware. Vapor's HTTP server inflates
    /// `Content-Encoding: gzip` bodies itself (within its decompression
    /// limit); Peregrine also inflates a body that is gzip without the header.
    public func usePeregrineJSON(decoder: JSON.Decoder = .server(), encoder: JSON.Encoder = .server()) {
        ContentConfiguration.global.use(decoder: PeregrineContentDecoder(decoder), for: .json)
        ContentConfiguration.global.use(encoder: PeregrineContentEncoder(encoder), for: .json)
        middleware.use(PeregrineErrorMiddleware())
    }
}
