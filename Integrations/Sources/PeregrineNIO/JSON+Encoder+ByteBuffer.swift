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
    /// The bytes go from the encoder's own memory, where they were written,
    /// into the buffer's storage, once; no array is made for them.
    ///
    /// - Throws: The `EncodingError`s of `encode(_:)`;
    ///   nothing is written to `buffer` then.
    @discardableResult
    public func encode<T: Encodable>(_ value: T, into buffer: inout ByteBuffer) throws -> Int {
        try withEncodedBytes(of: value) { buffer.writeBytes($0) }
    }
}
