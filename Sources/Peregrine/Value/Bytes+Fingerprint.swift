/// Length, first eight and last eight bytes of a key, mixed into one word.
func keyFingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var first: UInt64 = 0
    var last: UInt64 = 0
    let raw = UnsafeRawBufferPointer(bytes)
    if raw.count >= 8 {
        first = raw.loadUnaligned(as: UInt64.self)  // bounds proven: count >= 8
        last = raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self)  // bounds proven
    } else {
        for byte in bytes { first = first << 8 | UInt64(byte) }
    }
    let mixed = (first &* 0x9E37_79B9_7F4A_7C15) ^ (last &* 0xBF58_476D_1CE4_E5B9) ^ UInt64(truncatingIfNeeded: bytes.count)
    return (mixed ^ (mixed >> 31)) &* 0x94D0_49BB_1331_11EB
}
