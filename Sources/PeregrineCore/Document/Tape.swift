#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A document's tape: its ``TapeEntry``s in memory of its own, written once
/// by the scanner (or by flattening a value) and only read after that.
///
/// Appending an entry, once per value while scanning, is a capacity check
/// and a store, without the uniqueness check and write-back of an `Array`
/// mutation. The memory grows with `realloc`, which moves a large block's
/// pages instead of copying them, and the document keeps this tape as it
/// is: no copy at the end, so a parse's peak memory is the tape itself.
///
/// It is a class so that it is never copied, and `@unchecked Sendable`
/// because it is only mutated before the document that holds it exists.
final class Tape: @unchecked Sendable {
    private var base: UnsafeMutablePointer<TapeEntry>
    /// How many entries fit before the next growth.
    private(set) var capacity: Int
    private(set) var count = 0

    /// An empty tape with room for `capacity` entries (at least one).
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = Self.allocate(nil, self.capacity)
    }

    deinit {
        free(base)
    }

    private static func allocate(_ old: UnsafeMutablePointer<TapeEntry>?, _ capacity: Int) -> UnsafeMutablePointer<TapeEntry> {
        let bytes = capacity.multipliedReportingOverflow(by: MemoryLayout<TapeEntry>.stride)
        // An entry per input byte at most, and inputs are below 4 GiB: this
        // fails only when memory is exhausted, as an Array's growth would.
        guard !bytes.overflow, let raw = realloc(old, bytes.partialValue) else { fatalError("out of memory for a tape of \(capacity) entries") }
        return raw.bindMemory(to: TapeEntry.self, capacity: capacity)
    }

    @inline(__always)
    func append(_ entry: TapeEntry) {
        if count == capacity { grow() }
        (base + count).initialize(to: entry)  // bounds proven: count < capacity after grow()
        count &+= 1  // below capacity, an allocation's count: no overflow
    }

    @inline(never)
    private func grow() {
        capacity *= 2
        base = Self.allocate(base, capacity)
    }

    /// The entry at `index`, which must be below `count`.
    subscript(index: Int) -> TapeEntry {
        @inline(__always) get {
            precondition(index >= 0 && index < count, "tape index out of range")
            return base[index]  // bounds proven by the precondition
        }
        @inline(__always) set {
            precondition(index >= 0 && index < count, "tape index out of range")
            base[index] = newValue  // bounds proven by the precondition
        }
    }

    var first: TapeEntry? { count > 0 ? base.pointee : nil }

    /// The entries in place, for a reader that holds the tape and appends
    /// nothing while it reads (the ``Materializer``): valid while both hold.
    var entries: UnsafeBufferPointer<TapeEntry> { UnsafeBufferPointer(start: base, count: count) }

    /// Calls `body` with the entries, valid only during the call.
    func withUnsafeBufferPointer<Result, Failure>(
        _ body: (UnsafeBufferPointer<TapeEntry>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        defer { withExtendedLifetime(self) {} }
        return try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Removes every entry, keeping the memory (for a scanner that reads
    /// many documents into the tape of the last one, when nothing else
    /// holds it).
    func removeAll() {
        count = 0
    }

    /// Replaces every entry with `entries` (after repeated set elements are dropped).
    func replaceAll(with entries: [TapeEntry]) {
        removeAll()
        for entry in entries { append(entry) }
    }
}
