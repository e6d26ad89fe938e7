/// Cuts the text of one top-level array or object, arriving in chunks, into
/// the text of its elements (or `"key": value` members), holding at most one
/// element at a time. It follows only what it must to find the commas and
/// the closing bracket at depth 1 — nesting, strings and escapes — and leaves
/// validating each element to the parser.
struct ElementSplitter {
    /// A complete element, with the byte offset and line where it starts.
    struct Piece {
        let bytes: [UInt8]
        let offset: Int
        let line: Int
    }

    /// The text is not one well-formed array or object.
    struct Failure: Error {
        let message: String
        let offset: Int
        let line: Int
    }

    private enum Phase {
        /// Before the opening bracket.
        case start
        /// Inside the top-level container.
        case inside
        /// After the closing bracket: only whitespace may follow.
        case end
    }

    let maxElementBytes: Int
    /// The deepest nesting, the top-level container included: the depth
    /// error comes where the text passes it, not after an element's limit.
    let maxDepth: Int
    private(set) var isObject = false
    private var phase = Phase.start
    private var element: [UInt8] = []
    private var elementOffset = 0
    private var elementLine = 1
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var offset = 0
    private var line = 1
    /// Whether an element has ended with a comma (so another must follow).
    private var expectsElement = false

    init(maxElementBytes: Int, maxDepth: Int = .max) {
        self.maxElementBytes = maxElementBytes
        self.maxDepth = maxDepth
    }

    /// The elements `chunk` completes, in order. The bytes of an element
    /// are copied a run at a time (from its first byte, or the chunk's, to a
    /// boundary or the chunk's end), not byte by byte.
    mutating func split(_ chunk: UnsafeBufferPointer<UInt8>) throws(Failure) -> [Piece] {
        var pieces: [Piece] = []
        var run: Int?  // where the current element's bytes in this chunk start
        for (index, byte) in chunk.enumerated() {
            defer {
                offset += 1
                if byte == UInt8(ascii: "\n") { line += 1 }
            }
            switch phase {
            case .start:
                guard !Self.isWhitespace(byte) else { continue }
                guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") else {
                    throw failure("expected an array or an object to stream, found \(Self.describe(byte))")
                }
                isObject = byte == UInt8(ascii: "{")
                phase = .inside
            case .end:
                guard Self.isWhitespace(byte) else { throw failure("unexpected \(Self.describe(byte)) after the end of the top-level value") }
            case .inside:
                switch try follow(byte, keptAny: run != nil || !element.isEmpty) {
                case .keep:
                    if run == nil {
                        run = index
                        if element.isEmpty {
                            elementOffset = offset
                            elementLine = line
                        }
                    }
                case .skip:
                    break
                case .boundary(let closing):
                    if let start = run { try keep(UnsafeBufferPointer(rebasing: chunk[start..<index])) }  // bounds proven: run is an earlier index of this chunk, so start <= index < count
                    run = nil
                    if let piece = try completeElement(closing: closing) { pieces.append(piece) }
                }
            }
        }
        if let start = run { try keep(UnsafeBufferPointer(rebasing: chunk[start...])) }  // bounds proven: start < count (an index of this chunk)
        return pieces
    }

    /// Checks that the text ended with the container closed.
    func finish() throws(Failure) {
        guard phase == .end else { throw failure(phase == .start ? "the input is empty" : "the input ends before the top-level value is closed") }
    }

    private enum Step {
        /// The byte belongs to the current element.
        case keep
        /// Whitespace before an element.
        case skip
        /// A comma or the closing bracket at depth 1.
        case boundary(closing: Bool)
    }

    /// Follows one byte inside the container; `keptAny`: the current element has bytes already.
    private mutating func follow(_ byte: UInt8, keptAny: Bool) throws(Failure) -> Step {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            return .keep
        }
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            // `depth` counts below the top-level container, which is one level.
            guard depth + 1 < maxDepth else { throw failure("arrays and objects are nested deeper than \(maxDepth) levels") }
            depth += 1
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            guard depth == 0 else {
                depth -= 1
                return .keep
            }
            guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                throw failure("\(Self.describe(byte)) does not close the top-level \(isObject ? "object" : "array")")
            }
            return .boundary(closing: true)
        case UInt8(ascii: ",") where depth == 0:
            return .boundary(closing: false)
        default:
            if !keptAny, Self.isWhitespace(byte) { return .skip }
        }
        return .keep
    }

    /// Adds a run of the current element's bytes.
    private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
        guard bytes.count <= maxElementBytes - element.count else {
            throw Failure(message: "an element is longer than \(maxElementBytes) bytes", offset: elementOffset, line: elementLine)
        }
        element.append(contentsOf: bytes)
    }

    /// The element ended by a comma or the closing bracket.
    private mutating func completeElement(closing: Bool) throws(Failure) -> Piece? {
        if closing {
            phase = .end
        }
        guard !element.isEmpty else {
            // `[]` and `{}` are fine; an empty slot after a comma is not.
            guard closing, !expectsElement else { throw failure(closing ? "a trailing comma" : "an empty element before this comma") }
            return nil
        }
        let piece = Piece(bytes: element, offset: elementOffset, line: elementLine)
        element.removeAll(keepingCapacity: element.capacity <= 1 << 20)
        expectsElement = !closing
        return piece
    }

    private func failure(_ message: String) -> Failure { Failure(message: message, offset: offset, line: line) }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }
}
