extension TapeEntry {
    /// The decoded string of a string entry. The scanner has already
    /// validated the bytes and escapes, so decoding cannot fail; a string
    /// whose bytes are its UTF-8 is copied straight from the input.
    ///
    /// Besides JSON's escapes this decodes what the extended grammar lets
    /// through: `\'`, JSON5's `\v`, `\0`, `\xHH`, line continuations and
    /// escaped characters standing for themselves, lone surrogate escapes
    /// (U+FFFD under loose Unicode) and ill-formed UTF-8 (repaired to U+FFFD
    /// per maximal subpart by `String`).
    ///
    /// `smallASCIIForm` is ``smallASCIIFormHolds``, read once by a caller
    /// that decodes many strings (the value builder, the decoders).
    @inline(__always)  // in the callers, a short ASCII string is made with no call
    func decodeString(in input: UnsafeBufferPointer<UInt8>, smallASCIIForm: Bool = smallASCIIFormHolds) -> String {
        assert(kind == .string, "decodeString on a \(kind) entry")
        let raw = rawBytes(in: input)
        guard flags & TapeEntry.needsDecoding == 0 else { return decodeEscapedString(raw) }
        let known = flags & (TapeEntry.knownASCII | TapeEntry.knownNonASCII)
        guard known != 0 else { return String(validatedUTF8: raw) }
        if known == TapeEntry.knownASCII, let small = String(smallASCII: raw, formHolds: smallASCIIForm) { return small }
        return String(validatedUTF8: raw, isASCII: known == TapeEntry.knownASCII)
    }

    /// ``decodeString(in:)`` of a string with escapes (or ill-formed bytes), whose raw bytes are `raw`.
    @inline(never)  // kept out of the callers, which mostly meet plain strings
    private func decodeEscapedString(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        guard flags & TapeEntry.illFormedUTF8 == 0 else {
            // `String` repairs what the escapes' decoding copied as it stands.
            return String(unsafeUninitializedCapacity: raw.count) { decodeEscapes(raw, into: $0) }
        }
        // Escapes decode to well-formed UTF-8 (an unpaired surrogate to U+FFFD), and so does the validated rest.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
            String(validatedUTF8: UnsafeBufferPointer(rebasing: buffer[..<decodeEscapes(raw, into: buffer)]))
        }
    }

    /// The decoded start of a string entry, from at most `maxBytes` of its
    /// input bytes (O(`maxBytes`) whatever its length: an error's excerpt),
    /// and whether that is the whole string. The cut falls before an
    /// escape it would split, so at most the last character is wrong (half
    /// a surrogate pair, a cut UTF-8 sequence or grapheme).
    func decodeStringPrefix(in input: UnsafeBufferPointer<UInt8>, maxBytes: Int) -> (text: String, isWhole: Bool) {
        guard length > maxBytes else { return (decodeString(in: input), true) }
        // bounds proven: the scanner wrote offset + length <= input.count, and maxBytes < length
        let raw = UnsafeBufferPointer(rebasing: input[offset..<offset + maxBytes])
        guard flags & TapeEntry.needsDecoding != 0 else { return (String(decoding: raw, as: UTF8.self), false) }
        var cut = 0
        while cut < raw.count {
            var step = 1
            if raw[cut] == UInt8(ascii: "\\") {
                switch cut + 1 < raw.count ? raw[cut + 1] : 0 {  // bounds proven: read only when cut + 1 < raw.count
                case UInt8(ascii: "u"): step = 6
                case UInt8(ascii: "x"): step = 4
                default: step = 2
                }
            }
            guard cut + step <= raw.count else { break }
            cut += step
        }
        let kept = UnsafeBufferPointer(rebasing: raw[..<cut])
        return (String(unsafeUninitializedCapacity: kept.count) { decodeEscapes(kept, into: $0) }, false)
    }
}

/// Decodes the escapes of a string's raw bytes into `output`, which has
/// room for `raw.count` bytes, and returns how many bytes it wrote (see
/// ``TapeEntry/decodeString(in:)`` for the escapes). Ill-formed UTF-8 that
/// loose Unicode let through is copied as it is: `String` repairs it.
func decodeEscapes(_ raw: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
    // Escapes only shrink: `\n` is 2 bytes for 1, `\uXXXX` 6 for at most 3,
    // a surrogate pair 12 for 4, `\xHH` 4 for at most 2. So `written <= position`
    // always holds and every write below is inside the buffer (bounds proven).
    guard let source = raw.baseAddress, let target = output.baseAddress else { return 0 }
    var written = 0
    var position = 0
    let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
    while position < raw.count {
        // The text up to the next backslash is copied as it stands: 16 bytes
        // at a time, all of them stored and those up to a backslash kept,
        // then byte by byte.
        if position &+ 16 <= raw.count {
            // bounds proven: position + 16 <= raw.count, and written + 16 <= position + 16 <= output.count
            let chunk = UnsafeRawPointer(source + position).loadUnaligned(as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(target + written).storeBytes(of: chunk, as: SIMD16<UInt8>.self)
            let kept = unsafeBitCast(chunk .== backslashes, to: SIMD16<UInt8>.self).firstHighBitLane ?? 16
            position &+= kept
            written &+= kept
            if kept == 16 { continue }
        } else {
            while position < raw.count, source[position] != UInt8(ascii: "\\") {  // bounds proven: position < raw.count
                target[written] = source[position]  // bounds proven: written <= position < raw.count <= output.count
                position &+= 1
                written &+= 1
            }
            guard position < raw.count else { break }
        }
        guard position + 1 < raw.count else {
            output[written] = UInt8(ascii: "\\")  // bounds proven: written <= position < raw.count
            written += 1
            break
        }
        let escaped = raw[position + 1]  // bounds proven: position + 1 < raw.count (guard above)
        position += 2
        switch escaped {
        case UInt8(ascii: "b"): output[written] = 0x08
        case UInt8(ascii: "f"): output[written] = 0x0C
        case UInt8(ascii: "n"): output[written] = 0x0A
        case UInt8(ascii: "r"): output[written] = 0x0D
        case UInt8(ascii: "t"): output[written] = 0x09
        case UInt8(ascii: "v"): output[written] = 0x0B
        case UInt8(ascii: "0"): output[written] = 0x00
        case UInt8(ascii: "x"):
            // bounds proven: position <= raw.count (just past the `x`); the upper end is clamped
            let value = hexValue(raw[position..<min(position + 2, raw.count)]) ?? 0
            written += encodeUTF8(UInt32(truncatingIfNeeded: value), into: output, at: written)
            position += 2
            continue
        case UInt8(ascii: "u"):
            // Text escaped as a whole is a run of `\u` escapes: each next one is decoded straight away.
            while true {
                let (scalar, consumed) = unicodeEscape(raw, at: position)
                written += encodeUTF8(scalar, into: output, at: written)
                position += consumed
                // bounds proven: position + 1 < raw.count before either read
                guard position + 1 < raw.count, raw[position] == UInt8(ascii: "\\"), raw[position + 1] == UInt8(ascii: "u") else { break }
                position += 2
            }
            continue
        case 0x0A, 0x0D, 0xE2:
            // A JSON5 line continuation stands for nothing.
            let lineEnd = lineTerminatorLength(in: raw, at: position - 1)
            if lineEnd > 0 {
                position += lineEnd - 1
                continue
            }
            output[written] = escaped
        default: output[written] = escaped
        }
        written += 1
    }
    return written
}

/// The scalar of the `\u` escape whose hex digits start at `position`, and
/// how many bytes it took: a surrogate pair makes one scalar, a lone
/// surrogate (possible only under loose Unicode) U+FFFD.
private func unicodeEscape(_ raw: UnsafeBufferPointer<UInt8>, at position: Int) -> (UInt32, Int) {
    let unit = UInt32(hexQuad(raw, at: position) ?? 0xFFFD)  // the scanner validated the digits: never nil
    switch unit {
    case 0xD800...0xDBFF:
        // bounds proven: position + 9 < raw.count is checked before the reads at position + 4 and + 5
        guard position + 9 < raw.count, raw[position + 4] == UInt8(ascii: "\\"), raw[position + 5] == UInt8(ascii: "u") else {
            return (0xFFFD, 4)
        }
        let low = UInt32(hexQuad(raw, at: position + 6) ?? 0xFFFD)
        guard (0xDC00...0xDFFF).contains(low) else { return (0xFFFD, 4) }
        return (0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), 10)
    case 0xDC00...0xDFFF:
        return (0xFFFD, 4)
    default:
        return (unit, 4)
    }
}

/// Writes `scalar` as UTF-8 at `index`; returns the number of bytes written.
private func encodeUTF8(_ scalar: UInt32, into output: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
    // bounds proven: each escape consumes at least as many bytes as it writes here, so index + the bytes written <= position <= output.count
    switch scalar {
    case ..<0x80:
        output[index] = UInt8(truncatingIfNeeded: scalar)
        return 1
    case ..<0x800:
        output[index] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
        output[index + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
        return 2
    case ..<0x10000:
        output[index] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
        output[index + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
        output[index + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
        return 3
    default:
        output[index] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
        output[index + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
        output[index + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
        output[index + 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
        return 4
    }
}
