/// Arrays of doubles (coordinates, vectors, rings of points) read straight
/// off the JSON tape: the commonest numeric payload, often a great many
/// small arrays, where the cost of making each array dominates.
///
/// A flat array of numbers stored in place (doubles and integers) is read
/// from the `count` entries after it; anything else element by element
/// through ``DecodingSource/decodeDouble(at:)``, with its coercions and
/// errors. The result is the same either way.
extension JSONDecodingState {
    /// The doubles of the array at `index`.
    ///
    /// - Complexity: O(elements).
    func doubles(at index: Int) throws -> [Double] {
        let array = entry(index)
        return try document.tape.withUnsafeBufferPointer { tape in
            guard let entries = tape.baseAddress else { return [] }  // never: `entry(index)` read the tape
            return try doubles(at: index, array, in: entries, count: tape.count)
        }
    }

    /// The arrays of doubles of the array at `index`, as the `[[Double]]`
    /// loop reads them: a value of another kind names `[[Double]]`, a row
    /// of another kind `[Double]`.
    ///
    /// - Complexity: O(elements of the rows).
    func doubleRows(at index: Int) throws -> [[Double]] {
        let array = entry(index)
        guard array.kind == .array else { throw mismatch([[Double]].self, at: index, expected: "an array") }
        return try document.tape.withUnsafeBufferPointer { tape in
            guard let entries = tape.baseAddress else { return [] }  // never: `entry(index)` read the tape
            let end = min(array.endIndex, tape.count)
            // One array made for the rows, written in place: appending costs a uniqueness and capacity check per row.
            return try [[Double]](unsafeUninitializedCapacity: array.count) { buffer, made in
                guard let rows = buffer.baseAddress else { return }
                let capacity = buffer.count  // copied: `buffer` is reread after every call otherwise
                var count = 0
                defer { made = count }
                var row = index + 1
                while row < end, count < capacity {
                    let entry = entries[row]  // bounds proven: row < end <= tape.count
                    // bounds proven: count < capacity
                    (rows + count).initialize(to: try doubles(at: row, entry, in: entries, count: tape.count))
                    count += 1
                    row = max(entry.endIndex, row + 1)  // an array (`doubles` checked): its next sibling is past its end
                }
            }
        }
    }

    /// The doubles of `array`, the entry at `index` of the document's
    /// tape, whose `tapeCount` entries start at `entries`.
    @inline(__always)
    private func doubles(at index: Int, _ array: TapeEntry, in entries: UnsafePointer<TapeEntry>, count tapeCount: Int) throws -> [Double] {
        guard array.isKind(.array) else { throw mismatch([Double].self, at: index, expected: "an array") }
        // Scalars take one entry each: the array is flat when it ends `count` entries on.
        // No overflow: index < tape.count (it was read), and counts and ends are 32-bit.
        let first = index &+ 1
        let end = array.endIndex
        if end == first &+ array.count, end <= tapeCount,
           // bounds proven: first + count == end <= tapeCount
           let doubles = storedDoubles(UnsafeBufferPointer(start: entries + first, count: array.count)) {
            return doubles
        }
        return try doublesOneByOne(at: index, end: end, count: array.count, in: UnsafeBufferPointer(start: entries, count: tapeCount))
    }

    /// The numbers `entries` store in place as doubles, or `nil` when one
    /// of them is no such number. Up to four are made as an array literal:
    /// `reserveCapacity` and `Array(unsafeUninitializedCapacity:)` cost some
    /// fifty instructions per array (a metadata lookup, `malloc_size`), a
    /// literal allocates its storage directly.
    @inline(__always)
    private func storedDoubles(_ entries: UnsafeBufferPointer<TapeEntry>) -> [Double]? {
        switch entries.count {
        case 0: return []
        case 2:
            if entries[0].isKind(.double), entries[1].isKind(.double) {
                return [Double(bitPattern: entries[0].payload), Double(bitPattern: entries[1].payload)]
            }
            guard let x = entries[0].storedDouble, let y = entries[1].storedDouble else { return nil }
            return [x, y]
        case 3:
            guard let x = entries[0].storedDouble, let y = entries[1].storedDouble, let z = entries[2].storedDouble else { return nil }
            return [x, y, z]
        default:
            var doubles: [Double] = []
            doubles.reserveCapacity(entries.count)
            for entry in entries {
                guard let number = entry.storedDouble else { return nil }
                doubles.append(number)
            }
            return doubles
        }
    }

    /// The doubles of the array at `index`, one element at a time: numbers
    /// stored in place are read as such, anything else through
    /// ``decodeDouble(at:)`` (its coercions and errors).
    @inline(never)  // rare: nested or coerced elements
    private func doublesOneByOne(at index: Int, end: Int, count: Int, in tape: UnsafeBufferPointer<TapeEntry>) throws -> [Double] {
        var doubles: [Double] = []
        doubles.reserveCapacity(count)
        var element = index + 1
        while element < end, element < tape.count {
            let entry = tape[element]  // bounds proven: element < tape.count
            doubles.append(try entry.storedDouble ?? decodeDouble(at: element))
            element = entry.nextSibling(after: element)
        }
        return doubles
    }
}

extension TapeEntry {
    /// The number this entry stores in place, as a `Double`: a double, or
    /// an integer converted as `Double(_:)` does; `nil` for other kinds.
    @inline(__always)
    var storedDouble: Double? {
        switch kind {
        case .double: return Double(bitPattern: payload)
        case .int64: return Double(Int64(bitPattern: payload))
        case .uint64: return Double(payload)
        default: return nil
        }
    }
}
