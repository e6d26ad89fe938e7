import NIOCore
import Peregrine

extension JSON {
    /// Parses the readable bytes of a `ByteBuffer` where they are: nothing is
    /// copied before the value is built, and the buffer's reader index stays.
    ///
    /// ```swift
    /// let value = try JSON(parsing: request.body)
    /// let id = value["user"]["id"].int
    /// ```
    ///
    /// gzip bytes (starting with `1f 8b`) are inflated first, as for any
    /// other input.
    ///
    /// - Throws: `JSON.ParseError` with the kind and position of the first problem.
    public init(parsing buffer: ByteBuffer, options: ParseOptions = .init()) throws(ParseError) {
        self = try buffer.withReadableBytes { raw throws(ParseError) in try JSON(parsing: raw, options: options) }
    }
}

extension JSON.Document {
    /// Parses the readable bytes of a `ByteBuffer`. The bytes are checked
    /// where they are and copied once, when they are valid: a document keeps
    /// its own bytes, so that its strings can stay slices of them.
    ///
    /// ```swift
    /// let doc = try JSON.Document(parsing: buffer)
    /// let count = doc.root["statuses"].count
    /// ```
    ///
    /// - Throws: `JSON.ParseError` with the kind and position of the first problem.
    public init(parsing buffer: ByteBuffer, options: JSON.ParseOptions = .init()) throws(JSON.ParseError) {
        self = try buffer.withReadableBytes { raw throws(JSON.ParseError) in try JSON.Document(parsing: raw, options: options) }
    }
}
