/// The value of hexadecimal digits, or `nil` if one is not a digit.
func hexValue(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64? {
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
