/// Arrays of numbers, strings and Booleans (the ``FastArray`` types),
/// written in one loop with their count known up front: the `Encodable`
/// path's (``BinaryValueEncoder``) and the generated path's
/// (``Binary/EncodingOutput/encodeScalarArray(_:)``) alike, so that both
/// write the same bytes at the same cost. Each returns `false`, having
/// written nothing, when the array would nest deeper than the encoder's
/// `maxDepth`: it then goes the generic way, which fails there.
extension BinaryEncodingState {
    @usableFromInline
    func writeArray(_ elements: [Double]) -> Bool {
        writeArray(elements, levels: 1) { $0.tag(.double); $0.double($1) }
    }

    @usableFromInline
    func writeArray(_ elements: [Float]) -> Bool {
        writeArray(elements, levels: 1) { $0.tag(.double); $0.double(Double($1)) }
    }

    @usableFromInline
    func writeArray(_ elements: [Int]) -> Bool {
        writeArray(elements, levels: 1) { $0.tag(.int); $0.zigzag(Int64($1)) }
    }

    @usableFromInline
    func writeArray(_ elements: [Int64]) -> Bool {
        writeArray(elements, levels: 1) { $0.tag(.int); $0.zigzag($1) }
    }

    @usableFromInline
    func writeArray(_ elements: [String]) -> Bool {
        writeArray(elements, levels: 1) { $0.tag(.string); $0.string($1) }
    }

    @usableFromInline
    func writeArray(_ elements: [Bool]) -> Bool {
        writeArray(elements, levels: 1) { $0.tag($1 ? .true : .false) }
    }

    /// Rows of doubles (coordinates), two levels.
    @usableFromInline
    func writeArray(_ rows: [[Double]]) -> Bool {
        writeArray(rows, levels: 2) { writer, row in
            writer.tag(.array)
            writer.count(row.count)
            for value in row {
                writer.tag(.double)
                writer.double(value)
            }
        }
    }

    /// Tag, count, and each element written by `element`, when `levels`
    /// more levels fit under `maxDepth`.
    @inline(__always)
    private func writeArray<Element>(_ elements: [Element], levels: Int, _ element: (inout BinaryWriter, Element) -> Void) -> Bool {
        guard frames.count + levels <= maxDepth else { return false }
        writer.tag(.array)
        writer.count(elements.count)
        for value in elements { element(&writer, value) }
        return true
    }
}
