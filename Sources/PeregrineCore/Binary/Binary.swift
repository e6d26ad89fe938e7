/// Peregrine's compact binary format: every JSON value without loss, plus
/// dates, data, URLs, UUIDs, decimals, sets, dictionaries with any keys,
/// typed records and shared values. Safe to read from anyone: every read is
/// bounds-checked and ``Binary/DecodingLimits`` bound what a file can make a
/// reader allocate. The format is specified in `docs/BinaryFormat.md`.
///
/// ```swift
/// let packed: [UInt8] = try Binary.Encoder().encode(model)
/// let back = try Binary.Decoder().decode(Timeline.self, from: packed)
/// let value = try Binary.Value(decoding: packed)
/// ```
public enum Binary {}

extension Binary {
    /// The first bytes of every file: `\x89PGB`.
    static let magic = InputSignature.binaryMagic
    /// The major version this library reads and writes.
    static let majorVersion: UInt8 = 1
    /// The newest minor version this library reads (and the one it writes).
    static let minorVersion: UInt8 = 0

    /// The tag byte that starts each value.
    enum Tag: UInt8 {
        case null = 0x00, `false`, `true`, int, uint, double, numberText, string, array, object
        case date, data, url, uuid, decimal, set, dictionary, record, shared, reference
    }

    /// Whether `bytes` start with the format's magic.
    ///
    /// ```swift
    /// Binary.isBinary(try Binary.Value.string("a").encoded())   // true
    /// ```
    public static func isBinary(_ bytes: some Collection<UInt8>) -> Bool { bytes.starts(with: magic) }
}
