extension JSONDecodingState {
    /// For each of `keys`, the tape index of its member's value in the
    /// object at `object` (left -1 when missing), written into `slots`: the
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
        assert((0..<fields).allSatisfy { slots.load(fromByteOffset: $0 * MemoryLayout<Int>.stride, as: Int.self) == -1 }, "slots not all -1")
        let end = objectEntry.endIndex
        // The slots are a tuple of `Int`s (`members(of:keys:into:)`), so their memory is bound to `Int`.
        guard let fieldSlots = slots.baseAddress?.assumingMemoryBound(to: Int.self) else { return object }
        let firstWins = firstKeyWins
        let plainKeys = !convertsKeys
        return document.tape.withUnsafeBufferPointer { tape in
            document.bytes.withUnsafeBufferPointer { input in
                // A document with an object has input bytes.
                guard end <= tape.count, let entries = tape.baseAddress, let base = input.baseAddress else { return object }
                let inOrder = InOrderMembers(
                    entries: entries, input: base, names: keys.names, slots: fieldSlots, fields: fields, end: end, firstWins: firstWins)
                // No overflow below: key < end <= tape.count.
                var key = object &+ 1
                var hint = 0
                while key &+ 1 < end {
                    if plainKeys {
                        (key, hint) = inOrder.match(from: key, hint: hint)
                        guard key &+ 1 < end else { break }
                    }
                    // A member out of the model's order, with escapes, or under a key strategy.
                    let field = self.field(ofKey: key, entries[key], in: input, keys: keys, hint: hint)  // bounds proven: key + 1 < end <= tape.count
                    if UInt(bitPattern: field) < UInt(fields) {  // 0 <= field < fields
                        let slot = fieldSlots + field  // bounds proven: 0 <= field < fields, the slots' count
                        if slot.pointee < 0 || (!firstWins && (plainKeys || keysSpellAlike(slot.pointee &- 1, key))) {
                            slot.pointee = key &+ 1
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

    /// The field of `keys` named by the key at `key` (whose entry is
    /// `keyEntry`, in `input`), or -1: ``findMembers(of:keys:into:)``'s
    /// path for a key that is not the name after the last one found, that
    /// has escapes, or that a key strategy converts.
    @inline(never)  // the uncommon path, kept out of the member loop
    private func field(ofKey key: Int, _ keyEntry: TapeEntry, in input: UnsafeBufferPointer<UInt8>, keys: MemberKeys, hint: Int) -> Int {
        if !convertsKeys, keyEntry.flags & TapeEntry.needsDecoding == 0 {
            return keys.field(of: keyEntry.rawBytes(in: input), hint: hint)
        }
        var name = convertsKeys ? modelKey(ofKey: key).stringValue : string(at: key)
        return name.withUTF8 { keys.field(of: $0, hint: hint) }
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

/// ``JSONDecodingState/findMembers(of:keys:into:)``'s common case for one
/// object: its tape and input, the model's names and the slots, gathered
/// once, so that the loop over members in the model's order runs in a
/// function of its own that makes no call and keeps them in registers.
private struct InOrderMembers {
    let entries: UnsafePointer<TapeEntry>
    let input: UnsafePointer<UInt8>
    let names: MemberKeys.Names
    /// One `Int` per field, `fields` of them.
    let slots: UnsafeMutablePointer<Int>
    let fields: Int
    /// The object's end on the tape, at most the tape's count.
    let end: Int
    let firstWins: Bool

    /// From the member at `key`, each member whose key is written as it
    /// stands and is the name after the last one found (`hint`) gets its
    /// value's index in its slot (kept when `firstWins` and the slot is
    /// taken). Stops at the object's end or at the first member that is
    /// not such; returns where, and the field after the last one found.
    ///
    /// - Complexity: O(members), each key compared with one name.
    @inline(never)  // a function of its own: see the type
    func match(from start: Int, hint startField: Int) -> (key: Int, hint: Int) {
        assert(fields <= names.count, "more fields than names")
        var key = start
        var field = startField
        // No overflow: key < end, a tape index; field < fields, a model's count of names.
        while key &+ 1 < end, field < fields {
            let keyEntry = entries[key]  // bounds proven: key + 1 < end <= the tape's count
            // bounds proven: the scanner (or flattening) wrote offset + length <= input.count for each string entry
            guard keyEntry.flags & TapeEntry.needsDecoding == 0,
                names.matches(UnsafeBufferPointer(start: input + keyEntry.offset, count: keyEntry.length), field: field)
            else { break }
            let slot = slots + field  // bounds proven: field < fields, the slots' count
            if !firstWins || slot.pointee < 0 { slot.pointee = key &+ 1 }
            field &+= 1
            // The value's next sibling: past its end when it is a container, else the next key.
            let value = entries[key &+ 1]  // bounds proven: key + 1 < end
            key = value.isKind(.object) || value.isKind(.array) ? value.endIndex : key &+ 2
        }
        return (key, field)
    }
}
