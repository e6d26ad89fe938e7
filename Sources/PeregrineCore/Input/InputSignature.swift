/// What the first bytes of an input say it is, before it is read as
/// text: gzip (`1f 8b`), which the readers inflate first, Peregrine's
/// binary format (`\x89PGB`), which is not JSON text, or text. Every
/// reader tells them here — the scanner at the start of a text, the
/// streaming readers at their first chunk, the parallel JSON Lines
/// validator, and the command-line tool — so gzip and the binary format
/// are recognised alike, whichever reads them.
///
/// ```swift
/// InputSignature([0x1F, 0x8B, 0x08])           // .gzip
/// InputSignature([0x89, 0x50, 0x47, 0x42, 1])   // .binary
/// InputSignature(Array("[1]".utf8))             // .text
/// ```
package enum InputSignature: Equatable {
    case text, gzip, binary

    /// gzip's magic bytes.
    static let gzipMagic: [UInt8] = [0x1F, 0x8B]
    /// The binary format's magic bytes, `\x89PGB`.
    static let binaryMagic: [UInt8] = [0x89, 0x50, 0x47, 0x42]

    /// What `head`, the first bytes of an input (at least four, where
    /// the input has them), says the input is.
    package init(_ head: some Collection<UInt8>) {
        // Most inputs are text, told by their first byte alone: the
        // comparisons with the magic arrays cost 200 instructions a parse.
        guard let first = head.first, first == 0x1F || first == 0x89 else {
            self = .text
            return
        }
        if head.starts(with: Self.gzipMagic) {
            self = .gzip
        } else if head.starts(with: Self.binaryMagic) {
            self = .binary
        } else {
            self = .text
        }
    }

    /// The length of the UTF-8 byte order mark `head` starts with, which
    /// RFC 8259 §8.1 lets a parser skip: 3, or 0 when there is none. Bytes
    /// compared one by one (`starts(with:)` of an array literal made the
    /// array and a generic call: 200 instructions a parse).
    ///
    /// ```swift
    /// InputSignature.byteOrderMarkLength(of: [0xEF, 0xBB, 0xBF, 0x5B])   // 3
    /// ```
    @inline(__always)
    package static func byteOrderMarkLength(of head: some Collection<UInt8>) -> Int {
        var bytes = head.makeIterator()
        return bytes.next() == 0xEF && bytes.next() == 0xBB && bytes.next() == 0xBF ? 3 : 0
    }

    /// The error of Peregrine's binary format read as JSON text, without
    /// a line or an excerpt: its bytes are not text.
    static var binaryFormatError: JSON.ParseError {
        JSON.ParseError(
            compressed: .unsupportedEncoding, at: 0,
            "the input is in Peregrine's binary format (it starts with \\x89PGB), not JSON text; JSON(binary:) reads it")
    }
}
