import NIOCore
import Peregrine

extension ByteBuffer {
    /// Appends a JSON value as UTF-8 JSON text, returning the number of bytes
    /// written.
    ///
    /// ```swift
    /// var buffer = ByteBuffer()
    /// try buffer.writeJSON(["ok": true, "items": [1, 2, 3]])
    /// try buffer.writeJSON(value, options: [.prettyPrinted, .sortedKeys])
    /// ```
    ///
    /// The writer fills its own array, which is then copied into the buffer
    /// once.
    ///
    /// - Throws: `JSON.SerializationError` as `serialized(options:)`
    ///   does; nothing is written to the buffer then.
    @discardableResult
    public mutating func writeJSON(_ value: JSON, options: JSON.SerializationOptions = []) throws(JSON.SerializationError) -> Int {
        writeBytes(try value.serialized(options: options))
    }
}
