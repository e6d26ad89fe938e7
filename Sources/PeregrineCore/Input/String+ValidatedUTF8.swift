extension String {
    /// A string of `bytes`, which are known to be well-formed UTF-8: the
    /// raw bytes of a string entry without ``TapeEntry/needsDecoding``,
    /// which the scanner validated (or which came from a Swift `String`),
    /// or the decoded escapes of one without ``TapeEntry/illFormedUTF8``.
    /// Whether they are ASCII is found by reading them; most string
    /// entries tell it without reading (``TapeEntry/knownASCII``,
    /// ``init(validatedUTF8:isASCII:)``).
    ///
    /// Ill-formed bytes here would break `String`'s invariants, so nothing
    /// else may call it: bytes that loose Unicode let through carry
    /// ``TapeEntry/illFormedUTF8`` and are repaired instead.
    @inline(never)  // a call is little beside the copy, and keeps callers' loops as they were
    init(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        self.init(validatedUTF8: bytes, isASCII: PeregrineCore.isASCII(bytes))
    }

    /// ``init(validatedUTF8:)`` for `bytes` known to be ASCII when `isASCII`
    /// is `true`, and known not to be when it is `false` (ASCII bytes told
    /// `false` would still make a correct string, only one not marked
    /// ASCII). They are copied without being validated a second time
    /// (which costs most on text above ASCII), and ASCII is marked as
    /// validation would have marked it, so that hashing and comparing the
    /// string take their fast paths. ASCII text of up to 15 bytes is
    /// written straight into the string (`init(smallASCII:)`), or where
    /// that cannot be, built in place, where the standard library only
    /// checks that it is ASCII.
    /// Before Swift 6.2 (and its OS releases) this validates, as
    /// `String(decoding:as:)` does.
    @inline(never)  // a call is little beside the copy, and keeps callers' loops as they were
    init(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>, isASCII ascii: Bool) {
        assert(!ascii || PeregrineCore.isASCII(bytes), "init(validatedUTF8:isASCII:) told ASCII of bytes above it")
        if ascii, bytes.count <= 15 {
            if let small = String(smallASCII: bytes) {
                self = small
                return
            }
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

/// Whether every one of `bytes` is ASCII: their high bits ORed together,
/// eight bytes at a time and the last eight overlapping, or four and the
/// last four for shorter text, without a branch per word (most text is
/// ASCII, so stopping early at a high bit seldom saves anything).
@inline(__always)  // called once per string: a call showed in profiles
private func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let raw = UnsafeRawBufferPointer(bytes)
    let count = raw.count
    if count >= 8 {
        // bounds proven: count - 8 >= 0, and position + 8 < count in the loop
        var any = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        var position = 0
        while position &+ 8 < count {  // position < count: no overflow
            any |= raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            position &+= 8
        }
        return any & 0x8080_8080_8080_8080 == 0
    }
    if count >= 4 {
        // bounds proven: 4 <= count < 8
        let any = raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self) | raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        return any & 0x8080_8080 == 0
    }
    var any: UInt8 = 0
    for position in 0..<count { any |= raw[position] }  // bounds proven: position < count
    return any < 0x80
}
