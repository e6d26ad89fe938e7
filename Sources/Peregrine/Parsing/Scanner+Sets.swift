extension Scanner {
    /// Removes the repeated elements of the set just closed at `setIndex`
    /// (the first of equal elements stays), compacting the end of the tape.
    ///
    /// The set is the last container closed, so its elements are the last
    /// entries of the tape. Elements compare as owned ``JSON`` values, so
    /// `1.0` and `1.00` are equal and `1` and `1.0` are not.
    mutating func closeSet(at setIndex: Int) {
        let end = tape.count
        guard tape[setIndex].count > 1 else { return }
        var materializer = Materializer(input: input, tape: tape, duplicateKeys: options.duplicateKeys)
        var seen: Set<JSON> = []
        var kept: [TapeEntry] = []
        var element = setIndex + 1
        while element < end {
            let next = tape[element].nextSibling(after: element)
            if seen.insert(materializer.value(at: element)).inserted {
                // Containers inside a kept element move by the entries dropped before them.
                let shift = element - (setIndex + 1) - kept.count
                for var entry in tape[element..<next] {
                    if entry.kind == .array || entry.kind == .object {
                        entry.payload = entry.payload &- UInt64(shift)
                    }
                    kept.append(entry)
                }
            }
            element = next
        }
        tape.replaceSubrange((setIndex + 1)..<end, with: kept)
        tape[setIndex].payload = UInt64(tape.count) | UInt64(seen.count) << 32
    }
}
