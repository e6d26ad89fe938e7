extension JSONDecodingState {
    /// The tape indexes of the keys of the object at `object`, in order.
    func keyIndexes(object: Int) -> [Int] {
        var keys: [Int] = []
        var key = object + 1
        while key < entry(object).endIndex {
            keys.append(key)
            key = entry(key + 1).nextSibling(after: key + 1)
        }
        return keys
    }

    /// Whether no two of the object's `count` members share a name: always
    /// under ``JSON/ParseOptions/DuplicateKeyPolicy/reject``, whose parse
    /// rejected every document with such an object, else checked here.
    func hasUniqueKeys(object: Int, count: Int) -> Bool {
        keysAreUnique || withMembers { tape, input in uniqueKeys.hasUniqueKeys(object: object, count: count, tape, input) }
    }

    /// Whether no two of the object's `count` members share a name (as
    /// ``hasUniqueKeys(object:count:)`` finds); if so, its lookups start at
    /// its first member and know its names' lengths.
    func opensUniqueKeys(object: Int, count: Int) -> Bool {
        let lengths = withMembers { tape, input in
            keysAreUnique ? UniqueKeyCheck.nameLengths(object: object, tape) : uniqueKeys.uniqueNameLengths(object: object, count: count, tape, input)
        }
        guard let lengths else { return false }
        cursors.open(object, first: object + 1, nameLengths: lengths)
        return true
    }

    /// Under `.convertFromSnakeCase`: whether every key of the object is
    /// plain snake case (``SnakeCase/plainNameLength(_:)``) and no two
    /// share a name; if so, its lookups start at its first member and know
    /// the lengths of its names as converted, and
    /// ``keyIndex(utf8:object:end:spelling:)`` with ``SnakeCaseKeySpelling``
    /// finds its members.
    ///
    /// - Complexity: O(the bytes of its keys), and the check of
    ///   ``opensUniqueKeys(object:count:)``.
    func opensPlainSnakeCaseKeys(object: Int, count: Int) -> Bool {
        let lengths = withMembers { tape, input -> UInt64? in
            guard object >= 0, object < tape.count else { return nil }
            let end = tape[object].endIndex  // bounds proven: 0 <= object < tape.count
            guard end <= tape.count, let base = input.baseAddress else { return nil }
            var lengths: UInt64 = 0
            var key = object + 1
            while key + 1 < end {
                let entry = tape[key]  // bounds proven: key + 1 < end <= tape.count
                assert(entry.offset &+ entry.length <= input.count, "a key entry outside its input")
                // bounds proven: the scanner wrote offset + length <= input.count for each string entry
                guard entry.flags & TapeEntry.needsDecoding == 0,
                    let length = SnakeCase.plainNameLength(UnsafeBufferPointer(start: base + entry.offset, count: entry.length))
                else { return nil }
                lengths |= UniqueKeyCheck.lengthBit(length)
                key = tape[key + 1].nextSibling(after: key + 1)  // bounds proven: key + 1 < end <= tape.count
            }
            return lengths
        }
        guard let lengths, hasUniqueKeys(object: object, count: count) else { return false }
        cursors.open(object, first: object + 1, nameLengths: lengths)
        return true
    }

    /// The key whose name's UTF-8 is `wanted` in an object whose names are
    /// unique, starting where the last lookup in this object stopped, its
    /// keys read as `spelling` reads them.
    ///
    /// - Complexity: one comparison when the model reads members in the
    ///   order the JSON has them; a name that is not there goes round the
    ///   object once, or not at all when no name of the object has its
    ///   length. Each comparison is a length check, and a word-wise byte
    ///   comparison only for names of the wanted length.
    @inline(__always)
    func keyIndex<Spelling: KeySpelling>(utf8 wanted: UnsafeBufferPointer<UInt8>, object: Int, end: Int, spelling: Spelling.Type) -> Int? {
        keyAtCursor(wanted, object: object, end: end, spelling: spelling) ?? searchKey(wanted, object: object, end: end, spelling: spelling)
    }

    /// The usual lookup, inlined into each container method: the member
    /// where the last lookup in `object` stopped, when it is `wanted` (a
    /// call and a loop would cost more than this one comparison).
    @inline(__always)
    private func keyAtCursor<Spelling: KeySpelling>(_ wanted: UnsafeBufferPointer<UInt8>, object: Int, end: Int, spelling: Spelling.Type) -> Int? {
        guard let key = cursors.start(in: object), key > object, key &+ 1 < end else { return nil }  // no overflow: key < end
        let found = withMembers { tape, input -> Bool in
            guard end <= tape.count else { return false }
            let entry = tape[key]  // bounds proven: key < end <= tape.count
            guard Spelling.key(entry, in: input, spells: wanted) else { return false }
            cursors.set(tape[key &+ 1].nextSibling(after: key &+ 1), in: object)  // bounds proven: key + 1 < end <= tape.count
            return true
        }
        return found ? key : nil
    }

    /// The lookup beyond the member at the cursor: round the object from
    /// there, unless no name of the object has the length of `wanted`.
    private func searchKey<Spelling: KeySpelling>(_ wanted: UnsafeBufferPointer<UInt8>, object: Int, end: Int, spelling: Spelling.Type) -> Int? {
        let first = object + 1
        guard first < end, cursors.mayHaveName(ofLength: wanted.count, in: object) else { return nil }
        var start = cursors.start(in: object) ?? first
        if start < first || start >= end { start = first }
        return findKey(wanted, from: start, first: first, end: end, object: object, spelling: spelling)
    }

    /// The loop of ``searchKey(_:object:end:spelling:)``: the members from
    /// `start` to `end`, then from `first` back to `start`.
    @inline(__always)
    private func findKey<Spelling: KeySpelling>(
        _ wanted: UnsafeBufferPointer<UInt8>, from start: Int, first: Int, end: Int, object: Int, spelling: Spelling.Type
    ) -> Int? {
        withMembers { tape, input in
            guard end <= tape.count else { return nil }
            var key = start
            repeat {
                guard key + 1 < end else { return nil }
                let entry = tape[key]  // bounds proven: key < end <= tape.count
                // Keys with escapes are only in objects read as written (snake case takes plain keys only).
                let matches =
                    entry.flags & TapeEntry.needsDecoding != 0
                    ? escapedKey(at: key, equals: wanted) : Spelling.key(entry, in: input, spells: wanted)
                let next = tape[key + 1].nextSibling(after: key + 1)  // bounds proven: key + 1 < end <= tape.count
                if matches {
                    cursors.set(next, in: object)
                    return key
                }
                key = next < end ? next : first
            } while key != start
            return nil
        }
    }

    /// Whether the key at `key`, which has escapes, reads `wanted` once decoded.
    @inline(never)  // rare: kept out of the lookup loop
    private func escapedKey(at key: Int, equals wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        string(at: key).utf8.elementsEqual(wanted)
    }

    /// Whether the keys at tape indexes `first` and `second` are one name
    /// written twice (the same scalars once decoded), as against two names
    /// a key strategy turns into one: what decides between the duplicate-key
    /// policy and the first member, which Foundation takes for two names
    /// that become one.
    ///
    /// - Complexity: O(the names' length): their bytes, decoded only for
    ///   names with escapes.
    func keysSpellAlike(_ first: Int, _ second: Int) -> Bool {
        WorkCounter.count(1)
        let (plainAlike, escaped) = withMembers { tape, input -> (Bool, Bool) in
            guard first < tape.count, second < tape.count else { return (false, false) }
            let (a, b) = (tape[first], tape[second])  // bounds proven: both below tape.count (the guard)
            return (a.isSamePlainKey(as: b, in: input), (a.flags | b.flags) & TapeEntry.needsDecoding != 0)
        }
        return plainAlike || (escaped && string(at: first).unicodeScalars.elementsEqual(string(at: second).unicodeScalars))
    }

    /// Runs `body` with the tape and the input as buffers, for loops over an
    /// object's members (one retain of each instead of one per access).
    @inline(__always)
    private func withMembers<Result>(_ body: (UnsafeBufferPointer<TapeEntry>, UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        document.tape.withUnsafeBufferPointer { tape in
            document.bytes.withUnsafeBufferPointer { input in body(tape, input) }
        }
    }

}
