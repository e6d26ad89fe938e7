/// The first and last eight bytes of a key (fewer than eight: all of them,
/// in `first`), which with its length are the whole key when it has at
/// most 16 bytes.
struct KeyWords: Equatable, Sendable {
    var first: UInt64
    var last: UInt64

    init(first: UInt64, last: UInt64) {
        self.first = first
        self.last = last
    }

    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let raw = UnsafeRawBufferPointer(bytes)
        if raw.count >= 8 {
            first = raw.loadUnaligned(as: UInt64.self)  // bounds proven: count >= 8
            last = raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self)  // bounds proven
        } else {
            first = 0
            last = 0
            for byte in bytes { first = first << 8 | UInt64(byte) }
        }
    }

    /// The words and the key's byte `count`, mixed into one word (its high bits are the best mixed).
    @inline(__always)
    func fingerprint(count: Int) -> UInt64 {
        let mixed = (first &* 0x9E37_79B9_7F4A_7C15) ^ (last &* 0xBF58_476D_1CE4_E5B9) ^ UInt64(truncatingIfNeeded: count)
        return (mixed ^ (mixed >> 31)) &* 0x94D0_49BB_1331_11EB
    }
}

/// Length, first eight and last eight bytes of a key, mixed into one word.
func keyFingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    KeyWords(bytes).fingerprint(count: bytes.count)
}
