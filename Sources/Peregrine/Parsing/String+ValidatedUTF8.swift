extension String {
    /// A string of `bytes`, which are known to be well-formed UTF-8: the
    /// raw bytes of a string entry without ``TapeEntry/needsDecoding``,
    /// which the scanner validated (or which came from a Swift `String`),
    /// or the decoded escapes of one without ``TapeEntry/illFormedUTF8``.
    /// They are copied without being validated a second time (about 10
    /// instructions a byte saved on text above ASCII), and marked ASCII when
    /// they are, as validation would have marked them, so that hashing and
    /// comparing the string take their fast paths. Short ASCII text is built
    /// in place, where the standard library only checks that it is ASCII.
    /// Before Swift 6.2 (and its OS releases) this validates, as
    /// `String(decoding:as:)` does.
    ///
    /// Ill-formed bytes here would break `String`'s invariants, so nothing
    /// else may call it: bytes that loose Unicode let through carry
    /// ``TapeEntry/illFormedUTF8`` and are repaired instead.
    @inline(never)  // a call is little beside the copy, and keeps callers' loops as they were
    init(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        let ascii = isASCII(bytes)
        if ascii, bytes.count <= 15 {
            self.init(unsafeUninitializedCapacity: bytes.count) { _ = $0.initialize(from: bytes); return bytes.count }
            return
        }
        #if compiler(>=6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            self.init(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: ascii))
            return
        }
        #endif
        self.init(decoding: bytes, as: UTF8.self)
    }
}

/// Whether every one of `bytes` is ASCII: sixteen at a time, then the
/// last eight (overlapping) or one at a time.
private func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let raw = UnsafeRawBufferPointer(bytes)
    let count = raw.count
    let high: UInt64 = 0x8080_8080_8080_8080
    var position = 0
    while position &+ 16 <= count {  // position < count: no overflow
        // bounds proven: position + 16 <= count
        let pair = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: position &+ 8, as: UInt64.self)
        guard pair & high == 0 else { return false }
        position &+= 16
    }
    if count >= 8 {
        // bounds proven: count - 8 >= 0 and position <= count
        let rest = position &+ 8 <= count ? raw.loadUnaligned(fromByteOffset: position, as: UInt64.self) : 0
        return (rest | raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) & high == 0
    }
    var any: UInt8 = 0
    while position < count {
        any |= raw[position]  // bounds proven: position < count
        position &+= 1
    }
    return any < 0x80
}
