/// A document's tape: its ``TapeEntry``s in a ``GrowingBuffer`` of its
/// own, written once by the scanner (or by flattening a value) and only
/// read after that.
///
/// Appending an entry, once per value while scanning, is a capacity check
/// and a store, without the uniqueness check and write-back of an `Array`
/// mutation. The memory grows with `realloc`, which moves a large block's
/// pages instead of copying them, and the document keeps this tape as it
/// is: no copy at the end, so a parse's peak memory is the tape itself.
///
/// It is a class so that it is never copied, and `@unchecked Sendable`
/// because it is only mutated before the document that holds it exists
/// (but for ``documentIndexes``, set under a lock).
final class Tape: @unchecked Sendable {
    @exclusivity(unchecked) private var storage: GrowingBuffer<TapeEntry>
    /// The indexes of the document that holds the tape, once one was
    /// asked for; read and written only by ``DocumentIndexes/of(_:)``,
    /// under its lock.
    var documentIndexes: DocumentIndexes?

    /// An empty tape with room for `capacity` entries (at least one).
    init(capacity: Int) {
        storage = GrowingBuffer(capacity: capacity, reallocates: true)
    }

    /// How many entries fit before the next growth.
    var capacity: Int { storage.capacity }

    /// The entries a tape starts with for a document of `bytes` bytes.
    ///
    /// Real documents have one value per 8 (numbers) to 25 (text) bytes.
    /// One entry per 16 bytes makes the tape about as large as the input
    /// for text-heavy documents; number-dense ones grow it. A small
    /// document (a request's body, a line of JSON Lines) gets one per 2
    /// bytes and two more, as many as any JSON text holds (`[1,1]` has 3
    /// in 5 bytes), up to ``smallDocumentEntries``: growing a small tape
    /// (a reallocation and a copy) cost a compact 88-byte record a seventh
    /// of its parse, and the tape it grew to was no smaller.
    ///
    /// ```swift
    /// Tape.capacity(forDocumentOf: 88)       // 46
    /// Tape.capacity(forDocumentOf: 631_515)  // 39,470
    /// ```
    static func capacity(forDocumentOf bytes: Int) -> Int {
        max(bytes / 16 + 1, min(bytes / 2 + 2, smallDocumentEntries))
    }

    /// The most entries a small document's tape starts with: 992 bytes,
    /// below the 1 KiB requests at which glibc's `malloc` first merges
    /// the blocks freed since its last such request.
    static let smallDocumentEntries = 62

    /// How many entries were appended.
    var count: Int { storage.count }

    @inline(__always)
    func append(_ entry: TapeEntry) {
        storage.append(entry)
    }

    /// The entry at `index`, which must be below `count`.
    subscript(index: Int) -> TapeEntry {
        @inline(__always) get {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "tape index out of range")  // one compare: a negative index is a large UInt
            return storage[index]  // bounds proven by the precondition
        }
        @inline(__always) set {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "tape index out of range")  // one compare: a negative index is a large UInt
            storage[index] = newValue  // bounds proven by the precondition
        }
    }

    var first: TapeEntry? { count > 0 ? storage[0] : nil }

    /// The entries in place, for a reader that holds the tape and appends
    /// nothing while it reads (the ``Materializer``): valid while both hold.
    var entries: UnsafeBufferPointer<TapeEntry> { storage.elements }

    /// Calls `body` with the entries, valid only during the call.
    func withUnsafeBufferPointer<Result, Failure>(
        _ body: (UnsafeBufferPointer<TapeEntry>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        defer { withExtendedLifetime(self) {} }
        return try body(storage.elements)
    }

    /// Removes every entry, keeping the memory (for a scanner that reads
    /// many documents into the tape of the last one, when nothing else
    /// holds it).
    func removeAll() {
        storage.removeAll()
        documentIndexes = nil
    }

    /// Replaces every entry with `entries` (after repeated set elements are dropped).
    func replaceAll(with entries: [TapeEntry]) {
        removeAll()
        for entry in entries { append(entry) }
    }

    /// Stops the program when the tape is not a well-formed sequence of
    /// values: debug builds only (release builds compile nothing). Each
    /// container's children, skipped sibling by sibling, end at its end
    /// index and number its count (an object's as key, value pairs, its
    /// keys strings); the values, skipped so, end at ``count``; no string
    /// or decimal reaches past `inputCount` bytes when it is given. O(count).
    ///
    /// ```swift
    /// tape.checkInvariants(inputCount: input.count)
    /// ```
    @inline(__always)
    func checkInvariants(inputCount: Int? = nil) {
        #if DEBUG
        storage.checkInvariants()
        let entries = storage.elements
        // The containers open at `index`, innermost last (a loop, not a
        // recursion: nesting is bounded by the options, not by the stack).
        var open: [(index: Int, end: Int, children: Int)] = []
        for index in 0...entries.count {
            while let innermost = open.last, innermost.end == index {
                let container = entries[innermost.index]
                let expected = container.kind == .object ? 2 * container.count : container.count
                precondition(innermost.children == expected, "container \(innermost.index) counts its children")
                open.removeLast()
            }
            guard index < entries.count else { break }
            let entry = entries[index]
            precondition(UInt8(truncatingIfNeeded: entry.header >> 56) <= TapeEntry.Kind.decimal.rawValue, "entry \(index) has a kind")
            if let innermost = open.last {
                if entries[innermost.index].kind == .object, innermost.children % 2 == 0 {
                    precondition(entry.kind == .string, "key \(index) is a string")
                }
                open[open.count - 1].children += 1
            }
            switch entry.kind {
            case .string, .decimal:
                if let inputCount { precondition(entry.offset + entry.length <= inputCount, "entry \(index) lies within its input") }
            case .array, .object:
                precondition(entry.endIndex > index && entry.endIndex <= (open.last?.end ?? entries.count), "container \(index) ends within its parent")
                open.append((index, entry.endIndex, 0))
            default:
                break
            }
        }
        precondition(open.isEmpty, "every container ends within the tape")
        #endif
    }
}
