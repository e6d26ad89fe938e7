/// A coding key that is a plain value (a `CodingKeys` enum, say) kept as
/// its type and its bytes: stored and overwritten without the existential's
/// copy, retain and destroy, for the coding paths of an encode that keeps
/// the key of every nested member and reads one only for an error.
///
/// ```swift
/// enum Keys: String, CodingKey { case id }
/// let stored = PlainCodingKey(Keys.id)   // nil for a key holding references
/// stored?.key.stringValue                // "id"
/// ```
struct PlainCodingKey: BitwiseCopyable {
    private let type: any CodingKey.Type
    private var bits: (UInt64, UInt64) = (0, 0)

    /// `key` kept bitwise; `nil` when its type holds references or is larger than 16 bytes.
    @inline(__always)
    init?<Key: CodingKey>(_ key: Key) {
        guard _isPOD(Key.self), MemoryLayout<Key>.size <= MemoryLayout<(UInt64, UInt64)>.size else { return nil }
        type = Key.self
        // bounds proven: at most 16 bytes (the guard); `_isPOD`, read at run time: no references, a byte copy is a copy
        withUnsafeMutableBytes(of: &bits) { bytes in withUnsafeBytes(of: key) { bytes.copyMemory(from: $0) } }
    }

    /// The key, as it was given.
    var key: any CodingKey { type.loadPlain(from: bits) }
}

extension CodingKey {
    /// The key of this type ``PlainCodingKey`` kept in `bits`.
    fileprivate static func loadPlain(from bits: (UInt64, UInt64)) -> any CodingKey {
        // bounds proven: written from a key of this type, at most 16 bytes, a plain value
        withUnsafeBytes(of: bits) { $0.loadUnaligned(as: Self.self) }
    }
}
