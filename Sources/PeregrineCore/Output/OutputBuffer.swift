/// The bytes a writer produces: write a token's bytes through the pointer
/// ``GrowingBuffer/reserve(_:)`` returns, with one capacity check per token.
///
/// ```swift
/// var output = OutputBuffer(capacity: 1_024)
/// output.append("[1")
/// output.append(UInt8(ascii: "]"))
/// output.bytes   // Array("[1]".utf8)
/// ```
typealias OutputBuffer = GrowingBuffer<UInt8>

extension GrowingBuffer where Element == UInt8 {
    /// Appends the UTF-8 of an ASCII literal.
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    /// Appends the first `count` (at most 8) bytes of `word`, the first in
    /// its lowest byte, with one store: `null`, `true`, `false`, `[]`…
    ///
    /// ```swift
    /// output.appendWord(0x6C6C_756E, count: 4)   // null
    /// ```
    @inline(__always)
    mutating func appendWord(_ word: UInt64, count: Int) {
        UnsafeMutableRawPointer(reserve(8)).storeBytes(of: word.littleEndian, as: UInt64.self)  // bounds proven: room for 8
        advance(by: count)
    }

    /// ``appendWord(_:count:)`` when there is room for the word now;
    /// `false`, with nothing written, when the buffer must grow first. For
    /// an inlined path that calls nothing.
    @inline(__always)
    mutating func appendWordIfRoom(_ word: UInt64, count: Int) -> Bool {
        guard let out = reserveIfRoom(8) else { return false }
        UnsafeMutableRawPointer(out).storeBytes(of: word.littleEndian, as: UInt64.self)  // bounds proven: room for 8
        advance(by: count)
        return true
    }

    /// Appends `null`.
    @inline(__always)
    mutating func appendNull() { appendWord(0x6C6C_756E, count: 4) }

    /// Appends `true` or `false`.
    @inline(__always)
    mutating func appendBool(_ flag: Bool) {
        if flag {
            appendWord(0x6575_7274, count: 4)
        } else {
            appendWord(0x65_736C_6166, count: 5)
        }
    }

    /// A copy of the bytes written.
    var bytes: [UInt8] { copiedElements() }
}
