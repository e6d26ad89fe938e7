extension String {
    /// The string of at most 15 ASCII `bytes`, written straight into the
    /// two words of a `String` as the standard library stores such a
    /// string in place (its "small" form: the bytes in order, then the
    /// count and an ASCII flag in the last byte), or `nil` where that form
    /// is not the one described here.
    ///
    /// The standard library's own way, `init(unsafeUninitializedCapacity:)`,
    /// fills a buffer through a closure and checks it again, which this
    /// skips for every short string a parse makes.
    ///
    /// The form is part of the standard library's ABI on Apple platforms
    /// and the same on Linux, and is checked at run time anyway, once,
    /// against strings the standard library made (``smallASCIIFormHolds``):
    /// a standard library that stored them otherwise gets `nil`, never a
    /// broken string.
    ///
    /// `formHolds` is ``smallASCIIFormHolds``, which a caller that makes
    /// many strings reads once and passes: each read of the global is a
    /// call that checks it is set.
    ///
    /// - Precondition: `bytes` are ASCII (checked in debug builds).
    @inline(__always)
    init?(smallASCII bytes: UnsafeBufferPointer<UInt8>, formHolds: Bool = smallASCIIFormHolds) {
        #if _pointerBitWidth(_64) && _endian(little)
        guard bytes.count <= 15, formHolds else { return nil }
        self = Self(smallASCIIWords: smallASCIIWords(bytes))
        #else
        return nil
        #endif
    }
}

#if _pointerBitWidth(_64) && _endian(little)
extension String {
    /// The string whose two words are `words` (see ``smallASCIIWords(_:)``).
    /// Moved out of the words' memory, not copied as `unsafeBitCast` would:
    /// a copy is a retain of whatever object a `String` may hold, a call
    /// for every string (a small one holds none).
    @inline(__always)
    fileprivate init(smallASCIIWords words: (UInt64, UInt64)) {
        var words = words
        // Two plain words are laid out as a `String` is (checked with `smallASCIIFormHolds`). The
        // pointer is never indexed, so it needs no stack canary, which `withUnsafeMutablePointer`
        // would add to every function this inlines into.
        self = _withUnprotectedUnsafeMutablePointer(to: &words) { $0.withMemoryRebound(to: String.self, capacity: 1) { $0.move() } }
    }
}

/// The two words of the small `String` of `bytes`, at most 15 ASCII bytes:
/// the first eight in the first word, the rest in the second, whose last
/// byte is 0xE0 (a small ASCII string) plus the count. Each byte is read
/// once or twice by loads that overlap, not one at a time.
@inline(__always)
private func smallASCIIWords(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
    let raw = UnsafeRawBufferPointer(bytes)
    let count = raw.count
    var low: UInt64 = 0
    var high: UInt64 = 0
    // bounds proven: every load below starts at 0 or count - width, with count >= width
    if count >= 8 {
        low = raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        if count > 8 {
            // Bytes count - 8 ..< count, shifted so that byte 8 is lowest (a shift of 8 to 56 bits).
            high = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) &>> UInt64((16 &- count) &* 8)
        }
    } else if count >= 4 {
        let first = UInt64(raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
        let last = UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
        low = first | last &<< UInt64((count &- 4) &* 8)
    } else if count > 0 {
        // Bytes 0, count / 2 and count - 1 are all of one to three bytes.
        let middle = count &>> 1
        low = UInt64(raw[0]) | UInt64(raw[middle]) &<< UInt64(middle &* 8) | UInt64(raw[count &- 1]) &<< UInt64((count &- 1) &* 8)
    }
    assert((low | high) & 0x8080_8080_8080_8080 == 0, "init(smallASCII:) given a byte above ASCII")
    high |= (0xE0 | UInt64(count)) &<< 56
    return (low, high)
}

/// Whether the standard library stores ASCII strings of up to 15 bytes in
/// the form ``smallASCIIWords(_:)`` writes: checked once, for every count,
/// against the words of strings it made itself.
///
/// ```swift
/// let small = String(smallASCII: bytes, formHolds: smallASCIIFormHolds)
/// ```
let smallASCIIFormHolds: Bool = {
    let text = Array("abcdefghijklmno".utf8)
    return text.withUnsafeBufferPointer { text in
        (0...15).allSatisfy { count in
            let prefix = UnsafeBufferPointer(rebasing: text[..<count])
            let made = String(decoding: prefix, as: UTF8.self)
            guard MemoryLayout<String>.size == 16, made.utf8.count == count else { return false }
            let words = unsafeBitCast(made, to: (UInt64, UInt64).self)
            let written = smallASCIIWords(prefix)
            return words.0 == written.0 && words.1 == written.1
        }
    }
}()
#else
/// Never: only 64-bit little-endian strings are written in place.
let smallASCIIFormHolds = false
#endif
