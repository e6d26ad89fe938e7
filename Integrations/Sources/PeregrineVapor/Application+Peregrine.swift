import Peregrine
import PeregrineNIO
import Vapor

extension Application {
    /// Reads and writes JSON content with Peregrine, and answers request
    /// bodies that are not the JSON a route expects with `400 Bad Request`
    /// (`413` past a size limit) and where it went wrong.
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
    /// between all applications of a process, for each of `mediaTypes`: by
    /// default `application/json` and `application/vnd.api+json`, the JSON
    /// types Vapor's configuration has coders for; name there any other
    /// `+json` type you registered. Gzip bodies inflate to at most this
    /// application's `routes.defaultMaxBodySize` (see
    /// ``PeregrineContentDecoder``). ``PeregrineErrorMiddleware`` goes first
    /// into this application's middleware, and the middleware that notes a
    /// `JSONBodyError` for it last: call this after setting up
    /// `app.middleware`. Calling it again changes the coders and adds no
    /// middleware twice.
    public func usePeregrineJSON(
        decoder: JSON.Decoder = .server(), encoder: JSON.Encoder = .server(), for mediaTypes: [HTTPMediaType] = [.json, .jsonAPI]
    ) {
        let contentDecoder = PeregrineContentDecoder(decoder, routes: routes)
        let contentEncoder = PeregrineContentEncoder(encoder)
        for mediaType in mediaTypes {
            ContentConfiguration.global.use(decoder: contentDecoder, for: mediaType)
            ContentConfiguration.global.use(encoder: contentEncoder, for: mediaType)
        }
        let installed = middleware.resolve()
        if !installed.contains(where: { $0 is PeregrineErrorMiddleware }) { middleware.use(PeregrineErrorMiddleware(), at: .beginning) }
        if !installed.contains(where: { $0 is JSONBodyErrorNoter }) { middleware.use(JSONBodyErrorNoter()) }
    }
}
