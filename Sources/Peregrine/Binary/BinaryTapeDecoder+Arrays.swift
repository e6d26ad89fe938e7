/// Arrays of numbers, strings and Booleans, decoded in one specialised loop
/// over the tape instead of through `Array.init(from:)`, which goes through
/// the unkeyed container's existential for every element.
extension BinaryTapeDecoder {
    /// The array here (an array entry), as the Swift array `kind` names.
    func decodeArray(_ kind: FastArray) throws -> Any {
        switch kind {
        case .double: return try decodeArray { try $0.decode(Double.self) }
        case .float: return try decodeArray { try $0.decode(Float.self) }
        case .int: return try decodeArray { try $0.decode(Int.self) }
        case .int64: return try decodeArray { try $0.decode(Int64.self) }
        case .string: return try decodeArray { try $0.decode(String.self) }
        case .bool: return try decodeArray { try $0.decode(Bool.self) }
        case .doubleArray: return try decodeArray { try $0.decodeDoubleRow() }
        }
    }

    /// An element of an array of arrays of doubles.
    private func decodeDoubleRow() throws -> [Double] {
        let (value, entry) = state.resolved(index)
        guard entry.tag == .array else { throw mismatch([Double].self, at: value, expected: "an array") }
        return try BinaryTapeDecoder(state: state, index: value).decodeArray { try $0.decode(Double.self) }
    }

    /// The elements of the array here, each read by `element`.
    private func decodeArray<Element>(_ element: (BinaryTapeDecoder) throws -> Element) throws -> [Element] {
        let array = state.tape[index]
        var elements: [Element] = []
        elements.reserveCapacity(array.count)
        var position = index + 1
        let end = Int(truncatingIfNeeded: array.end)
        while position < end {
            elements.append(try element(BinaryTapeDecoder(state: state, index: position)))
            position = Int(truncatingIfNeeded: state.tape[position].end)
        }
        return elements
    }
}

