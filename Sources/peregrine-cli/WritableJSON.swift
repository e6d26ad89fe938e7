import Peregrine

/// What `format` and `minify` write: a whole input as a document, written
/// straight from its tape without building a value (the same text, several
/// times faster, with each number as written), a streamed element or JSON
/// Lines line as a node or document of its own, or a value (a decoded
/// binary file, a patched file).
protocol WritableJSON {
    /// The whole text at once (for colouring).
    func text(options: JSON.SerializationOptions) throws -> [UInt8]
    func serialize(options: JSON.SerializationOptions, to write: ([UInt8]) throws -> Void) throws
}

extension JSON: WritableJSON {
    func text(options: JSON.SerializationOptions) throws -> [UInt8] { try serialized(options: options) }
}

extension JSON.Document: WritableJSON {
    func text(options: JSON.SerializationOptions) throws -> [UInt8] { try serialized(options: options) }
}

extension JSON.Document.Node: WritableJSON {
    /// A streamed element's node always exists: a missing one writes nothing.
    func text(options: JSON.SerializationOptions) throws -> [UInt8] { try serialized(options: options) ?? [] }
}
