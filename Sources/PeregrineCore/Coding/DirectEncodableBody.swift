/// A part of a value encoded by a closure through the `Encodable` path: how
/// a generated encoder hands an enum case's values to a sink that cannot
/// take them directly (``DirectEncodingSink/beginMember(_:key:in:tracksPath:)``
/// answered `false`), with the code its `encode(to:)` has for them.
///
/// ```swift
/// try sink.encodeCodable(DirectEncodableBody { encoder in
///     var payload = encoder.container(keyedBy: CircleCodingKeys.self)
///     try payload.encode(radius, forKey: .radius)
/// }, key: CodingKeys.circle, in: object)
/// ```
public struct DirectEncodableBody: Encodable {
    private let body: (any Encoder) throws -> Void

    /// A value that encodes by calling `body` with the encoder.
    ///
    /// ```swift
    /// let part = DirectEncodableBody { encoder in try "x".encode(to: encoder) }
    /// ```
    public init(_ body: @escaping (any Encoder) throws -> Void) {
        self.body = body
    }

    /// Calls the closure with `encoder`.
    ///
    /// ```swift
    /// try part.encode(to: encoder)
    /// ```
    public func encode(to encoder: any Encoder) throws {
        try body(encoder)
    }
}
