import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// Lossless numbers compare and hash by their exact value, exponents of any
/// length included (``DecimalText``, ``DecimalExponent``).
@Suite struct DecimalTextTests {
    static let lossless = JSON.ParseOptions(numbers: .lossless)

    static func number(_ text: String) -> JSON.Number { JSON.Number(exactText: text) }

    @Test func exponentsPast2To40AreNotConfused() throws {
        let small = try JSON(parsing: "1e2000000000000", options: Self.lossless)
        let large = try JSON(parsing: "1e20000000000000", options: Self.lossless)
        #expect(small.number?.decimalText == "1e2000000000000" && large.number?.decimalText == "1e20000000000000")
        #expect(small != large)
        #expect(Set([small, large]).count == 2)
        #expect(small.hashValue != large.hashValue)
        #expect(DecimalText("1e2000000000000") < DecimalText("1e20000000000000"))
        // Sets keep both; a filter's == matches only the equal one.
        let set = try JSON(parsing: "<1e2000000000000, 1e20000000000000, 10e1999999999999>", options: .init(allowSets: true, numbers: .lossless))
        #expect(set.array?.count == 2)
        let pair = try JSON(parsing: "[1e2000000000000, 1e20000000000000, 0.1e2000000000001]", options: Self.lossless)
        #expect(try pair.jsonPath("$[?@ == $[0]]") == [pair[0].value!, pair[2].value!])
    }

    @Test func exponentsOfHundredsOfDigits() {
        let nines = String(repeating: "9", count: 300)
        let power = "1" + String(repeating: "0", count: 300)  // 10^300 = nines + 1
        let cases: [(String, String, equal: Bool)] = [
            ("1e\(nines)", "1e\(nines.dropLast())8", false),
            ("1e\(nines)", "1e\(nines)", true),
            ("10e\(nines)", "1e\(power)", true),  // a carry through 300 digits
            ("0.1e\(power)", "1e\(nines)", true),  // a borrow through 300 digits
            ("1e-\(power)", "10e-\(power)1", false),
            ("10e-\(power)", "1e-\(nines)", true),  // -10^300 + 1 = -(10^300 - 1)
            ("-2.50e+\(nines)", "-25e\(nines.dropLast())8", true),
            ("0e\(nines)", "0.000e-\(power)", true),
            ("1e\(nines)", "-1e\(nines)", false),
            ("123e00000000000000000000000000000000000000000000000000001", "1230", true),
        ]
        for (a, b, equal) in cases {
            #expect((Self.number(a) == Self.number(b)) == equal, "\(a.prefix(12))… \(b.prefix(12))…")
            if equal { #expect(Self.number(a).hashValue == Self.number(b).hashValue) }
        }
        #expect(DecimalText("1e\(nines)") < DecimalText("1e\(power)"))
        #expect(DecimalText("1e-\(power)") < DecimalText("1e-\(nines)"))
        #expect(DecimalText("-1e\(power)") < DecimalText("-1e\(nines)"))
        #expect(DecimalText("9e\(nines)") < DecimalText("1e\(power)"))
        #expect(DecimalText("1e-\(power)") < DecimalText("1e18"))
        #expect(!(DecimalText("1e\(power)") < DecimalText("1e17")))
    }

    // MARK: Reference: decimal strings, one step at a time

    /// A signed integer as its sign and decimal digits (no leading zeros; zero is "0", not negative).
    struct Signed: Equatable {
        var negative: Bool
        var digits: String

        init(negative: Bool, digits: String) {
            let stripped = String(digits.drop { $0 == "0" })
            self.digits = stripped.isEmpty ? "0" : stripped
            self.negative = negative && self.digits != "0"
        }

        /// `digits` + 1 and `digits` - 1 (digits > 0), by hand.
        static func plusOne(_ digits: String) -> String {
            var characters = Array(digits)
            var index = characters.count - 1
            while index >= 0, characters[index] == "9" {
                characters[index] = "0"
                index -= 1
            }
            if index < 0 { return "1" + String(characters) }
            characters[index] = Character(String(characters[index].wholeNumberValue! + 1))
            return String(characters)
        }

        static func minusOne(_ digits: String) -> String {
            var characters = Array(digits)
            var index = characters.count - 1
            while characters[index] == "0" {
                characters[index] = "9"
                index -= 1
            }
            characters[index] = Character(String(characters[index].wholeNumberValue! - 1))
            return String(characters)
        }

        func adding(_ delta: Int) -> Signed {
            var value = self
            for _ in 0..<abs(delta) {
                let up = delta > 0
                if value.digits == "0" {
                    value = Signed(negative: !up, digits: "1")
                } else if value.negative == !up {
                    value = Signed(negative: value.negative, digits: Self.plusOne(value.digits))
                } else {
                    value = Signed(negative: value.negative, digits: Self.minusOne(value.digits))
                }
            }
            return value
        }

        static func < (a: Signed, b: Signed) -> Bool {
            if a.negative != b.negative { return a.negative }
            let magnitudeLess = a.digits.count != b.digits.count ? a.digits.count < b.digits.count : a.digits < b.digits
            return a.negative ? (!magnitudeLess && a != b) : magnitudeLess
        }
    }

    /// The value of `text` as (sign, significant digits, place of the
    /// leading digit): 0.digits × 10^place. Zero is (false, "", 0).
    static func reference(_ text: String) -> (negative: Bool, digits: String, place: Signed) {
        let negative = text.hasPrefix("-")
        let body = (negative ? String(text.dropFirst()) : text).lowercased()
        let parts = body.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
        var exponentText = parts.count > 1 ? String(parts[1]) : "0"
        let exponentNegative = exponentText.hasPrefix("-")
        if exponentText.hasPrefix("-") || exponentText.hasPrefix("+") { exponentText.removeFirst() }
        let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        let integer = String(mantissa[0])
        let all = integer + (mantissa.count > 1 ? String(mantissa[1]) : "")
        let leading = all.prefix { $0 == "0" }.count
        var digits = String(all.dropFirst(leading))
        while digits.hasSuffix("0") { digits.removeLast() }
        guard !digits.isEmpty else { return (false, "", Signed(negative: false, digits: "0")) }
        return (negative, digits, Signed(negative: exponentNegative, digits: exponentText).adding(integer.count - leading))
    }

    static func referenceLess(_ a: String, _ b: String) -> Bool {
        let (x, y) = (reference(a), reference(b))
        let xSign = x.digits.isEmpty ? 0 : x.negative ? -1 : 1
        let ySign = y.digits.isEmpty ? 0 : y.negative ? -1 : 1
        if xSign != ySign { return xSign < ySign }
        if xSign == 0 { return false }
        let magnitudeLess: Bool
        if x.place != y.place {
            magnitudeLess = x.place < y.place
        } else if x.digits == y.digits {
            return false
        } else {
            magnitudeLess = x.digits < y.digits
        }
        return xSign > 0 ? magnitudeLess : !magnitudeLess
    }

    /// Random number texts over a few values, written many ways, with
    /// exponents of 1 to 300 digits: `==`, the hash and `<` agree with the
    /// reference on every pair.
    @Test func equalityAndOrderAgreeWithTheReference() {
        var random = SeededGenerator(seed: 462)
        let long = (0..<300).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
        let bases = ["0", "7", "18", "2000000000000", "20000000000000", "9223372036854775807", "999999999999999999", "1000000000000000000", "1" + long.dropFirst() + "5"]
        /// The same value in other words: the significand's equals, `e` or
        /// `E`, zeros before the exponent, `+` on a positive one.
        let classes = [["1", "1.0", "1.00"], ["10", "10.0"], ["0.1", "0.10"], ["2", "2.0"], ["12", "12.0", "12.00"], ["0.12"], ["0", "0.0", "0.000"]]
        func spell(sign: String, significand: [String], exponentSign: String, base: String) -> String {
            let e = Bool.random(using: &random) ? "e" : "E"
            let written = exponentSign == "-" ? "-" : ["", "+"].randomElement(using: &random)!
            let zeros = String(repeating: "0", count: Int.random(in: 0...2, using: &random))
            return sign + significand.randomElement(using: &random)! + e + written + zeros + base
        }
        func randomBase() -> String {
            var base = bases.randomElement(using: &random)!
            // A neighbour of the base: its last digit moved by -1...+1, when that needs no carry.
            if let last = base.last?.wholeNumberValue, (1...8).contains(last) {
                base = base.dropLast() + String(last + Int.random(in: -1...1, using: &random))
            }
            return base
        }
        var checked = (equal: 0, unequal: 0)
        for _ in 0..<4000 {
            let sign = Bool.random(using: &random) ? "-" : ""
            let significand = classes.randomElement(using: &random)!
            let exponentSign = ["", "-"].randomElement(using: &random)!
            let base = randomBase()
            let a = spell(sign: sign, significand: significand, exponentSign: exponentSign, base: base)
            // Half the time the same value respelled, else another at random.
            let b = Bool.random(using: &random)
                ? spell(sign: sign, significand: significand, exponentSign: exponentSign, base: base)
                : spell(
                    sign: Bool.random(using: &random) ? "-" : "", significand: classes.randomElement(using: &random)!,
                    exponentSign: ["", "-"].randomElement(using: &random)!, base: randomBase())
            let (x, y) = (Self.reference(a), Self.reference(b))
            let equal = x.negative == y.negative && x.digits == y.digits && x.place == y.place
            #expect((Self.number(a) == Self.number(b)) == equal, "\(a) \(b)")
            if equal {
                #expect(Self.number(a).hashValue == Self.number(b).hashValue, "\(a) \(b)")
                checked.equal += 1
            } else {
                checked.unequal += 1
            }
            #expect((DecimalText(a) < DecimalText(b)) == Self.referenceLess(a, b), "\(a) < \(b)")
        }
        #expect(checked.equal > 1000 && checked.unequal > 1000)
    }
}
