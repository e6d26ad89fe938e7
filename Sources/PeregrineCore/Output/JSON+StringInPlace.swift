extension JSON {
    /// The UTF-8 of the `.string` value at `value`, read in place from the
    /// two words the standard library stores a `String` in, or `nil` where
    /// it cannot be (a string not stored contiguously, or a standard
    /// library that stores strings otherwise): then read the `String`.
    ///
    /// The value writer writes each string so, without making a `String`
    /// of it: reading one out of a value in memory costs a retain and a
    /// release (the memory could change under any call that follows),
    /// about a third of the time a short string takes to write.
    ///
    /// The words are read as the standard library lays them out on 64-bit
    /// platforms (its ABI on Apple platforms, and the same on Linux): a
    /// small string's bytes in the words themselves, its count in the top
    /// byte; a large one's count in the first word and, when its bytes are
    /// allocated with it, their address, less 32, in the second. The form
    /// is checked once, at run time, against strings the standard library
    /// made, stored in values (``readsStringsInPlace``), which callers
    /// test first: a standard library that stored them otherwise never
    /// gets here.
    ///
    /// The bytes stay where they are as long as the value does, unchanged:
    /// a small string's are in the value itself.
    ///
    /// ```swift
    /// var value = JSON.string("hello")
    /// if JSON.readsStringsInPlace {
    ///     withUnsafePointer(to: &value) { JSON.stringUTF8(inPlace: $0)?.count }   // 5
    /// }
    /// ```
    ///
    /// - Precondition: ``readsStringsInPlace``, and `value` is a `.string`.
    @inline(__always)
    static func stringUTF8(inPlace value: UnsafePointer<JSON>) -> UnsafeBufferPointer<UInt8>? {
        #if _pointerBitWidth(_64) && _endian(little)
        return storedStringUTF8(words: UnsafeRawPointer(value))
        #else
        return nil
        #endif
    }

    /// ``stringUTF8(inPlace:)`` for the string of the object key at `key`.
    ///
    /// - Precondition: ``readsStringsInPlace``.
    @inline(__always)
    static func keyUTF8(inPlace key: UnsafePointer<ScalarKey>) -> UnsafeBufferPointer<UInt8>? {
        #if _pointerBitWidth(_64) && _endian(little)
        return storedStringUTF8(words: UnsafeRawPointer(key))
        #else
        return nil
        #endif
    }

    /// Whether ``stringUTF8(inPlace:)`` and ``keyUTF8(inPlace:)`` read
    /// strings right here: checked once against small and large strings,
    /// ASCII and not, literal and made at run time, each stored in a value
    /// and in a key.
    static var readsStringsInPlace: Bool {
        #if _pointerBitWidth(_64) && _endian(little)
        return stringInPlaceHolds
        #else
        return false
        #endif
    }
}

#if _pointerBitWidth(_64) && _endian(little)
/// ``JSON/stringUTF8(inPlace:)`` without the check: the bytes of the
/// `String` whose two words are at `words`, or `nil` for a large string
/// whose bytes are not allocated with it.
@inline(__always)
private func storedStringUTF8(words: UnsafeRawPointer) -> UnsafeBufferPointer<UInt8>? {
    let (countAndFlags, object) = (words.loadUnaligned(as: UInt64.self), words.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    // bounds proven: the layout read here was checked against strings the standard library made (stringInPlaceHolds)
    if object & 1 << 61 != 0 {  // small: up to 15 bytes in the words, the count in the top byte
        return UnsafeBufferPointer(start: words.assumingMemoryBound(to: UInt8.self), count: Int(truncatingIfNeeded: object >> 56 & 0xF))
    }
    guard countAndFlags & 1 << 60 != 0 else { return nil }  // not tail-allocated
    let start = UnsafePointer<UInt8>(bitPattern: UInt(truncatingIfNeeded: (object & 0x0FFF_FFFF_FFFF_FFFF) &+ 32))
    return UnsafeBufferPointer(start: start, count: Int(truncatingIfNeeded: countAndFlags & 0xFFFF_FFFF_FFFF))
}

/// ``JSON/readsStringsInPlace``, checked once.
private let stringInPlaceHolds: Bool = {
    let made = String(decoding: Array(repeating: UInt8(ascii: "x"), count: 40), as: UTF8.self)
    let samples = ["", "a", "abcdefghijklmno", "é", "ééééééé", "a literal string of more than fifteen bytes", "日本語のテキスト", made, made + "é"]
    guard MemoryLayout<String>.size == 16, MemoryLayout<ScalarKey>.offset(of: \ScalarKey.string) == 0 else { return false }
    return samples.allSatisfy { sample in
        var (value, key) = (JSON.string(sample), ScalarKey(sample))
        let inValue = withUnsafePointer(to: &value) { storedStringUTF8(words: UnsafeRawPointer($0))?.elementsEqual(sample.utf8) }
        let inKey = withUnsafePointer(to: &key) { storedStringUTF8(words: UnsafeRawPointer($0))?.elementsEqual(sample.utf8) }
        return inValue == true && inKey == true
    }
}()
#endif
