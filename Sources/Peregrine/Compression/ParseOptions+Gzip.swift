extension JSON.ParseOptions {
    /// `input` inflated, when it is gzip (starts with `1f 8b`); `nil` otherwise.
    ///
    /// - Throws: ``JSON/ParseError/Kind/invalidCompressedData`` or
    ///   ``JSON/ParseError/Kind/decompressedTooLarge``.
    func inflated(_ input: UnsafeBufferPointer<UInt8>) throws(JSON.ParseError) -> [UInt8]? {
        guard Gzip.isCompressed(input) else { return nil }
        do throws(Gzip.Failure) {
            return try Gzip.inflate(input, maxBytes: maxDecompressedBytes)
        } catch {
            throw error.parseError(in: input)
        }
    }
}

extension Gzip.Failure {
    /// The failure as a parse error at its offset in the compressed `input`
    /// (streams pass no input: their offsets are past what they hold).
    func parseError(in input: UnsafeBufferPointer<UInt8>) -> JSON.ParseError {
        switch self {
        case .invalid(let message, let offset):
            // A stream's offset can pass the (empty) input; the error keeps it, the location is clamped.
            return JSON.ParseError(.invalidCompressedData, at: offset, in: input, "invalid gzip data: \(message)")
        case .tooLarge(let limit):
            return JSON.ParseError(
                .decompressedTooLarge, at: 0, in: input, "the gzip data inflates to more than \(limit) bytes (maxDecompressedBytes)")
        }
    }
}
