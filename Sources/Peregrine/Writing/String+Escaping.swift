private let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

/// Appends `string` as JSON string content, with or without the quotes.
///
/// `\b`, `\f`, `\n`, `\r`, `\t`, `\"` and `\\` use their short escapes, as
/// jq, Foundation and most writers do; every other control character is
/// written as `\u00XX` (lowercase hex). `escapeSlashes` writes
/// `/` as `\/`; `escapeUnicode` writes every non-ASCII scalar as `\uXXXX`,
/// above U+FFFF as a UTF-16 surrogate pair.
func appendString(
    _ string: String,
    quoted: Bool,
    escapeUnicode: Bool,
    escapeSlashes: Bool,
    to output: inout [UInt8]
) {
    if quoted { output.append(UInt8(ascii: "\"")) }
    var string = string
    string.withUTF8 { bytes in
        var runStart = 0
        var index = 0
        while index < bytes.count {
            index = skipClean(bytes, from: index, escapeUnicode: escapeUnicode, escapeSlashes: escapeSlashes)
            guard index < bytes.count else { break }
            let byte = bytes[index]  // bounds proven above
            let needsEscape =
                byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                || (escapeSlashes && byte == UInt8(ascii: "/")) || (escapeUnicode && byte >= 0x80)
            guard needsEscape else {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))  // bounds proven: runStart <= index < count
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): appendShortEscape(byte, to: &output)
            case UInt8(ascii: "\n"): appendShortEscape(UInt8(ascii: "n"), to: &output)
            case UInt8(ascii: "\t"): appendShortEscape(UInt8(ascii: "t"), to: &output)
            case UInt8(ascii: "\r"): appendShortEscape(UInt8(ascii: "r"), to: &output)
            case 0x08: appendShortEscape(UInt8(ascii: "b"), to: &output)
            case 0x0C: appendShortEscape(UInt8(ascii: "f"), to: &output)
            case ..<0x80:
                appendUnicodeEscape(UInt16(byte), to: &output)
            default:
                let (scalar, length) = decodeScalar(bytes, at: index)
                if scalar > 0xFFFF {
                    let offset = scalar - 0x10000
                    appendUnicodeEscape(UInt16(truncatingIfNeeded: 0xD800 + (offset >> 10)), to: &output)
                    appendUnicodeEscape(UInt16(truncatingIfNeeded: 0xDC00 + (offset & 0x3FF)), to: &output)
                } else {
                    appendUnicodeEscape(UInt16(truncatingIfNeeded: scalar), to: &output)
                }
                index += length
                runStart = index
                continue
            }
            index += 1
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))  // bounds proven: runStart <= count (it moves past whole scalars of valid UTF-8)
    }
    if quoted { output.append(UInt8(ascii: "\"")) }
}

/// The index of the first byte at or after `start` that may need escaping
/// (`bytes.count` if none does), 16 bytes at a time; the last partial chunk
/// is copied into a padded vector so short strings never take a byte loop.
/// The lane arithmetic is the scanner's (see `Scanner.skipPlainASCII`): a
/// lane's high bit is set exactly for `"`, `\`, controls, and `/` or
/// non-ASCII when those are escaped.
@inline(__always)
private func skipClean(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, escapeUnicode: Bool, escapeSlashes: Bool) -> Int {
    let raw = UnsafeRawBufferPointer(bytes)
    let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
    let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
    // Without slash escaping, compare against a byte no text contains after masking (0x22 again).
    let slashes = SIMD16<UInt8>(repeating: escapeSlashes ? UInt8(ascii: "/") : UInt8(ascii: "\""))
    let spaces = SIMD16<UInt8>(repeating: 0x20)
    let ones = SIMD16<UInt8>(repeating: 1)
    let highBits = SIMD16<UInt8>(repeating: 0x80)
    let nonASCII = SIMD16<UInt8>(repeating: escapeUnicode ? 0xFF : 0x00)
    /// The offset of the first special lane in `chunk`, or 16.
    func firstSpecial(_ chunk: SIMD16<UInt8>) -> Int {
        let quote: SIMD16<UInt8> = chunk ^ quotes
        let backslash: SIMD16<UInt8> = chunk ^ backslashes
        let slash: SIMD16<UInt8> = chunk ^ slashes
        let isQuote: SIMD16<UInt8> = (quote &- ones) & ~quote
        let isBackslash: SIMD16<UInt8> = (backslash &- ones) & ~backslash
        let isSlash: SIMD16<UInt8> = (slash &- ones) & ~slash
        let isControl: SIMD16<UInt8> = (chunk &- spaces) & ~chunk
        let special: SIMD16<UInt8> = (isQuote | isBackslash | isSlash | isControl | (chunk & nonASCII)) & highBits
        let lanes = unsafeBitCast(special, to: SIMD2<UInt64>.self)
        if lanes[0] != 0 { return lanes[0].trailingZeroBitCount / 8 }
        return 8 + lanes[1].trailingZeroBitCount / 8
    }
    var position = start
    while position + 16 <= raw.count {
        let offset = firstSpecial(raw.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self))  // bounds proven
        if offset < 16 { return position + offset }
        position += 16
    }
    guard position < raw.count else { return raw.count }
    // Pad with a letter, which never needs escaping, so a match is a real byte.
    var tail = SIMD16<UInt8>(repeating: UInt8(ascii: "a"))
    withUnsafeMutableBytes(of: &tail) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[position...])) }  // fewer than 16 bytes
    return min(position + firstSpecial(tail), raw.count)
}

private func appendShortEscape(_ character: UInt8, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\\"))
    output.append(character)
}

private func appendUnicodeEscape(_ unit: UInt16, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\\"))
    output.append(UInt8(ascii: "u"))
    for shift in stride(from: 12, through: 0, by: -4) {
        output.append(hexDigits[Int((unit >> UInt16(shift)) & 0xF)])
    }
}

/// Decodes the scalar whose lead byte is at `index` of valid UTF-8 (a Swift
/// `String`'s storage), returning it and its length in bytes.
private func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
    let lead = UInt32(bytes[index])  // bounds proven: index < count (the caller's guard)
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    var scalar = lead & (0x7F >> UInt32(length))
    for offset in 1..<length where index + offset < bytes.count {
        scalar = scalar << 6 | (UInt32(bytes[index + offset]) & 0x3F)  // bounds proven: index + offset < count (where clause)
    }
    return (scalar, length)
}
