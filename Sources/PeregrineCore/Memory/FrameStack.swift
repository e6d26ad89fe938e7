/// The open containers around the scanner's innermost one: a stack in a
/// ``GrowingBuffer``, so that pushing and popping (once per nested array or
/// object) cost a few instructions, without the uniqueness check of an
/// `Array` mutation. The scanner bounds its height by `maxDepth` before pushing.
final class FrameStack<Frame: BitwiseCopyable> {
    @exclusivity(unchecked) private var frames = GrowingBuffer<Frame>()

    @inline(__always)
    func push(_ frame: Frame) {
        frames.append(frame)
    }

    /// The frame pushed last, removed; `nil` when the stack is empty.
    @inline(__always)
    func pop() -> Frame? {
        frames.popLast()
    }
}
