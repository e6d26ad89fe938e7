extension JSONTapeDecoder {
    /// A top-level `T`: through its generated decoder when it has one
    /// (``GeneratedDecodable``), else through `Decodable`. The check is a
    /// dynamic cast, made once per decode; values inside a `Decodable` model
    /// stay on the `Decodable` path.
    func decodeRoot<T: Decodable>(_ type: T.Type) throws -> T {
        guard let generated = type as? any GeneratedDecodable.Type else { return try decode(type) }
        return try decodeGenerated(generated)
    }

    private func decodeGenerated<Model: GeneratedDecodable, T>(_ model: Model.Type) throws -> T {
        let value = try Model.decode(fromJSON: JSON.DecodingTape(state: state), at: index)
        guard let value = value as? T else { throw state.mismatch(T.self, at: index, expected: "\(T.self)") }
        return value
    }
}
