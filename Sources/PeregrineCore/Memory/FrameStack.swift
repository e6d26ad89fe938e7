/// The open containers around the scanner's innermost one: a stack in a
/// ``GrowingBuffer``, so that pushing and popping (once per nested array or
/// object) cost a few instructions, without the uniqueness check of an
/// `Array` mutation. The scanner bounds its height by `maxDepth` before pushing.
///
/// A handle, one word, to a buffer that ``with(_:)`` keeps in its caller's
/// stack frame, with room for the first ``lentFrames`` frames there too:
/// a scan nested no deeper allocates nothing for its frames (a class
/// object and its buffer, made and freed, were 370 instructions a
/// parse). The scanner holds the handle as it held the object: its hot
/// loop reaches the frames through that one word, never through its own
/// memory (a stack stored in the scanner itself gave that loop's
/// registers up at a growth's call, 0.25% of a parse of twitter).
///
/// ```swift
/// FrameStack<Int>.with { stack in
///     stack.push(1)
///     _ = stack.pop()   // 1
/// }
/// ```
struct FrameStack<Frame: BitwiseCopyable> {
    /// The buffer, in ``with(_:)``'s frame: valid only during its call.
    private let buffer: UnsafeMutablePointer<GrowingBuffer<Frame>>

    /// How many frames ``with(_:)`` lends from the call stack: 32 levels
    /// of nesting, deeper than most documents, in a few hundred bytes.
    static var lentFrames: Int { 32 }

    /// Calls `body` with an empty stack, whose first ``lentFrames``
    /// frames are in this call's stack frame; it moves to memory of its
    /// own (freed on return) when it outgrows them. The stack must not be
    /// used after `body` returns. Inlined, so that `body` is too and
    /// takes what it uses without copying it (a closure called through
    /// a context retained the tape and the options' strings: 3 retains).
    @inline(__always)
    static func with<Result, Failure>(_ body: (FrameStack) throws(Failure) -> Result) throws(Failure) -> Result {
        try withUnsafeTemporaryAllocation(of: Frame.self, capacity: lentFrames) { frames throws(Failure) in
            // Freed, with the memory it moved to if it grew, when this closure returns or throws.
            var buffer = GrowingBuffer(borrowing: frames)
            return try withUnsafeMutablePointer(to: &buffer) { buffer throws(Failure) in try body(FrameStack(buffer: buffer)) }
        }
    }

    @inline(__always)
    func push(_ frame: Frame) {
        buffer.pointee.append(frame)  // bounds proven: the buffer lives until with(_:) returns, and its users do not outlive the call
    }

    /// The frame pushed last, removed; `nil` when the stack is empty.
    @inline(__always)
    func pop() -> Frame? {
        buffer.pointee.popLast()  // bounds proven: as in push(_:)
    }
}
