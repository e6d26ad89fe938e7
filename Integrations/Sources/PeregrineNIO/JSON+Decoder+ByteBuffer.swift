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
    /// The bytes are copied once, into the array the parsed document keeps
    /// (Foundation's `JSONDecoder` copies a buffer into `Data` the same way).
    ///
    /// - Throws: `DecodingError.dataCorrupted` for invalid JSON (its
    ///   underlying error is the `JSON.ParseError`), and the other
    ///   `DecodingError`s for values that don't fit the model.
    public func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
        try decode(type, from: Array(buffer.readableBytesView))
    }
}
