extension OutputBuffer {
    /// Appends a number as JSON text: integers in decimal, doubles in the
    /// shortest form that reads back to the same bits and still contains `.`
    /// or `e`, so that a double stays a double (`1.0`, `-0.0`, `1e+100`),
    /// lossless numbers byte for byte as they were read. Non-finite doubles
    /// are written as JSON5's `NaN`, `Infinity` and `-Infinity`; callers
    /// that need valid JSON deal with them first.
    ///
    /// ```swift
    /// output.appendNumber(JSON.Number(2.5))   // 2.5
    /// ```
    @inline(__always)
    mutating func appendNumber(_ number: JSON.Number) {
        switch number.storage {
        case .int64(let value): appendInteger(value.magnitude, negative: value < 0)
        case .uint64(let value): appendInteger(value, negative: false)
        case .double(let value): appendDouble(value)
        case .decimal(let text): appendText(text)
        }
    }

    /// Appends a double as ``appendNumber(_:)`` does.
    @inline(__always)
    mutating func appendDouble(_ value: Double) {
        guard value.isFinite else { return appendNonFinite(value) }
        advance(by: ShortestDecimal.write(value, to: reserve(ShortestDecimal.maxLength)))
    }

    private mutating func appendNonFinite(_ value: Double) {
        append(value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity")
    }

    /// Appends the UTF-8 of `text` as it stands.
    mutating func appendText(_ text: String) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ append($0) }) { return done }
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends an integer in decimal: `-` when `negative`, then the digits of `magnitude`.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: the serializer's loop keeps it inlined, which `@inline(__always)` does not ensure
    #else
    @inline(__always)
    #endif
    mutating func appendInteger(_ magnitude: UInt64, negative: Bool) {
        advance(by: writeInteger(magnitude, negative: negative, to: reserve(21)))
    }

    /// ``appendInteger(_:negative:)`` when there is room for 21 bytes now;
    /// `false`, with nothing written, when the buffer must grow first. For
    /// an inlined path that calls nothing.
    @inline(__always)
    mutating func appendIntegerIfRoom(_ magnitude: UInt64, negative: Bool) -> Bool {
        guard let out = reserveIfRoom(21) else { return false }
        advance(by: writeInteger(magnitude, negative: negative, to: out))
        return true
    }
}

/// Writes `-` when `negative`, then the decimal digits of `magnitude`, at
/// `out`, where there is room for 21 bytes; returns how many were written.
@inline(__always)
private func writeInteger(_ magnitude: UInt64, negative: Bool, to out: UnsafeMutablePointer<UInt8>) -> Int {
    out[0] = UInt8(ascii: "-")  // bounds proven: room for 21; overwritten below when not negative
    let sign = negative ? 1 : 0
    return sign + writeDecimalDigits(of: magnitude, to: out + sign)
}

/// Writes the decimal digits of `value` at `out`, where there is room for
/// 20 bytes (`UInt64.max` has 20 digits); returns how many were written.
@inline(__always)
func writeDecimalDigits(of value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
    let count = decimalDigitCount(of: value)
    writeDecimalDigits(of: value, count: count, to: out)
    return count
}

/// Writes `value`, which must be below 10^count, as exactly `count`
/// decimal digits (leading zeros included) at `out`, where there is room
/// for `max(count, 8)` bytes; bytes past `count` may be overwritten.
///
/// Eight digits at a time, as one word built by ``eightDigits(_:)`` and
/// stored whole; the first word is shifted to drop the digits before
/// `count`.
@inline(__always)
func writeDecimalDigits(of value: UInt64, count: Int, to out: UnsafeMutablePointer<UInt8>) {
    let raw = UnsafeMutableRawPointer(out)
    // bounds proven for each store: 4 or 8 bytes at an offset in 0...max(count, 8) - 8
    if count <= 8 {
        raw.storeBytes(of: (eightDigits(UInt32(truncatingIfNeeded: value)) >> (8 * (8 - count))).littleEndian, as: UInt64.self)
        return
    }
    var rest = value
    if count > 16 {
        let top = rest / 10_000_000_000_000_000  // below 10^4: UInt64.max has 20 digits
        rest &-= top &* 10_000_000_000_000_000
        raw.storeBytes(of: (fourDigits(UInt32(truncatingIfNeeded: top)) >> (8 * (20 - count))).littleEndian, as: UInt32.self)
    }
    let high = rest / 100_000_000
    let low = rest &- high &* 100_000_000
    let highDigits = min(count, 16) &- 8
    if highDigits <= 4 {
        // 9 to 12 digits: the high part in one lane, at offset 0 (count - 8 - highDigits).
        raw.storeBytes(of: (fourDigits(UInt32(truncatingIfNeeded: high)) >> (8 * (4 - highDigits))).littleEndian, as: UInt32.self)
    } else {
        raw.storeBytes(
            of: (eightDigits(UInt32(truncatingIfNeeded: high)) >> (8 * (8 - highDigits))).littleEndian, toByteOffset: count - 8 - highDigits,
            as: UInt64.self)
    }
    raw.storeBytes(of: eightDigits(UInt32(truncatingIfNeeded: low)).littleEndian, toByteOffset: count - 8, as: UInt64.self)
}

/// The eight decimal digits of `value` (below 10^8, leading zeros
/// included) as ASCII in one word, the first digit in the lowest byte: the
/// two halves of four digits split into pairs and the pairs into digits in
/// all lanes at once, dividing by multiplying (`x × 10486 >> 20` is `x /
/// 100` below 10^4, `x × 103 >> 10` is `x / 10` below 100).
@inline(__always)
func eightDigits(_ value: UInt32) -> UInt64 {
    let high = value / 10_000
    var lanes = UInt64(high) | UInt64(value &- high &* 10_000) << 32
    let hundreds = ((lanes &* 10_486) >> 20) & 0x0000_007F_0000_007F
    lanes = hundreds | (lanes &- hundreds &* 100) << 16
    let tens = ((lanes &* 103) >> 10) & 0x000F_000F_000F_000F
    lanes = tens | (lanes &- tens &* 10) << 8
    return lanes | 0x3030_3030_3030_3030
}

/// The four decimal digits of `value` (below 10^4, leading zeros
/// included) as ASCII in one word, the first digit in the lowest byte: the
/// second half of ``eightDigits(_:)``, in one lane.
@inline(__always)
func fourDigits(_ value: UInt32) -> UInt32 {
    let hundreds = (value &* 10_486) >> 20
    var lanes = hundreds | (value &- hundreds &* 100) << 16
    let tens = ((lanes &* 103) >> 10) & 0x000F_000F
    lanes = tens | (lanes &- tens &* 10) << 8
    return lanes | 0x3030_3030
}

/// How many decimal digits `value` has (1 for zero).
@inline(__always)
func decimalDigitCount(of value: UInt64) -> Int {
    // floor(log10(2^bits)) guesses the count from the bit length; one
    // comparison with the power of ten at the guess corrects it.
    let bits = 64 - (value | 1).leadingZeroBitCount
    let guess = (bits &* 1_233) >> 12  // 0...19
    return guess + ((value | 1) >= powersOfTen64[guess] ? 1 : 0)  // bounds proven: guess <= 19 < 20 entries
}

/// 10^0 through 10^19, every power of ten a `UInt64` holds.
let powersOfTen64: [UInt64] = [
    1, 10, 100, 1_000,
    10_000, 100_000, 1_000_000, 10_000_000,
    100_000_000, 1_000_000_000, 10_000_000_000, 100_000_000_000,
    1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
    10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
]
