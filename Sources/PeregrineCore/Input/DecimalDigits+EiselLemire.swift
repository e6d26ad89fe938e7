extension DecimalDigits {
    /// The bits of the double nearest to `mantissa × 10^exponent` (sign
    /// excluded), by the Eisel–Lemire algorithm, or `nil` when the 128-bit
    /// product cannot decide the rounding (or the result is subnormal, zero
    /// or infinite); the caller then falls back to an exact conversion.
    ///
    /// The product of the normalized mantissa and the truncated 128-bit power
    /// of ten is within one unit of its last bits of the exact value, so when
    /// the bits below the 54 kept ones are not all ones (or all zeros at a
    /// tie), the rounding is the exact one. See Daniel Lemire, "Number Parsing
    /// at a Gigabyte per Second", Software: Practice and Experience 51(8), 2021.
    ///
    /// For the careful number path; the scanner's plain-number path calls
    /// ``eiselLemire(_:_:powers:)`` with the table pointer it keeps.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    static func eiselLemire(_ mantissa: UInt64, _ exponent: Int) -> UInt64? {
        eiselLemire(mantissa, exponent, powers: powersOfTen128Table.base)
    }

    /// ``eiselLemire(_:_:)`` reading the rows of ``powersOfTen128`` at
    /// `powers` (``powersOfTen128Table``'s), which a hot loop keeps.
    ///
    /// Always inlined: the scanner's plain-number path calls it for most
    /// doubles of 16 or more digits, where a call would cost a tenth of
    /// the number (the frame, and the vector constants reloaded after it).
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    static func eiselLemire(_ mantissa: UInt64, _ exponent: Int, powers: UnsafePointer<UInt64>) -> UInt64? {
        guard mantissa != 0, (powersOfTen128MinExponent...powersOfTen128MaxExponent).contains(exponent) else {
            return nil
        }
        let leadingZeros = mantissa.leadingZeroBitCount
        let normalized = mantissa << leadingZeros
        // floor(log2(10) × exponent) + 64 + bias − leadingZeros, as wrapping
        // unsigned arithmetic: an out-of-range result fails the final check.
        var binaryExponent = UInt64(bitPattern: Int64((217_706 * exponent) >> 16 + 64 + 1023 - leadingZeros))
        let row = (exponent - powersOfTen128MinExponent) * 2
        var (high, low) = fullProduct(normalized, powers[row])  // bounds proven: row + 1 < the table's count for exponents in range

        // The truncated power may be one unit short: widen with its low word
        // when the kept bits could still change.
        if high & 0x1FF == 0x1FF && low &+ normalized < normalized {
            let (carry, extraLow) = fullProduct(normalized, powers[row + 1])  // bounds proven as above
            let mergedLow = low &+ carry
            let mergedHigh = mergedLow < low ? high &+ 1 : high
            if mergedHigh & 0x1FF == 0x1FF && mergedLow &+ 1 == 0 && extraLow &+ normalized < normalized {
                return nil
            }
            (high, low) = (mergedHigh, mergedLow)
        }

        // Keep 54 bits, then round to 53 (ties to even).
        let topBit = high >> 63
        var significand = high >> (topBit + 9)
        binaryExponent &-= 1 ^ topBit
        if low == 0 && high & 0x1FF == 0 && significand & 3 == 1 {
            return nil  // exactly halfway as far as these bits tell
        }
        significand &+= significand & 1
        significand >>= 1
        if significand >> 53 > 0 {
            significand >>= 1
            binaryExponent &+= 1
        }
        guard binaryExponent &- 1 < 0x7FF - 1 else { return nil }
        return binaryExponent << 52 | significand & 0x000F_FFFF_FFFF_FFFF
    }

    /// The 128-bit product of `a` and `b`, high word first: one `mul` once
    /// inlined (`multipliedFullWidth` may stay a call into the standard
    /// library inside a function as large as the scanner's loop). Apple
    /// systems before `UInt128` take `multipliedFullWidth`; elsewhere the
    /// availability check is decided when compiling.
    @inline(__always)
    private static func fullProduct(_ a: UInt64, _ b: UInt64) -> (high: UInt64, low: UInt64) {
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            let product = UInt128(a) &* UInt128(b)
            return (UInt64(truncatingIfNeeded: product &>> 64), UInt64(truncatingIfNeeded: product))
        }
        return a.multipliedFullWidth(by: b)
    }
}

/// ``powersOfTen128`` in a ``FixedTable``, for the readers that keep its
/// pointer through a loop (the scanner's number path).
let powersOfTen128Table = FixedTable(powersOfTen128)
