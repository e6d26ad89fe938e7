/// Cuts a stream of byte chunks into lines (`\n`, with a `\r` before it
/// dropped), holding at most one partial line of up to `maxLineBytes`: a
/// longer line is reported as too long and its bytes are dropped as they
/// come, so memory stays bounded whatever the input.
struct LineSplitter {
    /// A complete line, or the news that one was too long.
    enum Piece {
        case line([UInt8], number: Int)
        case tooLong(number: Int, length: Int)
    }

    let maxLineBytes: Int
    private var partial: [UInt8] = []
    /// The length of the current line when it is over the limit (its bytes are not kept).
    private var overflow: Int?
    private(set) var lineNumber = 1

    init(maxLineBytes: Int) { self.maxLineBytes = maxLineBytes }

    /// The lines `chunk` completes, in order.
    mutating func split(_ chunk: UnsafeBufferPointer<UInt8>) -> [Piece] {
        var pieces: [Piece] = []
        var start = 0
        while start < chunk.count {
            guard let newline = chunk.firstNewline(from: start) else {
                append(UnsafeBufferPointer(rebasing: chunk[start...]))  // bounds proven: start < count (loop condition)
                break
            }
            append(UnsafeBufferPointer(rebasing: chunk[start..<newline]))  // bounds proven: start <= newline < count (found in chunk[start...])
            pieces.append(finishLine())
            start = newline + 1
        }
        return pieces
    }

    /// The last line, when the stream does not end with a newline.
    mutating func finish() -> Piece? {
        guard !partial.isEmpty || overflow != nil else { return nil }
        return finishLine()
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let length = overflow {
            overflow = length + bytes.count
        } else if partial.count + bytes.count > maxLineBytes {
            overflow = partial.count + bytes.count
            partial = []
        } else {
            partial.append(contentsOf: bytes)
        }
    }

    private mutating func finishLine() -> Piece {
        defer {
            lineNumber += 1
            overflow = nil
            partial.removeAll(keepingCapacity: partial.capacity <= 1 << 20)
        }
        if let length = overflow { return .tooLong(number: lineNumber, length: length) }
        if partial.last == UInt8(ascii: "\r") { partial.removeLast() }
        return .line(partial, number: lineNumber)
    }
}
