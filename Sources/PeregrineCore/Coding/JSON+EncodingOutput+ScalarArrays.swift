extension JSON.EncodingOutput {
    /// Writes an array of `Double`s, `Float`s, `Int`s, `Int64`s, `String`s
    /// or `Bool`s, or of rows of `Double`s, in one loop, each element as
    /// ``encode(_:)-(Double)`` and the others write it (the strategy for
    /// non-finite numbers included); `false`, having written nothing, for
    /// other element types, or when the output became a tree. Inlined, so
    /// a type's test is decided where the element type is known.
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
        if Element.self == Int64.self { return writeArray(unsafeBitCast(elements, to: [Int64].self)) }
        if Element.self == String.self { return writeArray(unsafeBitCast(elements, to: [String].self)) }
        if Element.self == Bool.self { return writeArray(unsafeBitCast(elements, to: [Bool].self)) }
        if Element.self == Float.self { return try writeArray(unsafeBitCast(elements, to: [Float].self)) }
        return false
    }

    /// Writes `[]` while the output is bytes.
    ///
    /// ```swift
    /// if ids.isEmpty, output.encodeEmptyArray() { return }
    /// ```
    public func encodeEmptyArray() -> Bool {
        guard stream.tree == nil else { return false }
        stream.writeEmptyArray()
        return true
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
        stream.writeArray(values) { stream.write(JSON.Number(Int64($0))) }
        return true
    }

    @usableFromInline
    func writeArray(_ values: [Int64]) -> Bool {
        guard stream.tree == nil else { return false }
        stream.writeArray(values) { stream.write(JSON.Number($0)) }
        return true
    }

    @usableFromInline
    func writeArray(_ values: [String]) -> Bool {
        guard stream.tree == nil else { return false }
        stream.writeArray(values) { stream.write($0) }
        return true
    }

    @usableFromInline
    func writeArray(_ values: [Bool]) -> Bool {
        guard stream.tree == nil else { return false }
        stream.writeArray(values) { stream.write($0) }
        return true
    }
}

extension EncodingStream {
    /// `values` as an array, each element written by `write`: one frame
    /// opened and closed, and no container check per element.
    @inline(__always)
    func writeArray<Element>(_ values: [Element], _ write: (Element) throws -> Void) rethrows {
        let position = open(object: false).position
        for value in values {
            beginElement(at: position)
            try write(value)
        }
        close(to: position)
    }

    /// `values` as an array of numbers, each as ``write(_:)-(F)`` writes it.
    func writeArray<F: BinaryFloatingPoint & LosslessStringConvertible>(_ values: [F]) throws {
        try writeArray(values) { try write($0) }
    }

    /// `rows` as an array of arrays of numbers (``writeArray(_:)-(F)``).
    func writeRows(_ rows: [[Double]]) throws {
        try writeArray(rows) { try writeArray($0) }
    }

    /// `[]`: in compact output inside a container, its two bytes with no
    /// frame (an empty array has nothing a frame would count or close);
    /// otherwise opened and closed, for the layout's empty array and the
    /// top level's check for a second value.
    /// The usual one, with room in the output, calls nothing.
    @inline(__always)
    func writeEmptyArray() {
        guard !frames.isEmpty, !layout.isPretty, output.appendWordIfRoom(0x5D5B, count: 2) else { return writeEmptyArrayOutOfLine() }  // []
    }

    /// ``writeEmptyArray()`` at the top level, in pretty output, or when the output must grow.
    @inline(never)
    private func writeEmptyArrayOutOfLine() {
        guard !frames.isEmpty, !layout.isPretty else { return close(to: open(object: false).position) }
        CompactLayout().empty(object: false, depth: frames.count, in: &output)
    }
}
