/// A binary encoder's writer as the sink of generated encoders, known by
/// its public name ``Binary/EncodingOutput``.
///
/// It is declared here, with the coding protocols, so that
/// ``DirectEncodable`` can name its entry point for binary files
/// (``DirectEncodable/encode(toBinary:)``) without naming the binary
/// layer's types: the encode's state is plugged in by `Binary/`, which
/// alone makes an output and gives it its writes (`Binary/Binary+EncodingOutput.swift`).
///
/// ```swift
/// func encode(toBinary output: Binary.EncodingOutput) throws {
///     try encode(generatedTo: output)
/// }
/// ```
public struct BinaryEncodingOutput {
    /// The encode's `BinaryEncodingState`, the only kind of object an
    /// output is made with (by `Binary/`, the layer that owns the type).
    @usableFromInline let engine: AnyObject
    /// Whether a value's type must be looked up before its encoder
    /// writes it, whatever the type: the registry names types, written as records.
    @usableFromInline let writesRecords: Bool

    init(engine: AnyObject, writesRecords: Bool) {
        self.engine = engine
        self.writesRecords = writesRecords
    }
}
