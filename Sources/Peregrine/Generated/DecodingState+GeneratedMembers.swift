extension DecodingState {
    /// For each of `keys`, the tape index of its member's value in the
    /// object at `object` (-1 when missing), written into `slots`: the
    /// member lookup of a generated decoder. Names are matched on their
    /// bytes (after the key strategy, when one is set), and a name that
    /// repeats gets the value the duplicate-key policy picks, as a keyed
    /// container's lookup does.
    ///
    /// - Complexity: O(members), each key compared with the name after the
    ///   last one found, then with at most the model's names.
    func findMembers(of object: Int, keys: GeneratedKeys, into slots: UnsafeMutableRawBufferPointer) throws -> Int {
        let objectEntry = entry(object)
        guard objectEntry.kind == .object else { throw mismatch([String: Any].self, at: object, expected: "an object") }
        let fields = min(keys.count, slots.count / MemoryLayout<Int>.stride)
        for field in 0..<fields { slots.storeBytes(of: -1, toByteOffset: field * MemoryLayout<Int>.stride, as: Int.self) }
        let end = objectEntry.endIndex
        let firstWins = firstKeyWins
        let convertsKeys = convertsKeys
        return document.tape.withUnsafeBufferPointer { tape in
            document.bytes.withUnsafeBufferPointer { input in
                guard end <= tape.count else { return object }
                var key = object + 1
                var hint = 0
                while key + 1 < end {
                    let keyEntry = tape[key]  // bounds proven: key + 1 < end <= tape.count
                    let field: Int
                    if convertsKeys {
                        var name = modelKey(ofKey: key).stringValue
                        field = name.withUTF8 { keys.field(of: $0, hint: hint) }
                    } else if keyEntry.flags & TapeEntry.needsDecoding != 0 {
                        var name = string(at: key)
                        field = name.withUTF8 { keys.field(of: $0, hint: hint) }
                    } else if let base = input.baseAddress, keyEntry.offset + keyEntry.length <= input.count {
                        // bounds proven: offset + length <= input.count (the condition above)
                        field = keys.field(of: UnsafeBufferPointer(start: base + keyEntry.offset, count: keyEntry.length), hint: hint)
                    } else {
                        field = -1
                    }
                    if field >= 0, field < fields {
                        let offset = field * MemoryLayout<Int>.stride
                        if !firstWins || slots.load(fromByteOffset: offset, as: Int.self) < 0 {
                            slots.storeBytes(of: key + 1, toByteOffset: offset, as: Int.self)
                        }
                        hint = field + 1
                    }
                    key = tape[key + 1].nextSibling(after: key + 1)  // bounds proven: key + 1 < end <= tape.count
                }
                return object
            }
        }
    }
}
