/// Whether two byte buffers hold the same bytes, compared a word at a time
/// (the generic `elementsEqual` goes one byte at a time). The last word
/// overlaps the one before it, and short buffers are compared as one
/// 4-, 2- or 1-byte load from each end, so no byte is read twice in a loop.
@inline(__always)
func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    let left = UnsafeRawBufferPointer(a)
    let right = UnsafeRawBufferPointer(b)
    let count = left.count
    // Each load reads its width at an offset in 0...count - width (bounds proven by the branch taken).
    if count >= 8 {
        var offset = 0
        while offset &+ 8 < count {  // offset < count, a buffer's size: no overflow
            guard left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset &+= 8
        }
        return left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
    if count >= 4 {
        return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
            && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }
    if count >= 2 {
        return left.loadUnaligned(as: UInt16.self) == right.loadUnaligned(as: UInt16.self)
            && left.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
                == right.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
    }
    return count == 0 || left[0] == right[0]
}
