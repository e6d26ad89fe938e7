#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain values (no references: they are never deinitialized) in memory
/// the buffer owns and grows by doubling: the one growable memory of the
/// library. The tape, the writers' output bytes (``OutputBuffer``), the
/// binary body, the frame stacks, the read buffers and the slots of every
/// ``SlotTable`` live in one.
///
/// A writer asks for room once per token — ``reserve(_:)`` returns where
/// the elements go — writes them through that pointer, and then moves the
/// end past them with ``advance(by:)``; a stack updates its ``last``
/// element in place. `[UInt8].append` checks capacity and uniqueness on
/// every byte instead, and `[Frame]` on every update. Noncopyable, so the
/// memory has one owner and is freed with it; a class that holds one marks
/// it `@exclusivity(unchecked)` when one thread uses it at a time.
///
/// A buffer may start in memory its caller lends (``init(borrowing:)``),
/// the scanner's frame stack in the scanner's stack frame.
///
/// The memory stays where it is until the buffer grows, so a pointer into
/// it (``pointer(at:)``) holds until the next call that may add room.
///
/// ```swift
/// var stack = GrowingBuffer<Int>()
/// stack.append(7)
/// stack.last.pointee += 1   // 8
/// stack.removeLast()
/// ```
struct GrowingBuffer<Element: BitwiseCopyable>: ~Copyable {
    /// The first element.
    private var start: UnsafeMutablePointer<Element>
    /// Where the next element goes, just past the last one written: an
    /// append is a compare with ``limit``, a store and an increment,
    /// without the multiply of `start + count`.
    private var end: UnsafeMutablePointer<Element>
    /// Just past the memory: the buffer grows when ``end`` reaches it.
    private var limit: UnsafeMutablePointer<Element>
    /// Where the memory comes from, and so how the buffer grows and frees
    /// it. One word, so that the buffer is four and is passed in
    /// registers: at five (a `Bool` and a reference apart), generic code
    /// passed it in memory with its type metadata, looked up each time a
    /// ``FrameStack`` (then a generic class) was released: 350 instructions a parse.
    private var memory: Memory
    #if DEBUG
    /// Just past the room the last ``reserve(_:)`` made, which
    /// ``advance(by:)`` checks it stays within (debug builds only: release
    /// builds keep the buffer at four words).
    private var reserved: UnsafeMutablePointer<Element>? = nil
    #endif

    /// See ``memory``.
    private enum Memory {
        /// `malloc`'s; the elements go to a new block as the buffer grows,
        /// with ``UnsafeMutableRawPointer/vectorCopy(from:byteCount:)``,
        /// which callgrind counts at far fewer instructions than `memcpy`.
        case copied
        /// `malloc`'s, handed to `realloc` as the buffer grows, which moves
        /// a large block's pages instead of copying them (for a tape, kept
        /// as it is however large).
        case reallocated
        /// The Swift array in an ``ArrayHolder`` (made by
        /// ``init(arrayCapacity:)``), retained by the buffer and released by
        /// its deinit; typed `AnyObject`, so that no stored property's type
        /// depends on `Element`.
        case array(Unmanaged<AnyObject>)
        /// The caller's (``init(borrowing:)``), which outlives the buffer
        /// and is never freed here; the first growth moves the elements
        /// to `malloc`'s, and the buffer is then ``copied``.
        case borrowed
    }

    /// Holds a buffer's array.
    private final class ArrayHolder {
        var array: [Element]

        init(_ array: [Element]) { self.array = array }
    }

    /// An empty buffer with room for `capacity` elements (at least one);
    /// `reallocates` chooses how it grows.
    init(capacity: Int = 16, reallocates: Bool = false) {
        let capacity = max(capacity, 1)
        memory = reallocates ? .reallocated : .copied
        start = Self.reallocate(nil, capacity)
        end = start
        limit = start + capacity
    }

    /// An empty buffer with room for `capacity` elements (at least one),
    /// in the memory of a Swift array, so that ``takeArray()`` can hand
    /// the elements over without copying them: the writers' output, whose
    /// copy to an array of its size cost a quarter of an instruction a
    /// byte (125,000 for citm_catalog's 500 KB). It grows as a buffer
    /// that does not reallocate does, into a new array.
    ///
    /// ```swift
    /// var output = GrowingBuffer<UInt8>(arrayCapacity: 1 << 15)
    /// output.append(7)
    /// let bytes = output.takeArray()   // [7]
    /// ```
    init(arrayCapacity capacity: Int) {
        let capacity = max(capacity, 1)
        let (array, base) = Self.newArray(capacity)
        memory = .array(.passRetained(ArrayHolder(array) as AnyObject))
        start = base
        end = start
        limit = start + capacity
    }

    /// An empty buffer in `storage` (at least one element), which the
    /// caller lends for the buffer's whole life (memory of a
    /// `withUnsafeTemporaryAllocation`, say): a buffer that usually stays
    /// small then costs no `malloc` and `free`. It moves to `malloc`'s
    /// memory when it outgrows `storage`, and never frees `storage`.
    ///
    /// ```swift
    /// withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { storage in
    ///     var stack = GrowingBuffer(borrowing: storage)
    ///     stack.append(7)
    /// }
    /// ```
    init(borrowing storage: UnsafeMutableBufferPointer<Element>) {
        if let base = storage.baseAddress, storage.count > 0 {
            memory = .borrowed
            start = base
            limit = base + storage.count
        } else {
            memory = .copied
            start = Self.reallocate(nil, 1)
            limit = start + 1
        }
        end = start
        checkInvariants()
    }

    deinit {
        switch memory {
        case .copied, .reallocated: free(start)
        case .array(let holder): holder.release()  // and with it the array, unless takeArray() took it
        case .borrowed: break  // the caller's
        }
    }

    /// An array of `capacity` elements and where they start. The array
    /// counts them all from the start, so that ``takeArray()`` need only
    /// drop those past ``count``: the buffer writes them before they are
    /// read, and the array is read only once it has dropped the rest.
    /// The address stays good while the buffer holds the array, which it
    /// neither copies (it is its only holder) nor changes but through it.
    private static func newArray(_ capacity: Int) -> ([Element], UnsafeMutablePointer<Element>) {
        var array = [Element](unsafeUninitializedCapacity: capacity) { _, initialized in initialized = capacity }
        guard let base = array.withUnsafeMutableBufferPointer({ $0.baseAddress }) else {
            fatalError("an array of \(capacity) elements has memory")
        }
        return (array, base)
    }

    /// The elements written, as an array: for a buffer made by
    /// ``init(arrayCapacity:)`` of which at least half was written, its
    /// own array, holding the rest of its capacity (at most as much again
    /// as its count, as an array's growth leaves); otherwise a copy of
    /// exactly the elements, so that a small result never holds a large
    /// block.
    ///
    /// ```swift
    /// let bytes = output.takeArray()
    /// ```
    consuming func takeArray() -> [Element] {
        let count = self.count
        guard let holder = arrayHolder, count >= capacity / 2 else { return copiedElements() }
        var taken = holder.array
        holder.array = []  // `taken` is the only holder of the memory now
        taken.removeLast(taken.count - count)
        return taken
    }

    /// The elements written, in `malloc`'s memory cut to their count
    /// (`realloc` shrinks in place), which the caller now owns and frees
    /// with `free` (a `Data` made with `bytesNoCopy` and `.free`): for a
    /// buffer whose memory is `malloc`'s. `nil`, with nothing changed, for
    /// a buffer in an array's or a caller's memory, or with nothing
    /// written. The buffer goes on empty, in new memory.
    ///
    /// ```swift
    /// if let bytes = output.takeMallocated(), let base = bytes.baseAddress {
    ///     let data = Data(bytesNoCopy: base, count: bytes.count, deallocator: .free)
    /// }
    /// ```
    mutating func takeMallocated() -> UnsafeMutableBufferPointer<Element>? {
        switch memory {
        case .copied, .reallocated: break
        case .array, .borrowed: return nil
        }
        let count = self.count
        guard count > 0 else { return nil }
        let taken = Self.reallocate(start, count)
        start = Self.reallocate(nil, 1)
        end = start
        limit = start + 1
        #if DEBUG
        reserved = nil  // room reserved before was in the memory handed over
        #endif
        checkInvariants()
        return UnsafeMutableBufferPointer(start: taken, count: count)
    }

    /// The holder of the buffer's array, for a buffer made by ``init(arrayCapacity:)``.
    private var arrayHolder: ArrayHolder? {
        // Only init(arrayCapacity:) holds an array, always in an ArrayHolder.
        guard case .array(let holder) = memory else { return nil }
        return unsafeDowncast(holder.takeUnretainedValue(), to: ArrayHolder.self)
    }

    /// A copy of the elements written, in an array of their count.
    func copiedElements() -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { copy, initialized in
            if let target = copy.baseAddress {
                UnsafeMutableRawPointer(target).vectorCopy(from: start, byteCount: count * MemoryLayout<Element>.stride)
            }
            initialized = count
        }
    }

    /// `old` (or new memory) resized for `capacity` elements.
    private static func reallocate(_ old: UnsafeMutablePointer<Element>?, _ capacity: Int) -> UnsafeMutablePointer<Element> {
        assert(MemoryLayout<Element>.alignment <= 16, "malloc aligns to 16 bytes")
        let bytes = capacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        // Every buffer holds less than its input or the values it was given:
        // this fails only when memory is exhausted, as an Array's growth would.
        guard !bytes.overflow, let raw = realloc(old, max(bytes.partialValue, 1)) else {
            fatalError("out of memory for \(capacity) elements of \(Element.self)")
        }
        return raw.bindMemory(to: Element.self, capacity: capacity)
    }

    /// How many elements fit before the next growth.
    var capacity: Int { Self.distance(from: start, to: limit) }

    /// How many elements have been written.
    @inline(__always)
    var count: Int { Self.distance(from: start, to: end) }

    /// Whether nothing has been written.
    var isEmpty: Bool { end == start }

    /// How many elements lie from `first` to `last` (not before it) in the
    /// buffer's memory: the bytes between them over the stride, unsigned so
    /// that a stride that is a power of two divides with a shift.
    @inline(__always)
    private static func distance(from first: UnsafeMutablePointer<Element>, to last: UnsafeMutablePointer<Element>) -> Int {
        Int(bitPattern: (UInt(bitPattern: last) &- UInt(bitPattern: first)) / UInt(MemoryLayout<Element>.stride))
    }

    /// Where the next `size` elements go, after making room for them; write
    /// them (or fewer) there, then ``advance(by:)`` past what was written.
    @inline(__always)
    mutating func reserve(_ size: Int) -> UnsafeMutablePointer<Element> {
        if Self.distance(from: end, to: limit) < size { grow(toFit: size) }
        #if DEBUG
        reserved = end + size
        #endif
        return end  // bounds proven: room for size elements from end now
    }

    /// Where the next `size` elements go when there is room for them now,
    /// as ``reserve(_:)`` gives it; `nil`, with nothing changed, when the
    /// buffer would have to grow. For inlined fast paths that call nothing
    /// (a call makes the function that holds it save registers on every
    /// path): they leave growing to an out-of-line path.
    @inline(__always)
    mutating func reserveIfRoom(_ size: Int) -> UnsafeMutablePointer<Element>? {
        guard Self.distance(from: end, to: limit) >= size else { return nil }
        #if DEBUG
        reserved = end + size
        #endif
        return end  // bounds proven: room for size elements from end
    }

    /// Counts `written` elements, written after ``reserve(_:)`` asked for at least as many.
    @inline(__always)
    mutating func advance(by written: Int) {
        end += written  // bounds proven by callers: at most the room reserved
        #if DEBUG
        precondition(reserved.map { end <= $0 } ?? false, "advanced past the room reserved")
        #endif
    }

    @inline(never)
    private mutating func grow(toFit size: Int) {
        let count = self.count
        var grown = capacity * 2
        while grown - count < size { grown *= 2 }
        if case .reallocated = memory {
            start = Self.reallocate(start, grown)
        } else if let holder = arrayHolder {
            let (moved, base) = Self.newArray(grown)
            UnsafeMutableRawPointer(base).vectorCopy(from: start, byteCount: count * MemoryLayout<Element>.stride)
            holder.array = moved  // frees the old array's memory
            start = base
        } else {
            let moved = Self.reallocate(nil, grown)
            UnsafeMutableRawPointer(moved).vectorCopy(from: start, byteCount: count * MemoryLayout<Element>.stride)
            if case .borrowed = memory { memory = .copied } else { free(start) }
            start = moved
        }
        end = start + count
        limit = start + grown
        checkInvariants()
    }

    /// Appends one element: a compare, a store and an increment of ``end``.
    @inline(__always)
    mutating func append(_ element: Element) {
        // `>=`, not `==` (`end` never passes `limit`): LLVM guesses an
        // equality of two pointers false, and with that guess the scanner's
        // loop gave up its vector constants' registers around every number;
        // an ordering gets no guess, as `count == capacity` got none.
        if end >= limit { grow(toFit: 1) }
        end.initialize(to: element)  // bounds proven: end < limit now
        end += 1
    }

    /// Appends `elements`.
    @inline(__always)
    mutating func append(_ elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        let byteCount = elements.count * MemoryLayout<Element>.stride
        UnsafeMutableRawPointer(reserve(elements.count)).vectorCopy(from: source, byteCount: byteCount)  // bounds proven: room reserved for elements.count
        end += elements.count
    }

    /// Counts `count` more elements (nothing when `count` is not positive)
    /// without writing them, for a buffer of fixed-size areas that are each
    /// written before they are read (the rows of a table): until written,
    /// they hold whatever the memory held.
    mutating func appendUninitialized(_ count: Int) {
        guard count > 0 else { return }
        end = reserve(count) + count  // bounds proven: room reserved for count
    }

    /// Appends `element` `count` times (nothing when `count` is not positive).
    mutating func append(repeating element: Element, count: Int) {
        guard count > 0 else { return }
        reserve(count).initialize(repeating: element, count: count)  // bounds proven: room reserved for count
        end += count
    }

    /// The last element, to read or update in place; the buffer must not be empty.
    @inline(__always)
    var last: UnsafeMutablePointer<Element> {
        end - 1  // bounds proven by callers: count >= 1
    }

    /// Where the element at `position` is, to update in place; `position`
    /// must be at most ``count``. Valid until the buffer grows.
    @inline(__always)
    func pointer(at position: Int) -> UnsafeMutablePointer<Element> {
        start + position  // bounds proven by callers: position <= count
    }

    /// The element at `position`, which must be below ``count``.
    @inline(__always)
    subscript(position: Int) -> Element {
        get { start[position] }  // bounds proven by callers: position < count
        set { start[position] = newValue }  // bounds proven by callers: position < count
    }

    /// The elements from `position` on (below ``count``), to sort in place.
    func suffix(from position: Int) -> UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(start: start + position, count: count - position)  // bounds proven by callers: position <= count
    }

    /// Forgets the last element; the buffer must not be empty.
    @inline(__always)
    mutating func removeLast() {
        assert(end != start, "removing from an empty buffer")
        end -= 1  // bounds proven by callers: count >= 1
    }

    /// The last element, forgotten; `nil` when the buffer is empty.
    @inline(__always)
    mutating func popLast() -> Element? {
        guard end != start else { return nil }
        end -= 1
        return end.pointee  // bounds proven: start <= end < limit, written before
    }

    /// Forgets everything after the first `count` elements.
    mutating func removeAll(after count: Int = 0) {
        end = start + min(max(count, 0), self.count)
    }

    /// The elements written, for a reader that holds the buffer's owner and
    /// adds nothing while it reads: valid until the buffer grows or is freed.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: start, count: count) }

    /// Calls `body` with the elements written.
    func withElements<Result, Failure>(_ body: (UnsafeBufferPointer<Element>) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: start, count: count))
    }

    /// Stops the program when the buffer's bookkeeping is wrong: debug
    /// builds only (release builds compile nothing). Called after growing.
    ///
    /// ```swift
    /// buffer.checkInvariants()
    /// ```
    @inline(__always)
    func checkInvariants() {
        #if DEBUG
        precondition(start < limit, "a buffer has room for one element at least")
        precondition(start <= end && end <= limit, "a buffer holds 0...capacity elements")
        precondition(UInt(bitPattern: start) % UInt(MemoryLayout<Element>.alignment) == 0, "elements are aligned")
        #endif
    }
}
