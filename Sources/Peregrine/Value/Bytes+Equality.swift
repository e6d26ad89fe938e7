/// Whether two byte buffers hold the same bytes, compared eight at a time
/// (the generic `elementsEqual` goes one byte at a time).
func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    let left = UnsafeRawBufferPointer(a)
    let right = UnsafeRawBufferPointer(b)
    var offset = 0
    while offset + 8 <= left.count {
        // bounds proven: offset + 8 <= count for both buffers
        guard left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        else { return false }
        offset += 8
    }
    while offset < left.count {
        guard left[offset] == right[offset] else { return false }  // bounds proven by the loop
        offset += 1
    }
    return true
}
