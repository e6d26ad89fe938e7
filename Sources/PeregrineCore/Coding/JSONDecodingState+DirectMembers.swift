extension JSONDecodingState {
    /// For each of `keys`, the tape index of its member's value in the
    /// object at `object` (-1 when missing), written into `slots`: the
    /// member lookup of a generated decoder. Names are matched on their
    /// bytes (after the key strategy, when one is set), and a name that
    /// repeats gets the value the duplicate-key policy picks, or, for two
    /// names the key strategy turns into one, the first one's, as a keyed
    /// container's lookup does.
    ///
    /// - Complexity: O(members), each key compared with the name after the
    ///   last one found, then with at most the model's names.
    func findMembers(of object: Int, keys: MemberKeys, into slots: UnsafeMutableRawBufferPointer) throws -> Int {
        let objectEntry = entry(object)
        guard objectEntry.kind == .object else { throw mismatch([String: Any].self, at: object, expected: "an object") }
        try checkStack(at: object)
        let fields = min(keys.count, slots.count / MemoryLayout<Int>.stride)
        for field in 0..<fields { slots.storeBytes(of: -1, toByteOffset: field * MemoryLayout<Int>.stride, as: Int.self) }
        let end = objectEntry.endIndex
        let firstWins = firstKeyWins
        let convertsKeys = convertsKeys
        return document.tape.withUnsafeBufferPointer { tape in
            document.bytes.withUnsafeBufferPointer { input in
                // A document with an object has input bytes.
                guard end <= tape.count, let entries = tape.baseAddress, let base = input.baseAddress else { return object }
                // No overflow below: key < end <= tape.count, and offsets and lengths are 32-bit.
                var key = object &+ 1
                var hint = 0
                while key &+ 1 < end {
                    let keyEntry = entries[key]  // bounds proven: key + 1 < end <= tape.count
                    let field: Int
                    if !convertsKeys, keyEntry.flags & TapeEntry.needsDecoding == 0 {
                        assert(keyEntry.offset &+ keyEntry.length <= input.count, "a key entry outside its input")
                        // bounds proven: the scanner (or flattening) wrote offset + length <= input.count for each string entry
                        field = keys.field(of: UnsafeBufferPointer(start: base + keyEntry.offset, count: keyEntry.length), hint: hint)
                    } else {
                        var name = convertsKeys ? modelKey(ofKey: key).stringValue : string(at: key)
                        field = name.withUTF8 { keys.field(of: $0, hint: hint) }
                    }
                    if UInt(bitPattern: field) < UInt(fields) {  // 0 <= field < fields
                        let offset = field &* MemoryLayout<Int>.stride
                        let found = slots.load(fromByteOffset: offset, as: Int.self)
                        if found < 0 || (!firstWins && (!convertsKeys || keysSpellAlike(found &- 1, key))) {
                            slots.storeBytes(of: key &+ 1, toByteOffset: offset, as: Int.self)
                        }
                        hint = field &+ 1
                    }
                    // The value's next sibling: past its end when it is a container, else the next key.
                    let value = entries[key &+ 1]  // bounds proven: key + 1 < end <= tape.count
                    key = value.isKind(.object) || value.isKind(.array) ? value.endIndex : key &+ 2
                }
                return object
            }
        }
    }

    /// The members of the object at `object` that none of `tables` names
    /// (compared after the key strategy), as values under their names as
    /// written; a repeated name keeps its first place and the value the
    /// duplicate-key policy picks.
    ///
    /// - Complexity: O(size of the object × `tables.count`): each member
    ///   hashed once per table.
    func unknownMembers(of object: Int, named tables: some Collection<MemberKeys>) throws -> JSON.Object {
        guard entry(object).kind == .object else { throw mismatch([String: Any].self, at: object, expected: "an object") }
        let members = convertedMembers(of: object) ?? keyIndexes(object: object).map { (name: string(at: $0), key: $0) }
        var unknown = JSON.Object()
        for member in members where !tables.contains(where: { $0.contains(member.name) }) {
            let name = convertsKeys ? string(at: member.key) : member.name
            if firstKeyWins, unknown[name] != nil { continue }
            guard let value = document.value(at: member.key + 1) else {
                throw failure(.invalidValue, at: member.key + 1, "the value nests deeper than \(JSON.maxValueDepth) levels, the most an owned JSON value holds")
            }
            unknown[name] = value
        }
        return unknown
    }
}
