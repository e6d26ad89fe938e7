extension JSON.EncodingOutput {
    /// Writes an array of `Double`s, `Float`s or `Int`s, or of rows of
    /// `Double`s, in one loop, each number as ``encode(_:)-(Double)`` and
    /// the others write it (the strategy for non-finite ones included);
    /// `false`, having written nothing, for other element types, or when
    /// the output became a tree. Inlined, so a type's test is decided where
    /// the element type is known.
    ///
    /// ```swift
    /// if try output.encodeScalarArray([[1.5, 2.5], [3.0]]) { return }   // [[1.5,2.5],[3]]
    /// ```
    @inlinable
    public func encodeScalarArray<Element: DirectEncodable>(_ elements: [Element]) throws -> Bool {
        // Each cast is between equal types, checked just before.
        if Element.self == Double.self { return try writeArray(unsafeBitCast(elements, to: [Double].self)) }
        if Element.self == [Double].self { return try writeRows(unsafeBitCast(elements, to: [[Double]].self)) }
        if Element.self == Int.self { return writeArray(unsafeBitCast(elements, to: [Int].self)) }
        if Element.self == Float.self { return try writeArray(unsafeBitCast(elements, to: [Float].self)) }
        return false
    }

    @usableFromInline
    func writeArray<F: BinaryFloatingPoint & LosslessStringConvertible>(_ values: [F]) throws -> Bool {
        guard stream.tree == nil else { return false }
        try stream.writeArray(values)
        return true
    }

    @usableFromInline
    func writeRows(_ rows: [[Double]]) throws -> Bool {
        guard stream.tree == nil else { return false }
        try stream.writeRows(rows)
        return true
    }

    @usableFromInline
    func writeArray(_ values: [Int]) -> Bool {
        guard stream.tree == nil else { return false }
        stream.writeArray(values)
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

    /// `rows` as an array of arrays of numbers (``writeArray(_:)-(F)``).
    func writeRows(_ rows: [[Double]]) throws {
        let position = open(object: false).position
        for row in rows {
            beginElement(at: position)
            try writeArray(row)
        }
        close(to: position)
    }

    /// `values` as an array of integers.
    func writeArray(_ values: [Int]) {
        let position = open(object: false).position
        for value in values {
            beginElement(at: position)
            write(JSON.Number(Int64(value)))
        }
        close(to: position)
    }
}
