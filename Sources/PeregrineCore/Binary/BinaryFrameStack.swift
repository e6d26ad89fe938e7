/// The containers a ``Binary/Encoder`` call has open, innermost last: plain
/// frames in a ``GrowingBuffer`` (an array in a class would check its
/// uniqueness on every write).
final class BinaryFrameStack {
    /// An open container, or a shared value being written.
    struct Frame {
        enum Kind { case array, set, dictionary, object, record, shared }

        let id: Int
        let kind: Kind
        /// Where its tag is in the body.
        let start: Int
        /// Where its count goes.
        let countPosition: Int
        /// Elements begun (a dictionary counts keys and values).
        var count = 0
        /// Where the value of the element begun last starts.
        var valueStart: Int
        /// For objects and records, where the name of the member begun last
        /// was written: coding paths read the names back from the body.
        var keyStart = -1
        /// For objects and records, where their names start in the state's ``BinaryNameRepeats``.
        var namesStart = 0
    }

    // One encode call on one thread uses the stack, so the runtime
    // exclusivity checks on it are skipped.
    @exclusivity(unchecked) private var frames = GrowingBuffer<Frame>()

    /// The number of open frames.
    var count: Int { frames.count }

    /// The frame at `position`, which must be below ``count``.
    subscript(position: Int) -> Frame {
        frames[position]  // bounds proven by callers: position < count
    }

    /// The frame at `position`, which must be below ``count``, to update in place.
    func pointer(at position: Int) -> UnsafeMutablePointer<Frame> {
        frames.pointer(at: position)  // bounds proven by callers: position < count
    }

    /// Whether frame `id` is open at `position`.
    func isOpen(_ id: Int, at position: Int) -> Bool {
        position >= 0 && position < count && frames[position].id == id  // bounds proven: checked first
    }

    /// Opens `frame`; returns its position.
    @inline(__always)
    func push(_ frame: Frame) -> Int {
        frames.append(frame)
        return frames.count - 1
    }

    /// Closes the innermost frame.
    @inline(__always)
    func pop() -> Frame? {
        frames.popLast()
    }

    /// The position of the innermost open frame that starts at `start`.
    func position(startingAt start: Int) -> Int? {
        var position = count - 1
        while position >= 0 {
            if frames[position].start == start { return position }  // bounds proven: 0 <= position < count
            position -= 1
        }
        return nil
    }

    /// The coding path of the value being written inside the outermost
    /// `depth` frames; `name` reads back the member name written at a position.
    func codingPath(depth: Int, name: (Int) -> String) -> [any CodingKey] {
        var path: [any CodingKey] = []
        for position in 0..<min(depth, count) {
            let frame = frames[position]  // bounds proven: position < count
            switch frame.kind {
            case .shared: break
            case .object, .record: path.append(AnyCodingKey(stringValue: frame.keyStart >= 0 ? name(frame.keyStart) : ""))
            case .array, .set, .dictionary: path.append(IndexKey(intValue: max(frame.count - 1, 0)))
            }
        }
        return path
    }
}
