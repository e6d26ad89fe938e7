/// Line and column numbers of byte offsets in one input, each found in
/// constant time once the index is built.
///
/// Counting lines from byte 0 for every error makes a decode that throws and
/// catches one error per element quadratic. The index keeps, for every
/// ``stride`` bytes of the input, how many lines ended and how many scalars
/// started before that point, and where the line holding it began; an
/// offset's line and column are then a count over at most two strides.
/// It is built in one pass the first time a position is asked for, and takes
/// 24 bytes per stride (under 5% of the input).
///
/// Lines end at `\n`, `\r\n` or a lone `\r`; columns count Unicode scalars
/// (a UTF-8 continuation byte, or a stray one in ill-formed input, does not
/// start a new column). An offset on the `\n` of a `\r\n` pair is at the start
/// of the next line.
struct LineIndex {
    /// The bytes between two checkpoints.
    static let stride = 512

    private struct Checkpoint {
        var linesBefore: Int
        var scalarsBefore: Int
        /// Where the line holding the checkpoint's byte begins.
        var lineStart: Int
    }

    private let checkpoints: [Checkpoint]

    /// Indexes `input` in one pass.
    ///
    /// - Complexity: O(*n*) for an input of *n* bytes.
    init(_ input: UnsafeBufferPointer<UInt8>) {
        var checkpoints: [Checkpoint] = []
        checkpoints.reserveCapacity(input.count / Self.stride + 1)
        var current = Checkpoint(linesBefore: 0, scalarsBefore: 0, lineStart: 0)
        var start = 0
        while true {
            checkpoints.append(current)
            guard start < input.count else { break }
            let end = min(start + Self.stride, input.count)
            let counts = Self.count(input, from: start, to: end)
            current.linesBefore += counts.lineEnds
            current.scalarsBefore += counts.scalars
            current.lineStart = counts.lastLineStart ?? current.lineStart
            start = end
        }
        self.checkpoints = checkpoints
    }

    /// The 1-based line and column of `offset` (clamped to the input), and
    /// where its line begins.
    ///
    /// - Complexity: O(``stride``).
    func location(of offset: Int, in input: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int, lineStart: Int) {
        let offset = min(max(offset, 0), input.count)
        let (checkpoint, start) = self.checkpoint(at: offset)
        let counts = Self.count(input, from: start, to: offset)
        var line = 1 + checkpoint.linesBefore + counts.lineEnds
        var lineStart = counts.lastLineStart ?? checkpoint.lineStart
        if Self.isNewlineOfPair(offset, in: input) {
            line += 1
            lineStart = offset
        }
        return (line, 1 + scalarsBefore(offset, in: input) - scalarsBefore(lineStart, in: input), lineStart)
    }

    /// The line and column of `offset` without an index, counting from byte
    /// 0: for a single error, whose cost the work before it already exceeds.
    ///
    /// - Complexity: O(`offset`).
    static func location(of offset: Int, in input: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int, lineStart: Int) {
        let offset = min(max(offset, 0), input.count)
        let counts = count(input, from: 0, to: offset)
        if isNewlineOfPair(offset, in: input) { return (counts.lineEnds + 2, 1, offset) }
        let lineStart = counts.lastLineStart ?? 0
        return (counts.lineEnds + 1, 1 + count(input, from: lineStart, to: offset).scalars, lineStart)
    }

    private func checkpoint(at offset: Int) -> (Checkpoint, start: Int) {
        let slot = min(offset / Self.stride, checkpoints.count - 1)
        return (checkpoints[slot], slot * Self.stride)
    }

    private func scalarsBefore(_ offset: Int, in input: UnsafeBufferPointer<UInt8>) -> Int {
        let (checkpoint, start) = self.checkpoint(at: offset)
        return checkpoint.scalarsBefore + Self.count(input, from: start, to: offset).scalars
    }

    /// Whether `offset` is the `\n` of a `\r\n` pair.
    private static func isNewlineOfPair(_ offset: Int, in input: UnsafeBufferPointer<UInt8>) -> Bool {
        offset > 0 && offset < input.count && input[offset] == UInt8(ascii: "\n") && input[offset - 1] == UInt8(ascii: "\r")  // bounds proven: 0 < offset < count
    }

    /// The line ends and scalar starts in `input[start..<end]`, and where
    /// the last line that begins in it begins. A `\r` is a line end unless
    /// a `\n` follows it (also past `end`): the pair ends one line.
    static func count(
        _ input: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> (lineEnds: Int, scalars: Int, lastLineStart: Int?) {
        var lineEnds = 0
        var scalars = 0
        var lastLineStart: Int?
        var index = start
        WorkCounter.count(end - start)
        while index < end {
            let byte = input[index]  // bounds proven: start <= index < end <= count (callers clamp end)
            scalars += byte & 0xC0 != 0x80 ? 1 : 0
            if byte == UInt8(ascii: "\n")
                || (byte == UInt8(ascii: "\r") && (index + 1 == input.count || input[index + 1] != UInt8(ascii: "\n")))  // bounds proven: index + 1 < count
            {
                lineEnds += 1
                lastLineStart = index + 1
            }
            index += 1
        }
        return (lineEnds, scalars, lastLineStart)
    }
}
