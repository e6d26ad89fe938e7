/// A binary file's tape as the source of generated decoders, known by its
/// public name ``Binary/DecodingTape``.
///
/// It is declared here, with the coding protocols, so that
/// ``DirectDecodable`` can name its entry point for binary files
/// (``DirectDecodable/decode(fromBinary:at:)``) without naming the binary
/// layer's types: the decode's state is plugged in by `Binary/`, which
/// alone makes a tape and gives it its reads (`Binary/Binary+DecodingTape.swift`).
///
/// ```swift
/// static func decode(fromBinary source: Binary.DecodingTape, at index: Int) throws -> Self {
///     try Self(generatedFrom: source, at: index)
/// }
/// ```
public struct BinaryDecodingTape {
    /// The decode's `BinaryDecodingState`, the only kind of object a tape is
    /// made with (by `Binary/`, the layer that owns the type).
    @usableFromInline let engine: AnyObject
    /// Whether a value must be looked at before its type's decoder reads
    /// it, whatever its type: the registry names types, whose records are checked.
    @usableFromInline let checksRecords: Bool

    init(engine: AnyObject, checksRecords: Bool) {
        self.engine = engine
        self.checksRecords = checksRecords
    }
}
