import Peregrine

extension DecodingError {
    /// The ``Binary/DecodingError`` (kind and byte offset) that `Binary.Decoder`
    /// puts under each `DecodingError` it throws.
    var binaryError: Binary.DecodingError? { context?.underlyingError as? Binary.DecodingError }
}
