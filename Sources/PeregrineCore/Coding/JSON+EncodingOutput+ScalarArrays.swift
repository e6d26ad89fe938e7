extension JSON.EncodingOutput {
    /// Writes an array of `Double`s or `Float`s, or of rows of `Double`s,
    /// in one loop, each number as ``encode(_:)-(Double)`` writes it (the
    /// strategy for non-finite ones included); `false`, having written
    /// nothing, for other element types, or when the output became a tree.
    ///
    /// ```swift
    /// if try output.encodeScalarArray([[1.5, 2.5], [3.0]]) { return }   // [[1.5,2.5],[3]]
    /// ```
    public func encodeScalarArray<Element: DirectEncodable>(_ elements: [Element]) throws -> Bool {
        guard stream.tree == nil else { return false }
        // Each cast is between equal types, checked just before.
        if Element.self == Double.self {
            try stream.writeArray(unsafeBitCast(elements, to: [Double].self))
        } else if Element.self == [Double].self {
            try stream.writeRows(unsafeBitCast(elements, to: [[Double]].self))
        } else if Element.self == Float.self {
            try stream.writeArray(unsafeBitCast(elements, to: [Float].self))
        } else {
            return false
        }
        return true
    }
}

extension EncodingStream {
    /// `values` as an array, each as ``write(_:)-(F)`` writes it: one
    /// frame opened and closed, and no container check per element.
    func writeArray<F: BinaryFloatingPoint & LosslessStringConvertible>(_ values: [F]) throws {
        let position = open(object: false).position
        for value in values {
            beginElement(at: position)
            try write(value)
        }
        close(to: position)
    }

    /// `rows` as an array of arrays of numbers (``writeArray(_:)``).
    func writeRows(_ rows: [[Double]]) throws {
        let position = open(object: false).position
        for row in rows {
            beginElement(at: position)
            try writeArray(row)
        }
        close(to: position)
    }
}
