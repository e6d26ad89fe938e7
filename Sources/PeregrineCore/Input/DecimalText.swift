/// The value of a JSON number's text in a normal form (sign, significant
/// digits without leading or trailing zeros, and the exact place of the
/// leading digit), so that equal numbers written differently (`1.50e1`,
/// `15.0`, `15`) compare and hash alike, and different ones never do,
/// however long their exponents (``DecimalExponent``).
struct DecimalText: Hashable {
    private var negative = false
    /// The significant digits as ASCII: none is a leading or trailing zero;
    /// empty for zero.
    private var digits: [UInt8] = []
    /// The value is 0.`digits` × 10^`scale`; zero's scale is 0.
    private var scale = DecimalExponent.small(0)

    /// Reads RFC 8259 number text (a `+` in the exponent too).
    ///
    /// - Complexity: O(the text's length), exponents of any length included.
    init(_ text: String) {
        var pointSeen = false
        // Digits before the point, and zeros before the first significant digit.
        var integerDigits = 0
        var leadingZeros = 0
        let utf8 = text.utf8
        var index = utf8.startIndex
        scan: while index < utf8.endIndex {
            let byte = utf8[index]
            utf8.formIndex(after: &index)
            switch byte {
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "+"): break
            case UInt8(ascii: "."): pointSeen = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): break scan
            default:
                if !pointSeen { integerDigits += 1 }
                if digits.isEmpty && byte == UInt8(ascii: "0") {
                    leadingZeros += 1
                } else {
                    digits.append(byte)
                }
            }
        }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        guard !digits.isEmpty else {
            negative = false
            return
        }
        // 0.digits × 10^(integerDigits - leadingZeros) is the significand;
        // the exponent's digits are the rest of the text, after any sign.
        var exponentNegative = false
        if index < utf8.endIndex, utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") {
            exponentNegative = utf8[index] == UInt8(ascii: "-")
            utf8.formIndex(after: &index)
        }
        scale = DecimalExponent(digits: utf8[index...], negative: exponentNegative, plus: integerDigits - leadingZeros)
    }
}

extension DecimalText: Comparable {
    /// Numeric order: by sign, then by the place of the leading digit, then
    /// digit by digit (a prefix is the smaller: 0.12 < 0.123).
    static func < (lhs: DecimalText, rhs: DecimalText) -> Bool {
        let lhsSign = lhs.digits.isEmpty ? 0 : lhs.negative ? -1 : 1
        let rhsSign = rhs.digits.isEmpty ? 0 : rhs.negative ? -1 : 1
        guard lhsSign == rhsSign else { return lhsSign < rhsSign }
        guard lhsSign != 0 else { return false }
        let magnitudeLess: Bool
        if lhs.scale != rhs.scale {
            magnitudeLess = lhs.scale < rhs.scale
        } else if lhs.digits == rhs.digits {
            return false
        } else {
            magnitudeLess = lhs.digits.lexicographicallyPrecedes(rhs.digits)
        }
        return lhsSign > 0 ? magnitudeLess : !magnitudeLess
    }
}
