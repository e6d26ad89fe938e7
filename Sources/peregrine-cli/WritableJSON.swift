import Peregrine

/// What `format` and `minify` write: a whole input as a document, written
/// straight from its tape without building a value (the same text, several
/// times faster), or a value — a JSON Lines line, a streamed element.
protocol WritableJSON {
    func serialized(options: JSON.SerializationOptions) throws -> [UInt8]
    func serialize(options: JSON.SerializationOptions, to write: ([UInt8]) throws -> Void) throws
}

extension JSON: WritableJSON {}

extension JSON.Document: WritableJSON {}
