/// Plain values (no references: they are never deinitialized) in memory
/// the buffer owns and grows by doubling: the writers' output bytes
/// (``OutputBuffer``), their stacks of open containers and member orders.
///
/// A writer asks for room once per token — ``reserve(_:)`` returns where
/// the elements go — writes them through that pointer, and then moves the
/// end past them with ``advance(by:)``; a stack updates its ``last``
/// element in place. `[UInt8].append` checks capacity and uniqueness on
/// every byte instead, and `[Frame]` on every update. Noncopyable, so the
/// memory has one owner and is freed with it.
///
/// ```swift
/// var stack = GrowingBuffer<Int>()
/// stack.append(7)
/// stack.last.pointee += 1   // 8
/// stack.removeLast()
/// ```
struct GrowingBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var start: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// How many elements have been written.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` elements (at least 16).
    init(capacity: Int = 16) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    /// Whether nothing has been written.
    var isEmpty: Bool { count == 0 }

    /// Where the next `size` elements go, after making room for them; write
    /// them (or fewer) there, then ``advance(by:)`` past what was written.
    @inline(__always)
    mutating func reserve(_ size: Int) -> UnsafeMutablePointer<Element> {
        if capacity - count < size { grow(toFit: size) }
        return start + count  // bounds proven: count + size <= capacity now
    }

    /// Counts `written` elements, written after ``reserve(_:)`` asked for at least as many.
    @inline(__always)
    mutating func advance(by written: Int) {
        count += written
    }

    @inline(never)
    private mutating func grow(toFit size: Int) {
        var grown = capacity * 2
        while grown - count < size { grown *= 2 }
        start = start.grown(count: count, to: grown)
        capacity = grown
    }

    /// Appends one element.
    @inline(__always)
    mutating func append(_ element: Element) {
        reserve(1).initialize(to: element)
        count += 1
    }

    /// Appends `elements`.
    @inline(__always)
    mutating func append(_ elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        let byteCount = elements.count * MemoryLayout<Element>.stride
        UnsafeMutableRawPointer(reserve(elements.count)).vectorCopy(from: source, byteCount: byteCount)  // bounds proven: room reserved for elements.count
        count += elements.count
    }

    /// The last element, to read or update in place; the buffer must not be empty.
    @inline(__always)
    var last: UnsafeMutablePointer<Element> {
        start + (count - 1)  // bounds proven by callers: count >= 1
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
        count -= 1
    }

    /// Forgets everything after the first `count` elements.
    mutating func removeAll(after count: Int = 0) {
        self.count = min(max(count, 0), self.count)
    }

    /// Calls `body` with the elements written.
    func withElements<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: start, count: count))
    }
}
