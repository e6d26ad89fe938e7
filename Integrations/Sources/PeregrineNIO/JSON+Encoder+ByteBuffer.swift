import NIOCore
import Peregrine

extension JSON.Encoder {
    /// Encodes a value and appends its UTF-8 JSON to `buffer`, returning the
    /// number of bytes written.
    ///
    /// ```swift
    /// var buffer = ByteBufferAllocator().buffer(capacity: 1024)
    /// try JSON.Encoder().encode(user, into: &buffer)
    /// ```
    ///
    /// The encoder writes into its own array, which is then copied into the
    /// buffer once (as `ByteBuffer(bytes:)` would).
    ///
    /// - Throws: The `EncodingError`s of `encode(_:)`;
    ///   nothing is written to `buffer` then.
    @discardableResult
    public func encode<T: Encodable>(_ value: T, into buffer: inout ByteBuffer) throws -> Int {
        buffer.writeBytes(try encode(value) as [UInt8])
    }
}
