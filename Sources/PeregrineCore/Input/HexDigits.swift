/// The value of hexadecimal digits, or `nil` if one is not a digit.
package func hexValue(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64? {
    var value: UInt64 = 0
    for byte in digits {
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: return nil
        }
        value = value << 4 | UInt64(digit)
    }
    return value
}

/// The value of the four hexadecimal digits at `position` (a `\u`
/// escape's), or `nil` if fewer than four bytes remain or one is not a
/// digit. All four are read and checked at once, a byte to a lane of one
/// word: `\u` escapes are common enough in real text that a switch per
/// digit showed in profiles.
func hexQuad(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt16? {
    guard position >= 0, position <= bytes.count &- 4 else { return nil }
    // bounds proven: 0 <= position and position + 4 <= bytes.count
    let word = UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: position, as: UInt32.self).littleEndian
    // Below 0x80 in every lane, adding at most 0x50 carries into no other lane,
    // and a lane's high bit after `x + (0x80 - low)` says `x >= low`.
    guard word & 0x8080_8080 == 0 else { return nil }
    let isDigit = (word &+ 0x5050_5050) & ~(word &+ 0x4646_4646)  // "0"...":" - 1
    let lowercase = word | 0x2020_2020  // "A"..."F" to "a"..."f"; nothing else lands there
    let isLetter = (lowercase &+ 0x1F1F_1F1F) & ~(lowercase &+ 0x1919_1919)  // "a"..."g" - 1
    guard (isDigit | isLetter) & 0x8080_8080 == 0x8080_8080 else { return nil }
    // A digit's value is its low four bits, a letter's those plus 9 ("a" is 0x61).
    let lanes = (word & 0x0F0F_0F0F) &+ (isLetter & 0x8080_8080) >> 7 &* 9
    // The first digit is the lowest lane: pair the lanes into bytes, then the bytes.
    let pairs = (lanes << 4 | lanes >> 8) & 0x00FF_00FF
    return UInt16(truncatingIfNeeded: (pairs & 0xFF) << 8 | pairs >> 16)
}
