/// A reference that does not keep its object alive: copying one counts no
/// reference, so a struct that holds only these is copied as plain bytes.
///
/// For a value that generic code copies on every call, as the standard
/// library's `KeyedDecodingContainer` box copies its container: a strong
/// reference there costs a retain and a release per call (1.1M
/// instructions of a 16.6M `Codable` decode of twitter.json).
///
/// Whoever makes one promises that the object outlives every copy
/// (``KeptKeyedContainer`` and ``OutlivingContainers`` keep that promise
/// for keyed containers). Debug builds check it: there the reference is
/// `unowned`, which traps when read after its object is gone.
///
/// ```swift
/// let owner = Storage()                      // kept alive elsewhere
/// let reference = BorrowedReference(owner)
/// let count = reference.withObject { $0.count }
/// ```
struct BorrowedReference<Referent: AnyObject> {
    #if DEBUG
    private unowned let object: Referent
    #else
    private let object: Unmanaged<Referent>
    #endif

    /// A reference to `object`, which the caller keeps alive for as long
    /// as any copy of this reference is read.
    init(_ object: Referent) {
        #if DEBUG
        self.object = object
        #else
        self.object = Unmanaged.passUnretained(object)
        #endif
    }

    /// Runs `body` with the object, borrowed for the call: no reference is
    /// counted, and members read through it in `body` need none either.
    @inline(__always)
    func withObject<Result>(_ body: (Referent) throws -> Result) rethrows -> Result {
        #if DEBUG
        try body(object)
        #else
        // The maker keeps the object alive while copies of this are read (above).
        try object._withUnsafeGuaranteedRef(body)
        #endif
    }
}
