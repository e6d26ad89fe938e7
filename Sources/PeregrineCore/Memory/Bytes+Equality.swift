/// Whether two byte buffers hold the same bytes, compared a word at a time
/// (the generic `elementsEqual` goes one byte at a time). The first and
/// last words (which overlap in buffers under 16 bytes) are compared
/// together, with one branch, and any words between them in a loop; short
/// buffers are compared as one 4-, 2- or 1-byte load from each end.
@inline(__always)
func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    let left = UnsafeRawBufferPointer(a)
    let right = UnsafeRawBufferPointer(b)
    let count = left.count
    // Each load reads its width at an offset in 0...count - width (bounds proven by the branch taken).
    if count >= 8 {
        var differences = (left.loadUnaligned(as: UInt64.self) ^ right.loadUnaligned(as: UInt64.self))
            | (left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) ^ right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        var offset = 8
        while differences == 0, offset &+ 8 < count {  // offset < count, a buffer's size: no overflow
            differences = left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
        return differences == 0
    }
    if count >= 4 {
        return (left.loadUnaligned(as: UInt32.self) ^ right.loadUnaligned(as: UInt32.self))
            | (left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) ^ right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) == 0
    }
    if count >= 2 {
        return left.loadUnaligned(as: UInt16.self) == right.loadUnaligned(as: UInt16.self)
            && left.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
                == right.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
    }
    return count == 0 || left[0] == right[0]
}
