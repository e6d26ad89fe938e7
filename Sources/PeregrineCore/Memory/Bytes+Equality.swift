/// Whether two byte buffers hold the same bytes, compared 16 bytes at a
/// time (the generic `elementsEqual` goes one byte at a time). Beyond 16
/// bytes, the first and last 16 (which overlap under 32) are compared
/// together, and any between them in a loop; 8 to 16 bytes as the first
/// and last eight; shorter buffers as one 4-, 2- or 1-byte load from each
/// end.
@inline(__always)
func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    let left = UnsafeRawBufferPointer(a)
    let right = UnsafeRawBufferPointer(b)
    let count = left.count
    // Each load reads its width at an offset in 0...count - width (bounds proven by the branch taken).
    if count >= 8 {
        guard count > 16 else {
            return (left.loadUnaligned(as: UInt64.self) ^ right.loadUnaligned(as: UInt64.self))
                | (left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) ^ right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) == 0
        }
        var differences = (left.loadUnaligned(as: SIMD16<UInt8>.self) ^ right.loadUnaligned(as: SIMD16<UInt8>.self))
            | (left.loadUnaligned(fromByteOffset: count - 16, as: SIMD16<UInt8>.self) ^ right.loadUnaligned(fromByteOffset: count - 16, as: SIMD16<UInt8>.self))
        var offset = 16
        while offset &+ 16 < count {  // offset < count, a buffer's size: no overflow
            let lanes = unsafeBitCast(differences, to: SIMD2<UInt64>.self)
            guard lanes[0] | lanes[1] == 0 else { return false }
            differences = left.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self) ^ right.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
            offset &+= 16
        }
        let lanes = unsafeBitCast(differences, to: SIMD2<UInt64>.self)
        return lanes[0] | lanes[1] == 0
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
