import NIOCore
import Peregrine

extension JSON.Decoder {
    /// Decodes a value from the readable bytes of a `ByteBuffer`, with the
    /// same rules and errors as decoding from `[UInt8]`.
    ///
    /// ```swift
    /// let user = try JSON.Decoder().decode(User.self, from: buffer)
    /// ```
    ///
    /// The bytes are parsed and decoded where they are, in the buffer's
    /// storage: nothing is copied (but gzip input, inflated first, and
    /// UTF-16 or UTF-32, read as UTF-8 first), as swift-nio's
    /// `JSONDecoder.decode(_:from:)` hands Foundation's decoder the buffer's
    /// bytes without a copy. The buffer's reader index stays.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for invalid JSON (its
    ///   underlying error is the `JSON.ParseError`), and the other
    ///   `DecodingError`s for values that don't fit the model.
    public func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
        try buffer.withUnsafeReadableBytes { try decode(type, from: $0) }
    }
}
