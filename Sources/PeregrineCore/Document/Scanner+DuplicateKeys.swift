extension Scanner {
    /// Throws ``JSON/ParseError/Kind/duplicateKey`` for the repeated key that
    /// comes first in the text, naming it and its first position. Runs over
    /// the finished tape, and only under ``JSON/ParseOptions/DuplicateKeyPolicy/reject``.
    /// ``UniqueKeyCheck`` clears each object (objects of one model, settled
    /// together, and most small ones without reading a name); only an
    /// object that repeats a key has its names decoded, to find which.
    /// `first`: the tape index to start at (a value scanned onto the end
    /// of a tape holding others, ``scanOneValue(at:depthLeft:checking:)``);
    /// `check`: the check of the objects before it on the tape, or a new one.
    func rejectDuplicateKeys(from first: Int = 0, checking check: inout UniqueKeyCheck) throws(JSON.ParseError) {
        var earliest: (name: String, offset: Int, first: Int)?
        for objectIndex in min(first, tape.count)..<tape.count {
            let object = tape[objectIndex]
            guard object.kind == .object, object.count > 1 else { continue }
            let repeats = tape.withUnsafeBufferPointer { entries in
                !check.hasUniqueKeys(object: objectIndex, count: object.count, entries, input)
            }
            guard repeats else { continue }
            var firstOffsets: [ScalarKey: Int] = [:]
            var keyIndex = objectIndex + 1
            while keyIndex < object.endIndex {
                let key = tape[keyIndex]
                let name = key.decodeString(in: input)
                let offset = keyStart(key)
                if let first = firstOffsets[ScalarKey(name)] {
                    if offset < earliest?.offset ?? .max { earliest = (name, offset, first) }
                    break
                }
                firstOffsets[ScalarKey(name)] = offset
                keyIndex = tape[keyIndex + 1].nextSibling(after: keyIndex + 1)
            }
        }
        guard let (name, offset, first) = earliest else { return }
        let location = SourceLocation(of: first, in: input)
        throw error(
            .duplicateKey, at: offset,
            "duplicate key \(String(jsonEscaping: name.excerpt(scalars: JSON.PathComponent.maxNameScalars))), first at \(location.line):\(location.column)")
    }

    /// Where a key begins: its opening quote, or the identifier itself.
    private func keyStart(_ key: TapeEntry) -> Int {
        let offset = key.offset
        guard offset > 0 else { return offset }
        let before = input[offset - 1]  // bounds proven: offset > 0
        return before == UInt8(ascii: "\"") || before == UInt8(ascii: "'") ? offset - 1 : offset
    }
}
