import Peregrine

extension DecodingError {
    /// The ``Binary/DecodingError`` (kind and byte offset) that `Binary.Decoder`
    /// puts under each `DecodingError` it throws.
    var binaryError: Binary.DecodingError? {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            return context.underlyingError as? Binary.DecodingError
        @unknown default:
            return nil
        }
    }
}
