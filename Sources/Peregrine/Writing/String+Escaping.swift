private let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

/// Appends `string` as JSON string content, with or without the quotes.
///
/// Only `\n`, `\t`, `\"` and `\\` use short escapes; every other control
/// character is written as `\u00XX` (lowercase hex). `escapeSlashes` writes
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
            let byte = bytes[index]
            let needsEscape =
                byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                || (escapeSlashes && byte == UInt8(ascii: "/")) || (escapeUnicode && byte >= 0x80)
            guard needsEscape else {
                index += 1
                continue
            }
            output.append(contentsOf: bytes[runStart..<index])
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): appendShortEscape(byte, to: &output)
            case UInt8(ascii: "\n"): appendShortEscape(UInt8(ascii: "n"), to: &output)
            case UInt8(ascii: "\t"): appendShortEscape(UInt8(ascii: "t"), to: &output)
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
        output.append(contentsOf: bytes[runStart..<bytes.count])
    }
    if quoted { output.append(UInt8(ascii: "\"")) }
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
    let lead = UInt32(bytes[index])
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    var scalar = lead & (0x7F >> UInt32(length))
    for offset in 1..<length where index + offset < bytes.count {
        scalar = scalar << 6 | (UInt32(bytes[index + offset]) & 0x3F)
    }
    return (scalar, length)
}
