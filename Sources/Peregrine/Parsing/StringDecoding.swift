extension TapeEntry {
    /// The decoded string of a string entry. The scanner has already
    /// validated the bytes and escapes, so decoding cannot fail; an escape-free
    /// string is copied straight from the input.
    func decodeString(in input: UnsafeBufferPointer<UInt8>) -> String {
        let raw = UnsafeBufferPointer(rebasing: input[offset..<offset + length])
        guard flags & TapeEntry.hasEscapes != 0 else {
            return String(decoding: raw, as: UTF8.self)
        }
        // Escapes only shrink: `\n` is 2 bytes for 1, `\uXXXX` 6 for at most 3,
        // a surrogate pair 12 for 4. So `written <= position` always holds and
        // every write below is inside the buffer (bounds proven).
        return String(unsafeUninitializedCapacity: raw.count) { output in
            var written = 0
            var position = 0
            while position < raw.count {
                let byte = raw[position]
                guard byte == UInt8(ascii: "\\"), position + 1 < raw.count else {
                    output[written] = byte
                    written += 1
                    position += 1
                    continue
                }
                position += 1
                let escaped = raw[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "b"): output[written] = 0x08
                case UInt8(ascii: "f"): output[written] = 0x0C
                case UInt8(ascii: "n"): output[written] = 0x0A
                case UInt8(ascii: "r"): output[written] = 0x0D
                case UInt8(ascii: "t"): output[written] = 0x09
                case UInt8(ascii: "u"):
                    var scalar = UInt32(hexValue(raw, at: position))
                    position += 4
                    if (0xD800...0xDBFF).contains(scalar) {
                        // The scanner proved a low surrogate escape follows.
                        let low = UInt32(hexValue(raw, at: position + 2))
                        position += 6
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    written += encodeUTF8(scalar, into: output, at: written)
                    continue
                default: output[written] = escaped
                }
                written += 1
            }
            return written
        }
    }
}

/// The value of the four hex digits at `position`, which the scanner validated.
private func hexValue(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt16 {
    var value: UInt16 = 0
    for byte in bytes[position..<min(position + 4, bytes.count)] {
        let digit = byte <= UInt8(ascii: "9") ? byte &- UInt8(ascii: "0") : (byte | 0x20) &- UInt8(ascii: "a") &+ 10
        value = value << 4 | UInt16(digit & 0xF)
    }
    return value
}

/// Writes `scalar` as UTF-8 at `index`; returns the number of bytes written.
private func encodeUTF8(_ scalar: UInt32, into output: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
    switch scalar {
    case ..<0x80:
        output[index] = UInt8(truncatingIfNeeded: scalar)
        return 1
    case ..<0x800:
        output[index] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
        output[index + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
        return 2
    case ..<0x10000:
        output[index] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
        output[index + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
        output[index + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
        return 3
    default:
        output[index] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
        output[index + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
        output[index + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
        output[index + 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
        return 4
    }
}
