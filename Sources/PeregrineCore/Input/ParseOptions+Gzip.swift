extension JSON.ParseOptions {
    /// `input` inflated, when it is gzip (starts with `1f 8b`) and
    /// ``inflatesGzip`` is on; `nil` otherwise.
    /// Inflating stops at ``maxDecompressedBytes`` or ``maxInputBytes``,
    /// whichever is smaller: the limits of the text hold whatever its encoding.
    ///
    /// - Throws: ``JSON/ParseError/Kind/invalidCompressedData``,
    ///   ``JSON/ParseError/Kind/decompressedTooLarge``, or
    ///   ``JSON/ParseError/Kind/inputTooLarge`` when ``maxInputBytes`` is the
    ///   limit passed.
    package func inflated(_ input: UnsafeBufferPointer<UInt8>) throws(JSON.ParseError) -> [UInt8]? {
        guard inflatesGzip, Gzip.isCompressed(input) else { return nil }
        do throws(Gzip.Failure) {
            return try Gzip.inflate(input, maxBytes: min(maxDecompressedBytes, maxInputBytes))
        } catch .tooLarge where maxInputBytes < maxDecompressedBytes {
            throw JSON.ParseError(
                compressed: .inputTooLarge, at: 0, "the gzip data inflates to more than \(maxInputBytes) bytes (maxInputBytes)")
        } catch {
            throw error.parseError
        }
    }
}

extension Gzip.Failure {
    /// The failure as a parse error, at its offset in the compressed bytes.
    var parseError: JSON.ParseError {
        switch self {
        case .invalid(let message, let offset):
            return JSON.ParseError(compressed: .invalidCompressedData, at: offset, "invalid gzip data at compressed byte \(offset): \(message)")
        case .tooLarge(let limit):
            return JSON.ParseError(
                compressed: .decompressedTooLarge, at: 0, "the gzip data inflates to more than \(limit) bytes (maxDecompressedBytes)")
        }
    }
}
