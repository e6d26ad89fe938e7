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

    init(maxElementBytes: Int) { self.maxElementBytes = maxElementBytes }

    /// The elements `chunk` completes, in order.
    mutating func split(_ chunk: UnsafeBufferPointer<UInt8>) throws(Failure) -> [Piece] {
        var pieces: [Piece] = []
        for byte in chunk {
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
                if let piece = try take(byte) { pieces.append(piece) }
            }
        }
        return pieces
    }

    /// Checks that the text ended with the container closed.
    func finish() throws(Failure) {
        guard phase == .end else { throw failure(phase == .start ? "the input is empty" : "the input ends before the top-level value is closed") }
    }

    /// Follows one byte inside the container; the element it completes, if any.
    private mutating func take(_ byte: UInt8) throws(Failure) -> Piece? {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            try keep(byte)
            return nil
        }
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            depth += 1
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            if depth > 0 {
                depth -= 1
                break
            }
            guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                throw failure("\(Self.describe(byte)) does not close the top-level \(isObject ? "object" : "array")")
            }
            phase = .end
            return try completeElement(closing: true)
        case UInt8(ascii: ",") where depth == 0:
            return try completeElement(closing: false)
        default:
            if element.isEmpty, Self.isWhitespace(byte) { return nil }
        }
        try keep(byte)
        return nil
    }

    private mutating func keep(_ byte: UInt8) throws(Failure) {
        if element.isEmpty {
            elementOffset = offset
            elementLine = line
        }
        guard element.count < maxElementBytes else {
            throw Failure(message: "an element is longer than \(maxElementBytes) bytes", offset: elementOffset, line: elementLine)
        }
        element.append(byte)
    }

    /// The element ended by a comma or the closing bracket.
    private mutating func completeElement(closing: Bool) throws(Failure) -> Piece? {
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
