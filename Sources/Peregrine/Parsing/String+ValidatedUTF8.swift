extension String {
    /// A string of `bytes`, which are known to be well-formed UTF-8: the
    /// raw bytes of a string entry without ``TapeEntry/needsDecoding``,
    /// which the scanner validated (or which came from a Swift `String`).
    /// The standard library then copies them without validating them a
    /// second time: about 10 instructions a byte saved on non-ASCII text.
    /// Before Swift 6.2 (and its OS releases) this validates, as
    /// `String(decoding:as:)` does.
    ///
    /// Ill-formed bytes here would break `String`'s invariants, so nothing
    /// else may call it: bytes that loose Unicode let through carry
    /// ``TapeEntry/needsDecoding`` and are repaired instead.
    @inline(never)  // a call is little beside the copy, and keeps callers' loops as they were
    init(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        #if compiler(>=6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            self.init(copying: UTF8Span(unchecked: bytes.span))
            return
        }
        #endif
        self.init(decoding: bytes, as: UTF8.self)
    }
}
