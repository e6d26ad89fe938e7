/// The first and last eight bytes of a key (fewer than eight: all of them,
/// in `first`, read as two overlapping four-byte words or as three single
/// bytes), which with its length are the whole key when it has at most 16
/// bytes.
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
        } else if raw.count >= 4 {
            // bounds proven: 4 <= count < 8
            first = UInt64(raw.loadUnaligned(as: UInt32.self)) | UInt64(raw.loadUnaligned(fromByteOffset: raw.count - 4, as: UInt32.self)) << 32
            last = 0
        } else if raw.count > 0 {
            // bounds proven: 0 < count < 4, so count / 2 and count - 1 are below it; the three cover every byte
            first = UInt64(raw[0]) | UInt64(raw[raw.count / 2]) << 8 | UInt64(raw[raw.count - 1]) << 16
            last = 0
        } else {
            first = 0
            last = 0
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
