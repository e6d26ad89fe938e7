/// JSON text in UTF-16 or UTF-32, which Foundation's `JSONDecoder` accepts,
/// read as UTF-8 for the decoder (``JSON/init(parsing:options:)-([UInt8],_)``
/// stays UTF-8 only, as RFC 8259 asks).
///
/// The encoding is told by a byte order mark, or else by where the zero
/// bytes fall among the first four (the first two characters of JSON text
/// are ASCII): `00 00 00 xx` UTF-32BE, `xx 00 00 00` UTF-32LE, `00 xx`
/// UTF-16BE, `xx 00` UTF-16LE, anything else UTF-8. The marks are
/// `EF BB BF` (UTF-8, which the parser skips), `FE FF` and `FF FE` (UTF-16),
/// `00 00 FE FF` (UTF-32BE) and `FF FE 00 00` (UTF-32LE), and also
/// `FE FF 00 00` for UTF-32LE, the mark Foundation's `JSONDecoder` takes
/// for it (and its tests write): read as UTF-16, either four-byte mark
/// would be a mark and a U+0000, which no JSON text starts with.
///
/// The UTF-8 has no byte order mark, and the positions of errors in it
/// (offset, line, column) are the text's in UTF-8: an offset counts UTF-8
/// bytes from the first character after the mark, not bytes of the input.
enum UnicodeInput {
    private enum Encoding {
        case utf16(bigEndian: Bool)
        case utf32(bigEndian: Bool)

        var name: String {
            switch self {
            case .utf16(let bigEndian): bigEndian ? "UTF-16BE" : "UTF-16LE"
            case .utf32(let bigEndian): bigEndian ? "UTF-32BE" : "UTF-32LE"
            }
        }
    }

    /// `bytes` as UTF-8 without a byte order mark, or `nil` when they are
    /// UTF-8 already (the usual case: four bytes looked at, nothing copied).
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the byte offset of the
    ///   first code unit that is not a Unicode scalar (a lone surrogate, a
    ///   value past U+10FFFF, a cut-off unit).
    static func utf8(from bytes: UnsafeBufferPointer<UInt8>) throws -> [UInt8]? {
        guard let (encoding, start) = detect(bytes) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var offset = start
        func unit(_ width: Int, bigEndian: Bool) -> UInt32? {
            guard offset + width <= bytes.count else { return nil }
            var value: UInt32 = 0
            for position in 0..<width {
                let byte = UInt32(bytes[offset + (bigEndian ? position : width - 1 - position)])  // bounds proven: offset + width <= count
                value = value << 8 | byte
            }
            offset += width
            return value
        }
        while offset < bytes.count {
            let unitStart = offset
            var scalar: Unicode.Scalar?
            switch encoding {
            case .utf32(let bigEndian):
                scalar = unit(4, bigEndian: bigEndian).flatMap(Unicode.Scalar.init)
            case .utf16(let bigEndian):
                if let high = unit(2, bigEndian: bigEndian) {
                    if (0xD800..<0xDC00).contains(high) {
                        if let low = unit(2, bigEndian: bigEndian), (0xDC00..<0xE000).contains(low) {
                            scalar = Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))
                        }
                    } else {
                        scalar = Unicode.Scalar(high)
                    }
                }
            }
            guard let scalar else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: [],
                        debugDescription: "The given data was not valid \(encoding.name): no Unicode scalar at byte offset \(unitStart)"))
            }
            UTF8.encode(scalar) { output.append($0) }
        }
        return output
    }

    /// The encoding of `bytes` and the length of its byte order mark, or
    /// `nil` for UTF-8.
    private static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> (Encoding, bomLength: Int)? {
        let b = (0..<4).map { $0 < bytes.count ? Int(bytes[$0]) : -1 }  // -1: past the end; bounds proven: $0 < count
        switch (b[0], b[1], b[2], b[3]) {
        case (0x00, 0x00, 0xFE, 0xFF): return (.utf32(bigEndian: true), 4)
        case (0xFF, 0xFE, 0x00, 0x00), (0xFE, 0xFF, 0x00, 0x00): return (.utf32(bigEndian: false), 4)
        case (0xFE, 0xFF, _, _): return (.utf16(bigEndian: true), 2)
        case (0xFF, 0xFE, _, _): return (.utf16(bigEndian: false), 2)
        case (0x00, 0x00, 0x00, let x) where x > 0: return (.utf32(bigEndian: true), 0)
        case (let x, 0x00, 0x00, 0x00) where x > 0: return (.utf32(bigEndian: false), 0)
        case (0x00, let x, _, _) where x > 0: return (.utf16(bigEndian: true), 0)
        case (let x, 0x00, _, _) where x > 0: return (.utf16(bigEndian: false), 0)
        default: return nil
        }
    }
}
