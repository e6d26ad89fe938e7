/// The value of a JSON number's text in a normal form (sign, significant
/// digits without leading or trailing zeros, exponent), so that equal
/// numbers written differently (`1.50e1`, `15.0`, `15`) compare and hash alike.
struct DecimalText: Hashable {
    private var negative = false
    private var digits: [UInt8] = []
    private var exponent = 0

    /// Reads RFC 8259 number text; the exponent saturates far beyond any
    /// representable value.
    init(_ text: String) {
        var pointSeen = false
        var exponentValue = 0
        var exponentNegative = false
        var inExponent = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-") where !inExponent: negative = true
            case UInt8(ascii: "-"): exponentNegative = true
            case UInt8(ascii: "+"): break
            case UInt8(ascii: "."): pointSeen = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case _ where inExponent:
                if exponentValue < 1 << 40 { exponentValue = exponentValue * 10 + Int(byte &- UInt8(ascii: "0")) }
            default:
                if digits.isEmpty && byte == UInt8(ascii: "0") {
                    if pointSeen { exponent -= 1 }
                    continue
                }
                digits.append(byte)
                if pointSeen { exponent -= 1 }
            }
        }
        exponent += exponentNegative ? -exponentValue : exponentValue
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty {
            negative = false
            exponent = 0
        }
    }
}

extension DecimalText: Comparable {
    /// Numeric order: by sign, then by the position of the leading digit,
    /// then digit by digit (a prefix is the smaller: 0.12 < 0.123).
    static func < (lhs: DecimalText, rhs: DecimalText) -> Bool {
        let lhsSign = lhs.digits.isEmpty ? 0 : lhs.negative ? -1 : 1
        let rhsSign = rhs.digits.isEmpty ? 0 : rhs.negative ? -1 : 1
        guard lhsSign == rhsSign else { return lhsSign < rhsSign }
        guard lhsSign != 0 else { return false }
        let magnitudeLess: Bool
        let lhsLeading = lhs.exponent + lhs.digits.count
        let rhsLeading = rhs.exponent + rhs.digits.count
        if lhsLeading != rhsLeading {
            magnitudeLess = lhsLeading < rhsLeading
        } else if lhs.digits == rhs.digits {
            return false
        } else {
            magnitudeLess = lhs.digits.lexicographicallyPrecedes(rhs.digits)
        }
        return lhsSign > 0 ? magnitudeLess : !magnitudeLess
    }
}
