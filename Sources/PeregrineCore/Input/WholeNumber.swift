/// A number read as an `Integer` exactly: from its decimal text when there
/// is one (`1.0`, `1e2`, `100.000` and `1.5e1` are whole; `1.5` and `1e-1`
/// are not), else from a `Double` only where a `Double` holds every integer.
/// Every integer read of a number that is not stored as an integer (the
/// Codable and generated decoders over JSON and binary, the lenient
/// accessors) goes through here; nothing is rounded through a `Double`.
///
/// ```swift
/// WholeNumber<Int>(text: "1.5e1")    // .exactly(15)
/// WholeNumber<Int>(text: "1.05e1")   // .fraction
/// WholeNumber<Int8>(text: "1e3")     // .outOfRange
/// WholeNumber<Int>(double: 1e30)     // .inexactDouble
/// ```
enum WholeNumber<Integer: FixedWidthInteger> {
    /// The number is this integer.
    case exactly(Integer)
    /// The number has a fraction that is not zero.
    case fraction
    /// A whole number outside `Integer`'s range.
    case outOfRange
    /// A whole `Double` of magnitude 2^53 or more, where doubles no longer
    /// hold every integer: the text it was read from may have been another
    /// integer (`9007199254740993` reads as `9007199254740992.0`).
    case inexactDouble

    /// The number whose text starts `text`: an optional sign (`-`, or JSON5's
    /// `+`), digits with an optional `.` and fraction (JSON5's `.5` and `5.`
    /// too), an optional exponent. Reading stops at the first byte after the
    /// number, so `text` may run on past it. `nil` when `text` starts with
    /// no such number (JSON5's `Infinity` and `NaN`).
    ///
    /// - Complexity: O(the number's length): one scan, and zeros skipped
    ///   from each end of the digits; the conversion then looks at no more
    ///   digits than `Integer` can hold, so a huge exponent or digit count
    ///   is out of range (or a fraction) without a loop up to it.
    init?(text: UnsafeBufferPointer<UInt8>) {
        let count = text.count
        var position = 0
        var negative = false
        if position < count, text[position] == UInt8(ascii: "-") || text[position] == UInt8(ascii: "+") {  // bounds proven
            negative = text[position] == UInt8(ascii: "-")  // bounds proven
            position += 1
        }
        // The integer digits, then the fraction's, as two runs of the text.
        let integerStart = position
        while position < count, text[position].isDigit { position &+= 1 }  // bounds proven
        let integerEnd = position
        var fractionStart = position
        if position < count, text[position] == UInt8(ascii: ".") {  // bounds proven
            position += 1
            fractionStart = position
            while position < count, text[position].isDigit { position &+= 1 }  // bounds proven
        }
        let fractionEnd = position
        let fractionDigits = fractionEnd - fractionStart
        guard integerEnd > integerStart || fractionDigits > 0 else { return nil }

        // The exponent saturates far beyond any digit count (a text is shorter
        // than 2^56 bytes), so every decision below is the exact one.
        var exponent = 0
        if position < count, text[position] | 0x20 == UInt8(ascii: "e") {  // bounds proven
            position += 1
            var exponentNegative = false
            if position < count, text[position] == UInt8(ascii: "-") || text[position] == UInt8(ascii: "+") {  // bounds proven
                exponentNegative = text[position] == UInt8(ascii: "-")  // bounds proven
                position += 1
            }
            while position < count, text[position].isDigit {  // bounds proven
                if exponent < 1 << 56 { exponent = exponent * 10 + Int(text[position] &- UInt8(ascii: "0")) }  // bounds proven
                position += 1
            }
            if exponentNegative { exponent = -exponent }
        }

        // The first and last non-zero digits (places in the text), and the
        // zero digits after the last.
        var first = integerStart
        while first < integerEnd, text[first] == UInt8(ascii: "0") { first += 1 }  // bounds proven
        if first == integerEnd {
            first = fractionStart
            while first < fractionEnd, text[first] == UInt8(ascii: "0") { first += 1 }  // bounds proven
            guard first < fractionEnd else {
                self = .exactly(0)
                return
            }
        }
        var last = fractionEnd - 1
        while last >= fractionStart, text[last] == UInt8(ascii: "0") { last -= 1 }  // bounds proven
        var zerosAfter = fractionEnd - 1 - last
        if last < fractionStart {
            last = integerEnd - 1
            while text[last] == UInt8(ascii: "0") { last -= 1 }  // bounds proven: stops at `first`, in this run
            zerosAfter = integerEnd - 1 - last + fractionDigits
        }
        // The value is the digits first...last (without the point) × 10^scale.
        let significant = last - first + 1 - (first < integerEnd && last >= fractionStart ? 1 : 0)
        let scale = exponent - fractionDigits + zerosAfter
        guard scale >= 0 else {
            self = .fraction
            return
        }
        // A whole number of more than bitWidth / 3 + 1 digits is at least
        // 10^(bitWidth / 3 + 1) > 2^bitWidth: out of range without a look at them.
        guard significant + scale <= Integer.bitWidth / 3 + 1 else {
            self = .outOfRange
            return
        }
        if significant + scale <= 19 {
            // Any 19 digits fit a UInt64: no overflow to check until the type's.
            var value: UInt64 = 0
            for place in first...last where text[place] != UInt8(ascii: ".") {  // bounds proven
                value = value &* 10 &+ UInt64(text[place] &- UInt8(ascii: "0"))  // bounds proven
            }
            for _ in 0..<scale { value &*= 10 }
            self = Integer.Magnitude(exactly: value).map { Self(magnitude: $0, negative: negative) } ?? .outOfRange
            return
        }
        // Wider values (Int128, or out of range for 64 bits): in the type's own arithmetic.
        var magnitude: Integer.Magnitude = 0
        var overflow = false
        for place in first...last where text[place] != UInt8(ascii: ".") {  // bounds proven
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Integer.Magnitude(text[place] &- UInt8(ascii: "0")))  // bounds proven
            overflow = overflow || overflow1 || overflow2
            magnitude = sum
        }
        for _ in 0..<scale {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            overflow = overflow || overflow1
            magnitude = times10
        }
        self = overflow ? .outOfRange : Self(magnitude: magnitude, negative: negative)
    }

    /// The number `text` starts with, as ``init(text:)-(UnsafeBufferPointer<UInt8>)`` reads it.
    ///
    /// ```swift
    /// WholeNumber<UInt128>(text: "18446744073709551615.0")   // .exactly(18446744073709551615)
    /// ```
    init?(text: String) {
        var text = text
        guard let whole = text.withUTF8({ Self(text: $0) }) else { return nil }
        self = whole
    }

    /// A `Double` as an integer: only a whole one of magnitude below 2^53,
    /// where every integer has its own `Double`, is trusted to be the
    /// integer that was written. NaN is no whole number, infinities are out
    /// of range, and a larger double is out of range for a type whose values
    /// all lie below 2^53 (`Int32`), ``inexactDouble`` otherwise.
    ///
    /// ```swift
    /// WholeNumber<Int>(double: 9007199254740991)   // .exactly(9007199254740991)
    /// WholeNumber<Int>(double: 9007199254740992)   // .inexactDouble
    /// ```
    init(double: Double) {
        guard !double.isNaN, double.rounded(.towardZero) == double else {
            self = .fraction
            return
        }
        guard double.magnitude < 0x1p53 else {
            let typeBelow2To53 = Integer.bitWidth - (Integer.isSigned ? 1 : 0) <= 53
            self = double.isInfinite || typeBelow2To53 ? .outOfRange : .inexactDouble
            return
        }
        self = Integer(exactly: double).map { .exactly($0) } ?? .outOfRange
    }

    /// The integer `magnitude` with its sign, when `Integer` holds it.
    private init(magnitude: Integer.Magnitude, negative: Bool) {
        if !negative {
            self = Integer(exactly: magnitude).map { .exactly($0) } ?? .outOfRange
        } else if magnitude <= Integer.min.magnitude {
            // Two's complement: 0 - magnitude is the negative value's bits (Int8: 128 is -128).
            self = .exactly(Integer(truncatingIfNeeded: 0 &- magnitude))
        } else {
            self = .outOfRange
        }
    }
}
