extension UnsafeMutablePointer {
    /// A copy of the first `count` elements of `self` in room for
    /// `capacity`, for memory a class owns and grows by hand; frees `self`.
    ///
    /// ```swift
    /// stamps = stamps.grown(count: capacity, to: capacity * 2)
    /// ```
    func grown(count: Int, to capacity: Int) -> UnsafeMutablePointer {
        let grown = UnsafeMutablePointer.allocate(capacity: capacity)
        grown.moveInitialize(from: self, count: count)
        deallocate()
        return grown
    }
}

extension UnsafeMutablePointer where Pointee: BitwiseCopyable {
    /// A copy of the first `count` elements of `self` in room for
    /// `capacity`, copied with ``UnsafeMutableRawPointer/vectorCopy(from:byteCount:)``;
    /// frees `self`.
    ///
    /// ```swift
    /// output = output.grown(count: count, to: count * 2)
    /// ```
    func grown(count: Int, to capacity: Int) -> UnsafeMutablePointer {
        let grown = UnsafeMutablePointer.allocate(capacity: capacity)
        UnsafeMutableRawPointer(grown).vectorCopy(from: self, byteCount: count * MemoryLayout<Pointee>.stride)
        deallocate()
        return grown
    }
}
