extension TapeEntry {
    /// How many bytes of `input`, from the entry's offset, are the text of
    /// this number entry, and whether that text is an RFC 8259 number.
    ///
    /// The scanner keeps a decimal's length but only the offset of the
    /// other numbers: their text is measured again here by the grammar the
    /// scanner read it with — a sign, then JSON5's `Infinity`, `NaN` or
    /// `0x` and hexadecimal digits, or digits with a fraction and an
    /// exponent (JSON5 lets either side of the `.` be empty). Only the
    /// number's own bytes are read. JSON5's forms (`+1`, `.5`, `5.`,
    /// `0x1F`, `Infinity`) are not JSON; a number of a flattened value
    /// (``noText``) has no text at all: `(0, false)`. Reading stops after
    /// `maxBytes` (for messages that quote a number's start).
    ///
    /// ```swift
    /// // input `[1.50, +1]`: the entry of 1.50 at offset 1, of +1 at offset 7
    /// entry.numberText(in: input)   // (length: 4, isJSON: true), (length: 2, isJSON: false)
    /// ```
    func numberText(in input: UnsafeBufferPointer<UInt8>, maxBytes: Int = .max) -> (length: Int, isJSON: Bool) {
        if kind == .decimal { return (min(length, max(maxBytes, 0)), true) }  // kept only for text in RFC 8259's grammar
        guard flags & Self.noText == 0 else { return (0, false) }
        let start = offset
        let end = input.count - start > maxBytes ? start + max(maxBytes, 0) : input.count
        var position = start
        func byte(at position: Int) -> UInt8? {
            position < end ? input[position] : nil  // bounds proven: position < end <= count
        }
        func isDigit(at position: Int) -> Bool { byte(at: position)?.isDigit ?? false }
        var isJSON = true
        if byte(at: position) == UInt8(ascii: "-") {
            position += 1
        } else if byte(at: position) == UInt8(ascii: "+") {
            position += 1
            isJSON = false
        }
        switch byte(at: position) {
        case UInt8(ascii: "I"): return (min(position + 8, end) - start, false)  // Infinity
        case UInt8(ascii: "N"): return (min(position + 3, end) - start, false)  // NaN
        case UInt8(ascii: "0") where (byte(at: position + 1) ?? 0) | 0x20 == UInt8(ascii: "x"):
            position += 2
            while let digit = byte(at: position), digit.isDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(digit | 0x20) {
                position += 1
            }
            return (position - start, false)
        default: break
        }
        let integerStart = position
        while isDigit(at: position) { position += 1 }
        // No integer digits (`.5`), or a leading zero the scanner would have refused.
        if position == integerStart || (position - integerStart > 1 && byte(at: integerStart) == UInt8(ascii: "0")) { isJSON = false }
        if byte(at: position) == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            while isDigit(at: position) { position += 1 }
            if position == fractionStart { isJSON = false }  // `5.`
        }
        if let marker = byte(at: position), marker | 0x20 == UInt8(ascii: "e") {
            position += 1
            if byte(at: position) == UInt8(ascii: "+") || byte(at: position) == UInt8(ascii: "-") { position += 1 }
            while isDigit(at: position) { position += 1 }
        }
        return (position - start, isJSON)
    }
}
