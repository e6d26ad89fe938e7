/// The binary tape as the source of a ``BinaryTapeDecoder``: values are looked
/// at behind shared-value wrappers and back-references, a keyed container
/// is its object's (or record's) tape index, and errors carry the
/// ``Binary/DecodingError`` with its byte offset.
extension BinaryDecodingState: DecodingSource {
    @inline(__always)
    func value(at index: Int) -> (index: Int, value: SourceValue) {
        let (value, entry) = resolved(index)
        switch entry.tag {
        case .null: return (value, .null)
        case .true: return (value, .bool(true))
        case .false: return (value, .bool(false))
        case .int: return (value, .int(Int64(bitPattern: entry.payload)))
        case .uint: return (value, .uint(entry.payload))
        case .double: return (value, .double(Double(bitPattern: entry.payload)))
        case .numberText: return (value, .numberText)
        case .string: return (value, .string)
        case .array, .set, .dictionary: return (value, .array)
        case .object, .record: return (value, .object)
        default: return (value, .other)
        }
    }

    @inline(__always)
    func storedDouble(at index: Int) -> Double? {
        guard index >= 0, index < tape.count else { return nil }
        let entry = tape[index]  // bounds proven above; a shared value or reference is not a double tag
        return entry.tag == .double ? Double(bitPattern: entry.payload) : nil
    }

    /// One pass over the tape: an element stored as a double is read
    /// there, anything else through ``decodeDouble(at:)``.
    @inline(__always)
    func doubles(at index: Int) throws -> [Double] {
        let (array, kind) = value(at: index)
        guard case .array = kind else { throw mismatch([Double].self, at: array, expected: "an array") }
        let tape = tape
        var doubles: [Double] = []
        doubles.reserveCapacity(tape[array].count)
        var element = array + 1
        let end = Int(truncatingIfNeeded: tape[array].end)
        while element < end {
            let entry = tape[element]
            doubles.append(entry.tag == .double ? Double(bitPattern: entry.payload) : try decodeDouble(at: element))
            element = Int(truncatingIfNeeded: entry.end)
        }
        return doubles
    }

    @inline(__always)
    func string(at value: Int) -> String { strings[Int(truncatingIfNeeded: tape[value].payload)] }

    func stringExcerpt(at value: Int, maxBytes: Int) -> (text: String, isWhole: Bool) {
        let text = string(at: value)
        guard text.utf8.count > maxBytes else { return (text, true) }
        return (String(decoding: text.utf8.prefix(maxBytes), as: UTF8.self), false)
    }

    func numberText(at value: Int, maxBytes: Int) -> String {
        let entry = tape[value]
        switch entry.tag {
        case .int: return "\(Int64(bitPattern: entry.payload))"
        case .uint: return "\(entry.payload)"
        case .double: return "\(Double(bitPattern: entry.payload))"
        default: return String(decoding: string(at: value).utf8.prefix(maxBytes), as: UTF8.self)
        }
    }

    func count(of container: Int) -> Int { tape[container].count }

    func end(of container: Int) -> Int { Int(truncatingIfNeeded: tape[container].end) }

    func next(after element: Int) -> Int { Int(truncatingIfNeeded: tape[element].end) }

    func members(of object: Int) -> Int { object }

    func object(of members: Int) -> Int { members }

    func memberNames(in object: Int) -> [String] {
        memberIndexes(of: object).map { strings[Int(truncatingIfNeeded: tape[$0].key)] }
    }

    func double(fromNumberText value: Int) throws -> Double {
        guard let number = Double(string(at: value)) else { throw invalidValue(at: value, "\(describe(value)) is not a number") }
        return number
    }

    /// A number text from its digits; a double from its bits alone.
    func wholeNumber<Integer: FixedWidthInteger>(_ type: Integer.Type, at value: Int) -> WholeNumber<Integer> {
        let entry = tape[value]
        guard entry.tag == .numberText else { return WholeNumber(double: Double(bitPattern: entry.payload)) }
        // The reader checked the text is a JSON number (BinaryValueRules.number).
        return WholeNumber(text: string(at: value)) ?? .outOfRange
    }

    /// The format has no leniency: a value of another kind is a mismatch.
    func coercedBool(at value: Int) -> Bool? { nil }
    func coercing<T>(_ leniency: JSON.Decoder.Leniency, _ body: () throws -> T) rethrows -> T { try body() }
    var scopedLeniency: JSON.Decoder.Leniency { [] }
    func coercedString(at value: Int) -> String? { nil }
    func coercedDouble(at value: Int) -> Double? { nil }
    func coercedInteger<Integer: FixedWidthInteger>(_ type: Integer.Type, at value: Int) -> Integer? { nil }

    /// The format has no key strategy: a member is found by its name as written.
    func renamingNote(for name: String, in object: Int) -> String? { nil }
}
