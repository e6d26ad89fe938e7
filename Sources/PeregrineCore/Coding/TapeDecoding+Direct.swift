/// A tape decoder that hands a model with a generated decoder to the
/// model's entry point for its source (``DirectDecodable/decode(fromJSON:at:)``,
/// ``DirectDecodable/decode(fromBinary:at:)``; the binary conformance is
/// in `Binary/`), where the model's decoder is specialised for that source.
protocol DirectEntryDecoding: TapeDecoding {
    /// The value here as a `Model`, through the model's entry point.
    func decodeGenerated<Model: DirectDecodable>(_ model: Model.Type) throws -> Model
}

extension DirectEntryDecoding {
    /// A top-level `T`: through its generated decoder when it has one
    /// (``DirectDecodable``), else through `Decodable`. The check is a
    /// dynamic cast, made once per decode; values inside a `Decodable` model
    /// stay on the `Decodable` path.
    func decodeRoot<T: Decodable>(_ type: T.Type) throws -> T {
        guard let generated = type as? any DirectDecodable.Type else { return try decode(type) }
        return try decodeRoot(generated)
    }

    private func decodeRoot<Model: DirectDecodable, T>(_ model: Model.Type) throws -> T {
        let value = try decodeGenerated(model)
        guard let value = value as? T else { throw state.mismatch(T.self, at: index, expected: "\(T.self)") }
        return value
    }
}

extension JSONTapeDecoder: DirectEntryDecoding {
    func decodeGenerated<Model: DirectDecodable>(_ model: Model.Type) throws -> Model {
        try Model.decode(fromJSON: JSON.DecodingTape(state: state), at: index)
    }
}
