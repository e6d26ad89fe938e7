/// The input bytes a ``JSON/Document`` reads: an array the document keeps,
/// or memory its caller lends for one call. ``JSON/Decoder`` decodes bytes
/// it is lent (a server's request buffer) through a document that lives
/// only as long as the decode, so that it never copies bytes it reads once;
/// every document that outlives the call that made it keeps an array.
///
/// ```swift
/// let kept = DocumentBytes(Array("[1]".utf8))
/// let count = kept.withUnsafeBufferPointer { $0.count }   // 3
/// ```
struct DocumentBytes: @unchecked Sendable {
    // @unchecked: lent memory is read only, and only during the call that lent it.
    private let kept: [UInt8]
    private let lent: UnsafeBufferPointer<UInt8>?

    /// Bytes the document keeps.
    init(_ kept: [UInt8]) {
        self.kept = kept
        lent = nil
    }

    /// Memory the caller owns and leaves unchanged until the document is
    /// gone, which must be before the call that lent the memory returns.
    init(lending memory: UnsafeBufferPointer<UInt8>) {
        kept = []
        lent = memory
    }

    /// Calls `body` with the bytes.
    @inline(__always)
    func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if let lent { return try body(lent) }
        return try kept.withUnsafeBufferPointer(body)
    }
}
