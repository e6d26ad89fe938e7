/// The exponent of a number text in ``DecimalText``: an integer of any
/// size, exactly (`1e2000000000000` and `1e20000000000000` differ, as do
/// exponents of hundreds of digits that differ in the last). Kept in an
/// `Int` below 10^18 in magnitude, else as its decimal digits, so that each
/// value has exactly one form and the synthesized `==` and hash are the
/// value's.
///
/// ```swift
/// let e = DecimalExponent(digits: "12".utf8, negative: true, plus: 3)   // -9
/// ```
enum DecimalExponent: Hashable {
    /// A value of magnitude below 10^18.
    case small(Int)
    /// A value of magnitude 10^18 or more: its sign and its decimal digits
    /// as ASCII, the first not `0`.
    case large(negative: Bool, digits: [UInt8])

    /// Below this magnitude a value is ``small(_:)``: 18 digits, so that a
    /// small value plus another stays within `Int`.
    private static let smallLimit = 1_000_000_000_000_000_000

    /// The integer written as the ASCII `digits` (any number of them, leading
    /// zeros too), negated when `negative`, plus `delta`.
    ///
    /// - Complexity: O(`digits.count`), one pass.
    init(digits: some Sequence<UInt8>, negative: Bool, plus delta: Int) {
        // The first 18 significant digits in an Int; all of them only past that.
        var value = 0
        var count = 0
        var significant: [UInt8] = []
        for digit in digits where count > 0 || digit != UInt8(ascii: "0") {
            count += 1
            if count <= 18 {
                value = value * 10 + Int(digit &- UInt8(ascii: "0"))
            } else {
                if significant.isEmpty { significant = Array(String(value).utf8) }
                significant.append(digit)
            }
        }
        if count <= 18 {
            // Below 10^18, and |delta| is a text's length: the sum fits an Int.
            let (sum, overflow) = (negative ? -value : value).addingReportingOverflow(delta)
            if !overflow {
                self = Self.canonical(sum)
                return
            }
            significant = Array(String(value).utf8)
        }
        let deltaDigits = delta == 0 ? [] : Array(String(delta.magnitude).utf8)
        self = Self.sum(negative: negative, significant, negative: delta < 0, deltaDigits)
    }

    /// The form of `value`: small below 10^18 in magnitude.
    private static func canonical(_ value: Int) -> DecimalExponent {
        guard value.magnitude >= smallLimit.magnitude else { return .small(value) }
        return .large(negative: value < 0, digits: Array(String(value.magnitude).utf8))
    }

    /// The form of ±`digits`, digits without leading zeros.
    private static func canonical(negative: Bool, _ digits: [UInt8]) -> DecimalExponent {
        guard digits.count <= 18 else { return .large(negative: negative, digits: digits) }
        var value = 0
        for digit in digits { value = value * 10 + Int(digit &- UInt8(ascii: "0")) }
        return canonical(negative ? -value : value)
    }

    /// ±`a` + ±`b`, magnitudes as ASCII digits without leading zeros
    /// (empty for zero), schoolbook.
    private static func sum(negative aNegative: Bool, _ a: [UInt8], negative bNegative: Bool, _ b: [UInt8]) -> DecimalExponent {
        let zero = UInt8(ascii: "0")
        if aNegative == bNegative {
            var result: [UInt8] = []
            var carry: UInt8 = 0
            var (i, j) = (a.count, b.count)
            while i > 0 || j > 0 || carry > 0 {
                var digit = carry
                if i > 0 { i -= 1; digit += a[i] &- zero }  // bounds proven: 0 <= i < a.count
                if j > 0 { j -= 1; digit += b[j] &- zero }  // bounds proven: 0 <= j < b.count
                carry = digit / 10
                result.append(digit % 10 + zero)
            }
            return canonical(negative: aNegative, stripped(result.reversed()))
        }
        // Opposite signs: the larger magnitude less the smaller, with its sign.
        let aLarger = a.count != b.count ? a.count > b.count : !a.lexicographicallyPrecedes(b)
        let (larger, smaller, negative) = aLarger ? (a, b, aNegative) : (b, a, bNegative)
        var result: [UInt8] = []
        var borrow: UInt8 = 0
        var j = smaller.count
        for i in stride(from: larger.count - 1, through: 0, by: -1) {
            var subtrahend = borrow
            if j > 0 { j -= 1; subtrahend += smaller[j] &- zero }  // bounds proven: 0 <= j < smaller.count
            let minuend = larger[i] &- zero  // bounds proven: 0 <= i < larger.count
            borrow = minuend < subtrahend ? 1 : 0
            result.append(minuend &+ 10 * borrow &- subtrahend + zero)
        }
        return canonical(negative: negative, stripped(result.reversed()))
    }

    /// `digits` without leading zeros.
    private static func stripped(_ digits: ReversedCollection<[UInt8]>) -> [UInt8] {
        Array(digits.drop { $0 == UInt8(ascii: "0") })
    }
}

extension DecimalExponent: Comparable {
    /// Numeric order.
    static func < (lhs: DecimalExponent, rhs: DecimalExponent) -> Bool {
        switch (lhs, rhs) {
        case (.small(let a), .small(let b)): return a < b
        case (.large(let negative, _), .small): return negative
        case (.small, .large(let negative, _)): return !negative
        case (.large(let aNegative, let a), .large(let bNegative, let b)):
            guard aNegative == bNegative else { return aNegative }
            let magnitudeLess = a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
            return aNegative ? !magnitudeLess && a != b : magnitudeLess
        }
    }
}
