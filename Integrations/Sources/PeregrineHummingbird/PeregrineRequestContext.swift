import Hummingbird

/// A request context like Hummingbird's `BasicRequestContext` whose JSON
/// coders are Peregrine's: the shortest way to use them.
///
/// ```swift
/// let router = Router(context: PeregrineRequestContext.self)
/// router.post("users") { request, context in
///     var user = try await request.decode(as: User.self, context: context)
///     user.id = 1
///     return user   // encoded with Peregrine
/// }
/// ```
///
/// A context of your own gets the same coders by naming them:
/// `typealias Decoder = PeregrineRequestDecoder` and
/// `typealias Encoder = PeregrineResponseEncoder`.
public struct PeregrineRequestContext: RequestContext {
    public typealias Decoder = PeregrineRequestDecoder
    public typealias Encoder = PeregrineResponseEncoder

    /// The core context Hummingbird needs.
    public var coreContext: CoreRequestContextStorage

    /// A context for a request from `source`.
    ///
    /// ```swift
    /// let router = Router(context: PeregrineRequestContext.self)
    /// ```
    public init(source: Source) {
        coreContext = .init(source: source)
    }
}

extension RequestContext where Decoder == PeregrineRequestDecoder {
    /// Peregrine's request decoder with `JSON.Decoder.server()`'s settings.
    ///
    /// ```swift
    /// let user = try await request.decode(as: User.self, context: context)
    /// ```
    public var requestDecoder: PeregrineRequestDecoder { PeregrineRequestDecoder() }
}

extension RequestContext where Encoder == PeregrineResponseEncoder {
    /// Peregrine's response encoder with `JSON.Encoder.server()`'s settings.
    ///
    /// ```swift
    /// router.get("user") { _, _ in user }   // written by this encoder
    /// ```
    public var responseEncoder: PeregrineResponseEncoder { PeregrineResponseEncoder() }
}
