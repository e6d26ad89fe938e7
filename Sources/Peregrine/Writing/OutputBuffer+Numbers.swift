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
    @inline(__always)
    mutating func appendInteger(_ magnitude: UInt64, negative: Bool) {
        let out = reserve(21)
        out[0] = UInt8(ascii: "-")  // bounds proven: room for 21; overwritten below when not negative
        let sign = negative ? 1 : 0
        advance(by: sign + writeDecimalDigits(of: magnitude, to: out + sign))
    }
}

/// Writes the decimal digits of `value` at `out`, where there is room for
/// 20 bytes (`UInt64.max` has 20 digits); returns how many were written.
@inline(__always)
func writeDecimalDigits(of value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
    let count = decimalDigitCount(of: value)
    writeDecimalDigits(of: value, count: count, to: out)
    return count
}

/// Writes the last `count` decimal digits of `value` at `out`, two at a time
/// from the end; there must be room for `count` bytes.
@inline(__always)
func writeDecimalDigits(of value: UInt64, count: Int, to out: UnsafeMutablePointer<UInt8>) {
    var rest = value
    var end = count
    while end >= 2 {
        let (quotient, pair) = rest.quotientAndRemainder(dividingBy: 100)
        let (tens, ones) = UInt8(truncatingIfNeeded: pair).quotientAndRemainder(dividingBy: 10)
        out[end - 2] = UInt8(ascii: "0") &+ tens  // bounds proven: 0 <= end - 2 < count
        out[end - 1] = UInt8(ascii: "0") &+ ones
        rest = quotient
        end -= 2
    }
    if end == 1 { out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10) }  // bounds proven: count >= 1
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
