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
            switch error {
            case .invalid(let message, let offset):
                throw JSON.ParseError(.invalidCompressedData, at: min(offset, input.count), in: input, "invalid gzip data: \(message)")
            case .tooLarge(let limit):
                throw JSON.ParseError(
                    .decompressedTooLarge, at: 0, in: input, "the gzip data inflates to more than \(limit) bytes (maxDecompressedBytes)")
            }
        }
    }
}
