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
    /// The bytes go from the writer's own memory, where they were written,
    /// into the buffer's storage, once; no array is made for them.
    ///
    /// - Throws: `JSON.SerializationError` as `serialized(options:)`
    ///   does; nothing is written to the buffer then.
    @discardableResult
    public mutating func writeJSON(_ value: JSON, options: JSON.SerializationOptions = []) throws(JSON.SerializationError) -> Int {
        try value.withSerializedBytes(options: options) { writeBytes($0) }
    }
}
