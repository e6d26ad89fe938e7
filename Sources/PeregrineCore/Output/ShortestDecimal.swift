/// The shortest decimal text that reads back as the same double, written
/// exactly as Swift's `Double.description` writes it.
///
/// The digits come from Raffaello Giulietti's Schubfach algorithm ("The
/// Schubfach way to render doubles", 2020; the algorithm of Java 19's
/// `Double.toString`): of the decimals that round to the double, those with
/// the fewest digits, and of them the one closest to it (the even one on a
/// tie). The rounding interval is scaled by a 126-bit power of ten, taken
/// from ``powersOfTen128`` (the parser's table: `floor(10^e × 2^s)` in 128
/// bits, so `floor(… / 4) + 1` is Schubfach's `g`), with one 64×128-bit
/// product per bound, rounded to odd.
///
/// The layout is Swift's: plain decimal notation with at least one digit
/// after the point (`100.0`, `0.001`, `-0.0`) for magnitudes from 0.0001 up
/// to 2^53, exponential notation otherwise, with no point after a single
/// digit and at least two exponent digits (`1e-05`, `1.2345e+16`,
/// `5e-324`).
///
/// ```swift
/// let out = output.reserve(ShortestDecimal.maxLength)
/// output.advance(by: ShortestDecimal.write(0.1, to: out))   // 0.1
/// ```
enum ShortestDecimal {
    /// The room ``write(_:to:)`` needs: 24 bytes of text at most, and 16
    /// to spare for its vector stores.
    static let maxLength = 48

    /// Writes the finite `value` at `out`, where there is room for
    /// ``maxLength`` bytes; returns how many bytes the text has.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: the walks writing numbers grew past where the cost model inlines it
    #else
    @inline(__always)
    #endif
    static func write(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var sign = 0
        if value.sign == .minus {
            out[0] = UInt8(ascii: "-")  // bounds proven: room for maxLength
            sign = 1
        }
        guard value != 0 else {
            storeASCII("0.0", at: out + sign)
            return sign + 3
        }
        let (significand, exponent) = untrimmedDecimal(of: value)
        return sign + layOut(significand, exponent, large: value.magnitude > 0x1p53, at: out + sign)
    }

    /// Writes `significand × 10^exponent` (a nonzero significand of at most
    /// 17 digits, trailing zeros allowed) as Swift does; returns its length.
    ///
    /// The digits are written once, into a zeroed 32-byte scratch, and
    /// moved into place 16 bytes at a time around the point. Trailing zeros
    /// are dropped from the text rather than divided out of the number: the
    /// `0` bytes at the end of the last eight digits, counted in one word.
    #if compiler(>=6.3)
    @inline(always)  // as `write`
    #else
    @inline(__always)
    #endif
    private static func layOut(_ significand: UInt64, _ exponent: Int, large: Bool, at out: UnsafeMutablePointer<UInt8>) -> Int {
        let written = decimalDigitCount(of: significand)
        var scratch: (SIMD16<UInt8>, SIMD16<UInt8>) = (.zero, .zero)
        return withUnsafeMutableBytes(of: &scratch) { scratch in
            guard let digits = scratch.baseAddress else { return 0 }  // never nil: 32 bytes
            writeDecimalDigits(of: significand, count: written, to: digits.assumingMemoryBound(to: UInt8.self))
            let count = digitsWithoutTrailingZeros(digits, count: written)
            let exponent = exponent + written - count
            /// 16 digits from the `from`th to `out + to`.
            func move(from: Int, to: Int) {
                // bounds proven: from <= 16 reads inside the 32-byte scratch; to + 16 <= 36 < maxLength
                UnsafeMutableRawPointer(out + to).storeBytes(
                    of: digits.loadUnaligned(fromByteOffset: from, as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            }
            // bounds proven for every write below: the text has at most 23
            // bytes, and each 16-byte store starts within it, inside maxLength
            // The power of ten of the first digit: d.ddd × 10^scientific.
            let scientific = exponent + count - 1
            if scientific < -4 || large {
                move(from: 0, to: 0)
                var length = 1
                if count > 1 {
                    out[1] = UInt8(ascii: ".")
                    move(from: 1, to: 2)
                    length = count + 1
                }
                out[length] = UInt8(ascii: "e")
                out[length + 1] = scientific < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                let power = UInt64(scientific.magnitude)
                let powerDigits = power < 100 ? 2 : 3
                writeDecimalDigits(of: power, count: powerDigits, to: out + length + 2)
                return length + 2 + powerDigits
            }
            if scientific < 0 {
                // 0.000ddd
                let zeros = -scientific - 1
                storeZeros(at: out)
                out[1] = UInt8(ascii: ".")
                move(from: 0, to: 2 + zeros)
                move(from: 16, to: 18 + zeros)
                return 2 + zeros + count
            }
            if scientific >= count - 1 {
                // ddd000.0
                move(from: 0, to: 0)
                storeZeros(at: out + count)
                let point = scientific + 1
                out[point] = UInt8(ascii: ".")
                out[point + 1] = UInt8(ascii: "0")
                return point + 2
            }
            // ddd.ddd
            move(from: 0, to: 0)
            out[scientific + 1] = UInt8(ascii: ".")
            move(from: scientific + 1, to: scientific + 2)
            return count + 1
        }
    }

    /// Sixteen `0` characters at `out`.
    @inline(__always)
    private static func storeZeros(at out: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(out).storeBytes(of: SIMD16(repeating: UInt8(ascii: "0")), as: SIMD16<UInt8>.self)
    }

    /// The bytes of a short ASCII literal at `out`.
    @inline(__always)
    private static func storeASCII(_ text: StaticString, at out: UnsafeMutablePointer<UInt8>) {
        text.withUTF8Buffer { bytes in
            for index in bytes.indices { out[index] = bytes[index] }  // bounds proven: callers leave room for the literal
        }
    }

    /// How many of the `count` digits at `digits` (the first nonzero) are
    /// left without their trailing zeros: the last eight digits are read as
    /// one word, whose `0` bytes from the top are the zeros; a second word
    /// when all eight were (as in `1e+22`), then one digit at a time below
    /// eight digits (short significands: subnormals, small integers).
    @inline(__always)
    private static func digitsWithoutTrailingZeros(_ digits: UnsafeMutableRawPointer, count: Int) -> Int {
        var count = count
        // bounds proven: each word lies within the `count` digits, inside the 32-byte scratch
        for _ in 0..<2 where count >= 8 {
            let zeros = (digits.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self).littleEndian ^ 0x3030_3030_3030_3030)
                .leadingZeroBitCount / 8
            count -= zeros  // at most 7 when the word holds the first digit
            guard zeros == 8 else { return count }
        }
        while count > 1, digits.load(fromByteOffset: count - 1, as: UInt8.self) == UInt8(ascii: "0") { count -= 1 }
        return count
    }

    // MARK: - Schubfach

    /// The finite, nonzero `value`'s shortest decimal, `significand ×
    /// 10^exponent`, the significand perhaps with trailing zeros (at most
    /// 17 digits).
    ///
    /// Most doubles take ``nearestDecimal(q:c:)``: one 64×128-bit product
    /// and a few comparisons, in place of Schubfach's three.
    @inline(__always)
    private static func untrimmedDecimal(of value: Double) -> (significand: UInt64, exponent: Int) {
        let bits = value.bitPattern
        let fraction = bits & (1 << 52 - 1)
        let biasedExponent = Int(truncatingIfNeeded: bits >> 52) & 0x7FF
        guard biasedExponent != 0 else {
            // Subnormal. Below 3 × 2^-1074 the interval is too narrow for
            // two-digit candidates; scaling by ten gives the scheme room.
            return schubfach(q: -1074, c: fraction < 3 ? 10 * fraction : fraction, tenfold: fraction < 3)
        }
        let c = 1 << 52 | fraction
        let q = biasedExponent - 1075
        if UInt(bitPattern: q &+ 52) < 52, c.trailingZeroBitCount >= -q {
            // An integer below 2^53 (q in -52...-1, no fraction bits): its digits are the shortest.
            return (c >> UInt64(-q), 0)
        }
        if fraction != 0, let decimal = nearestDecimal(q: q, c: c) { return decimal }
        return schubfach(q: q, c: c, tenfold: false)
    }

    /// Schubfach's answer for the normal double `c × 2^q` (`c` not a power
    /// of two, so the gaps to both neighbours are one ulp), found from one
    /// product, or `nil` when that product is too close to a boundary to
    /// decide (about one double in a thousand; ``schubfach(q:c:tenfold:)``
    /// decides those exactly).
    ///
    /// With `k = floor(log10(2^q))`, `V = c × 2^q / 10^k` lies in [2^52,
    /// 10 × 2^53) and the half-ulp `H = 2^(q-1) / 10^k` in [0.5, 5). The
    /// decimals with 16 or 17 digits that read back as the double are the
    /// integers within `H` of `V` (bounds included when `c` is even).
    /// Since `2H < 10`, at most one multiple of ten is among them, and
    /// Schubfach picks it when there is one (it is the shortest); otherwise
    /// the integer nearest `V`, always among them as `H >= 0.5`.
    ///
    /// `V` is computed with 64 fraction bits from the 128-bit power of ten
    /// (rounded down): the product rounded down is below the true `V × 2^64`
    /// by less than 1.0001 units. Its last digit and fraction, `(V mod 10)
    /// × 2^60`, and `H × 2^60` from the power's high word are each below
    /// the truth by less than 1.5 units; each comparison below trusts its
    /// operands only when they differ by more than the summed errors, with
    /// room to spare. A fraction that close to one is taken for an exact
    /// integer `V`, then off by less than one unit either way.
    @inline(__always)
    private static func nearestDecimal(q: Int, c: UInt64) -> (UInt64, Int)? {
        let k = floorLog10Pow2(q)
        // 0...3: 2^q / 10^k is in [1, 10) and the power's scale is 2^-floor(log2(10^-k)).
        let h = q + floorLog2Pow10(-k)
        let index = 2 * (-k - powersOfTen128MinExponent)  // bounds proven: -292 <= -k <= 323, inside the table's -348...347
        let (high, low) = (powersOfTen128[index], powersOfTen128[index + 1])
        let cb = c << UInt64(h + 1)  // below 2^57
        // V × 2^64 = cb × power / 2^64: integer part n, fraction in 64 bits.
        let lowProduct = cb.multipliedFullWidth(by: low).high
        let highProduct = cb.multipliedFullWidth(by: high)
        let (rawFraction, carry) = highProduct.low.addingReportingOverflow(lowProduct)
        // A fraction within a hair of one is an integer V (a short decimal,
        // as 1.5) computed a little low: read as that integer.
        let margin: UInt64 = 8
        let isInteger = rawFraction > UInt64.max - margin
        let n = highProduct.high &+ (carry ? 1 : 0) &+ (isInteger ? 1 : 0)
        let fraction = isInteger ? 0 : rawFraction
        let lastDigit = n % 10
        let tens = n &- lastDigit
        let modTen = lastDigit << 60 | fraction >> 4  // (V mod 10) × 2^60
        let halfULP = high >> UInt64(4 - h)  // H × 2^60
        let sum = modTen &+ halfULP  // below 15 × 2^60
        let ten: UInt64 = 10 << 60
        let half: UInt64 = 1 << 63
        // Too close to call: V's last digit against H, 10 - it against H,
        // or the fraction against one half.
        guard halfULP &- modTen &+ margin > 2 * margin, sum &- ten &+ margin > 2 * margin, fraction &- half &+ margin > 2 * margin
        else { return nil }
        if halfULP > modTen { return (tens, k) }  // the multiple of ten below
        if sum > ten { return (tens &+ 10, k) }  // the one above
        return (fraction > half ? n &+ 1 : n, k)
    }

    /// The shortest decimal in the rounding interval of `c × 2^q`, as
    /// significand and power of ten (section 9 of the paper); `tenfold`
    /// when `c` was scaled by ten.
    private static func schubfach(q: Int, c: UInt64, tenfold: Bool) -> (UInt64, Int) {
        // Odd significands round to even neighbours, so their interval
        // excludes its bounds.
        let open: UInt64 = c & 1
        let cb = c << 2
        let cbr = cb + 2
        let cbl: UInt64
        let k: Int
        if c != 1 << 52 || q == -1074 {
            cbl = cb - 2
            k = floorLog10Pow2(q)
        } else {
            // At a power of two the gap below is half the gap above.
            cbl = cb - 1
            k = floorLog10ThreeQuartersPow2(q)
        }
        let h = q + floorLog2Pow10(-k) + 2
        let (g1, g0) = scaledPowerOfTen(-k)
        let vb = roundToOdd(g1, g0, cb << h)
        let vbl = roundToOdd(g1, g0, cbl << h)
        let vbr = roundToOdd(g1, g0, cbr << h)
        let s = vb >> 2
        let exponent = tenfold ? k - 1 : k
        if s >= 10 {
            // A candidate one digit shorter: sp10 or tp10. (Java's version
            // asks for s >= 100, as its text needs two digits; Swift's
            // writes 5e-324 where Java writes 4.9E-324.)
            let sp10 = 10 * (s / 10)
            let tp10 = sp10 + 10
            let upin = vbl + open <= sp10 << 2
            let wpin = (tp10 << 2) + open <= vbr
            if upin != wpin { return (upin ? sp10 : tp10, exponent) }
        }
        let t = s + 1
        let uin = vbl + open <= s << 2
        let win = (t << 2) + open <= vbr
        if uin != win { return (uin ? s : t, exponent) }
        // Both in the interval: the closer, the even one on a tie.
        let midpoint = (s + t) << 1
        return (vb < midpoint || (vb == midpoint && s & 1 == 0) ? s : t, exponent)
    }

    /// `floor(cp × g / 2^127)`, with the lowest bit set when the division
    /// is inexact, for `g = g1 × 2^63 + g0`.
    @inline(__always)
    private static func roundToOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64) -> UInt64 {
        let x1 = g0.multipliedFullWidth(by: cp).high
        let y = g1.multipliedFullWidth(by: cp)
        let z = (y.low >> 1) &+ x1
        let vbp = y.high &+ (z >> 63)
        let mask63: UInt64 = 1 << 63 - 1
        return vbp | ((z & mask63) &+ mask63) >> 63
    }

    /// Schubfach's `g` for `10^e`, split in 63-bit halves: `floor(10^e ×
    /// 2^(125 - floor(log2(10^e)))) + 1`, from the 128-bit table.
    @inline(__always)
    private static func scaledPowerOfTen(_ e: Int) -> (UInt64, UInt64) {
        let index = 2 * (e - powersOfTen128MinExponent)  // bounds proven: -292 <= e <= 324, inside the table's -348...347
        let (high, low) = (powersOfTen128[index], powersOfTen128[index + 1])
        // g = (high:low >> 2) + 1 in 126 bits; g1 its bits 63–125, g0 its bits 0–62.
        let (gLow, carry) = (high << 62 | low >> 2).addingReportingOverflow(1)
        let gHigh = high >> 2 + (carry ? 1 : 0)
        return (gHigh << 1 | gLow >> 63, gLow & (1 << 63 - 1))
    }

    /// `floor(q × log10(2))`, exact for |q| <= 5_456_721.
    @inline(__always)
    private static func floorLog10Pow2(_ q: Int) -> Int { (q &* 661_971_961_083) >> 41 }

    /// `floor(log10(3/4 × 2^q))`.
    @inline(__always)
    private static func floorLog10ThreeQuartersPow2(_ q: Int) -> Int { (q &* 661_971_961_083 &- 274_743_187_321) >> 41 }

    /// `floor(e × log2(10))`.
    @inline(__always)
    private static func floorLog2Pow10(_ e: Int) -> Int { (e &* 913_124_641_741) >> 38 }
}
