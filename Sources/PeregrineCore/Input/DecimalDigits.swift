/// The digits of a JSON number as the scanner reads them, and their
/// correctly rounded conversion to `Double`.
///
/// Up to 19 significant digits are kept exactly in `mantissa` (any 19-digit
/// decimal fits a `UInt64`); later digits only move `exponent` (integer part)
/// or are dropped (fraction), and `truncated` records whether a dropped digit
/// was non-zero. The value is `mantissa × 10^exponent`, exact unless truncated.
struct DecimalDigits {
    var mantissa: UInt64 = 0
    var significantDigits = 0
    var exponent = 0
    var truncated = false

    /// Exact powers of ten representable in a `Double` (10^22 is the last).
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// 10^`power` exactly, for `power` in 0...22.
    @inline(__always)
    static func exactPowerOfTen(_ power: UInt) -> Double {
        exactPowersOfTen[Int(power)]
    }

    @inline(__always)
    mutating func append(_ digit: UInt8, fractional: Bool) {
        if significantDigits < 19 {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            // Leading zeros are not significant.
            if mantissa != 0 { significantDigits += 1 }
            if fractional { exponent -= 1 }
        } else {
            if digit != 0 { truncated = true }
            if !fractional { exponent += 1 }
        }
    }

    /// The correctly rounded double, or `nil` if the text could not be
    /// converted. `text` is the number's JSON text, used only when neither
    /// Clinger's exact fast path nor Eisel–Lemire can decide.
    func double(negative: Bool, text: UnsafeBufferPointer<UInt8>) -> Double? {
        if mantissa == 0 && !truncated { return negative ? -0.0 : 0.0 }
        // Clinger's fast path: both the mantissa and the power of ten are
        // exact doubles, so one IEEE multiplication or division rounds correctly.
        if !truncated, mantissa <= 1 << 53, (-22...22).contains(exponent) {
            let value = Double(mantissa)
            let power = Self.exactPowerOfTen(exponent.magnitude)
            let result = exponent < 0 ? value / power : value * power
            return negative ? -result : result
        }
        // Eisel–Lemire; with dropped digits the value lies between the
        // mantissa and the mantissa + 1, and both must round alike.
        if let bits = Self.eiselLemire(mantissa, exponent),
            !truncated || Self.eiselLemire(mantissa + 1, exponent) == bits
        {
            let result = Double(bitPattern: bits)
            return negative ? -result : result
        }
        // Rare: subnormals, overflow, exact ties and very long mantissas.
        return Double(String(decoding: text, as: UTF8.self))
    }

    /// Whether `value` is exactly this decimal as far as text goes: the
    /// shortest text that reads back as `value` has the same digits and
    /// exponent (trailing zeros aside). Lossless number parsing keeps the text
    /// of every number for which this is false.
    func roundTrips(_ value: Double) -> Bool {
        guard value.isFinite, !truncated else { return false }
        var shortest = DecimalDigits()
        var fractional = false
        var exponentText = ""
        var inExponent = false
        for character in value.magnitude.description.utf8 {
            switch character {
            case UInt8(ascii: "."): fractional = true
            case UInt8(ascii: "e"): inExponent = true
            case _ where inExponent: exponentText.append(Character(Unicode.Scalar(character)))
            default: shortest.append(character &- UInt8(ascii: "0"), fractional: fractional)
            }
        }
        shortest.exponent += Int(exponentText) ?? 0
        return shortest.normalized == normalized
    }

    /// The mantissa without trailing zeros and the matching exponent; zero is (0, 0).
    private var normalized: (UInt64, Int) {
        guard mantissa != 0 else { return (0, 0) }
        var (value, power) = (mantissa, exponent)
        while value % 10 == 0 {
            value /= 10
            power += 1
        }
        return (value, power)
    }
}
