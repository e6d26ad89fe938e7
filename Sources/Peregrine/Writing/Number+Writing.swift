/// Appends a number as JSON text: integers in decimal, doubles in the shortest
/// form that reads back to the same bits and still contains `.` or `e`, so
/// that a double stays a double (`1.0`, `-0.0`, `1e+100`), lossless numbers
/// byte for byte as they were read. Non-finite doubles are written as JSON5's
/// `NaN`, `Infinity` and `-Infinity`; callers that need valid JSON deal with
/// them first.
func appendNumber(_ number: JSON.Number, to output: inout [UInt8]) {
    switch number.storage {
    case .int64(let value):
        appendDecimal(value.magnitude, negative: value < 0, to: &output)
    case .uint64(let value):
        appendDecimal(value, negative: false, to: &output)
    case .decimal(let text):
        output.append(contentsOf: text.utf8)
    case .double(let value):
        if value.isNaN {
            output.append(contentsOf: "NaN".utf8)
        } else if value.isInfinite {
            output.append(contentsOf: (value < 0 ? "-Infinity" : "Infinity").utf8)
        } else {
            // Swift's description is the shortest round-tripping form and
            // always includes a '.' or an exponent.
            var sink = ASCIISink()
            swap(&sink.output, &output)
            value.write(to: &sink)
            swap(&sink.output, &output)
        }
    }
}

/// Receives a double's text from the standard library's formatter without
/// a `String` in between: `Double.write(to:)` formats into a stack buffer and
/// hands it to the stream's `_writeASCII`, which the default implementation
/// would turn into a (for most doubles, allocated) `String`.
private struct ASCIISink: TextOutputStream {
    var output: [UInt8] = []

    mutating func write(_ string: String) { output.append(contentsOf: string.utf8) }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { output.append(contentsOf: buffer) }
}

private func appendDecimal(_ magnitude: UInt64, negative: Bool, to output: inout [UInt8]) {
    if negative { output.append(UInt8(ascii: "-")) }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes, enough for 20 digits
    let start = withUnsafeMutableBytes(of: &digits) { buffer -> Int in
        var value = magnitude
        var index = buffer.count
        repeat {
            index -= 1
            // bounds proven: a UInt64 has at most 20 digits, so index stays in 4..<24
            buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
            value /= 10
        } while value != 0
        return index
    }
    withUnsafeBytes(of: &digits) { output.append(contentsOf: $0[start...]) }  // bounds proven: 4 <= start < 24 (the last digit written)
}
