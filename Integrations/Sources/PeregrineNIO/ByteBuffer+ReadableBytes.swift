import NIOCore

extension ByteBuffer {
    /// Runs `body` over the readable bytes in place, keeping `body`'s error
    /// type (`withUnsafeReadableBytes` rethrows as `any Error`).
    func withReadableBytes<Value, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        try withUnsafeReadableBytes { raw in Result { () throws(Failure) in try body(raw) } }.get()
    }
}
