/// The open containers around the scanner's innermost one: a stack in memory
/// it owns, so that pushing and popping (once per nested array or object)
/// cost a few instructions, without the uniqueness check of an `Array`
/// mutation. The scanner bounds its height by `maxDepth` before pushing.
final class FrameStack<Frame: BitwiseCopyable> {
    private var base: UnsafeMutablePointer<Frame>
    private var capacity = 16
    private(set) var count = 0

    init() {
        base = UnsafeMutablePointer.allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    func push(_ frame: Frame) {
        if count == capacity {
            base = base.grown(count: count, to: capacity * 2)
            capacity *= 2
        }
        (base + count).initialize(to: frame)  // bounds proven: count < capacity
        count += 1
    }

    /// The frame pushed last, removed; `nil` when the stack is empty.
    @inline(__always)
    func pop() -> Frame? {
        guard count > 0 else { return nil }
        count -= 1
        return base[count]  // bounds proven: 0 <= count < capacity, initialized by push
    }
}
