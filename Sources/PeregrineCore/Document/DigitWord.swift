/// Eight input bytes read as digits, the first byte in the lowest: each
/// byte's value as a digit, and which bytes are not digits. One
/// subtraction serves both: the number loop reads a word's digits and
/// their value from it.
///
/// ```swift
/// let word = DigitWord(0x2C37_3935_3231_3433)  // the bytes "3412597," in memory order
/// word.run              // 7
/// word.valueOfRun(7)    // 3_412_597
/// ```
struct DigitWord {
    /// Each byte less `"0"`: 0...9 in the lanes of digits.
    let digits: UInt64
    /// The high bit of the first byte that is not an ASCII digit, and
    /// perhaps of later ones: 0 when all eight are digits. A byte `b` is
    /// below `"0"` when `b - 0x30` sets its high bit, above `"9"` when
    /// `b + 0x46` does (and one of the two does for every byte from 0x80
    /// on). Carries and borrows move only upward, and digits make none, so
    /// the lowest marked byte is exact; the bytes above it are not read.
    let others: UInt64

    @inline(__always)
    init(_ bytes: UInt64) {
        let word = UInt64(littleEndian: bytes)
        digits = word &- 0x3030_3030_3030_3030
        others = (word &+ 0x4646_4646_4646_4646 | digits) & 0x8080_8080_8080_8080
    }

    /// The digits before the first other byte: 0...7 (when ``others`` is not 0).
    @inline(__always)
    var run: Int { others.trailingZeroBitCount &>> 3 }

    /// The value of the eight digits (when ``others`` is 0).
    @inline(__always)
    var value: UInt64 { Self.valueOfLanes(digits) }

    /// The value of the first `run` (1...7) digits: their lanes moved to
    /// the top, zeros below them; the shift drops the bytes after the run.
    @inline(__always)
    func valueOfRun(_ run: Int) -> UInt64 {
        Self.valueOfLanes(digits &<< (64 &- 8 &* run))  // shifts of 8...56 bits
    }

    /// The number whose eight decimal digits are the bytes of `lanes`
    /// (each 0...9), the first in the lowest byte. Each step multiplies
    /// every lane by its base and adds the next lane in one multiply
    /// (`x × (base << width + 1)`), then keeps every other lane: pairs
    /// (at most 99), quadruples (9,999), then the whole (99,999,999).
    @inline(__always)
    private static func valueOfLanes(_ lanes: UInt64) -> UInt64 {
        let pairs = (lanes &* (10 << 8 + 1)) &>> 8 & 0x00FF_00FF_00FF_00FF
        let quadruples = (pairs &* (100 << 16 + 1)) &>> 16 & 0x0000_FFFF_0000_FFFF
        return (quadruples &* (10_000 << 32 + 1)) &>> 32
    }
}
