extension BinaryTapeDecoder: DirectEntryDecoding {
    /// Reads what stands before the value (shared values, records) as
    /// ``Binary/DecodingTape/decodeGenerated(_:at:)`` does.
    func decodeGenerated<Model: DirectDecodable>(_ model: Model.Type) throws -> Model {
        let source = Binary.DecodingTape(state: state)
        return try source.decodeWrapped(Model.self, at: index) { try Model.decode(fromBinary: source, at: $0) }
    }
}
