/// Bytes a reader reads: an array it keeps, or memory its caller lends for
/// one call. ``JSON/Decoder`` decodes bytes it is lent (a server's request
/// buffer) through a ``JSON/Document`` that lives only as long as the
/// decode, and gzip input is inflated from where it lies, so that neither
/// copies bytes it reads once; every reader that outlives the call that
/// made it keeps an array.
///
/// ```swift
/// let kept = InputBytes(Array("[1]".utf8))
/// let count = kept.withUnsafeBufferPointer { $0.count }   // 3
/// ```
struct InputBytes: @unchecked Sendable {
    // @unchecked: lent memory is read only, and only during the call that lent it.
    private let kept: [UInt8]
    private let lent: UnsafeBufferPointer<UInt8>?

    /// Bytes the reader keeps.
    init(_ kept: [UInt8]) {
        self.kept = kept
        lent = nil
    }

    /// Memory the caller owns and leaves unchanged until the reader is
    /// gone, which must be before the call that lent the memory returns.
    init(lending memory: UnsafeBufferPointer<UInt8>) {
        kept = []
        lent = memory
    }

    /// How many bytes there are.
    var count: Int { lent?.count ?? kept.count }

    /// Calls `body` with the bytes.
    @inline(__always)
    func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if let lent { return try body(lent) }
        return try kept.withUnsafeBufferPointer(body)
    }
}
