extension DecodingState {
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

    /// Whether no two of the object's `count` members share a name: their
    /// fingerprints go into an open-addressing table, and equal fingerprints
    /// count as a shared name (a rare false alarm only costs slower lookups).
    func hasUniqueKeys(object: Int, count: Int) -> Bool {
        guard count > 1 else { return true }
        var bits = 4
        while 1 << bits < 2 * count { bits += 1 }
        let mask = 1 << bits - 1
        return withFingerprintTable(size: 1 << bits) { table in
            var key = object + 1
            for _ in 0..<count {
                let fingerprint = max(keyFingerprint(at: key), 1)
                var slot = Int(truncatingIfNeeded: fingerprint >> UInt64(64 - bits))
                while table[slot] != 0 {  // bounds proven: slot <= mask < table.count
                    if table[slot] == fingerprint { return false }
                    slot = (slot + 1) & mask
                }
                table[slot] = fingerprint
                key = entry(key + 1).nextSibling(after: key + 1)
            }
            return true
        }
    }

    /// The key named `name` in an object whose names are unique, starting
    /// where the last lookup in this object stopped.
    func keyIndex(named name: String, object: Int, end: Int) -> Int? {
        let first = object + 1
        guard first < end else { return nil }
        var start = lookupCursor(object: object)
        if start < first || start >= end { start = first }
        var name = name
        return name.withUTF8 { wanted in
            var key = start
            repeat {
                let next = entry(key + 1).nextSibling(after: key + 1)
                if keyEquals(at: key, wanted) {
                    setLookupCursor(object: object, next: next)
                    return key
                }
                key = next < end ? next : first
            } while key != start
            return nil
        }
    }

    /// Whether the key entry at `index` is the name whose UTF-8 is `wanted`.
    private func keyEquals(at index: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let entry = entry(index)
        if entry.flags & TapeEntry.needsDecoding != 0 {
            return string(at: index).utf8.elementsEqual(wanted)
        }
        guard entry.length == wanted.count else { return false }
        return document.bytes.withUnsafeBufferPointer { input in
            bytesEqual(UnsafeBufferPointer(rebasing: input[entry.offset..<entry.offset + entry.length]), wanted)
        }
    }

    /// The fingerprint of the key entry at `index`, from its decoded name.
    private func keyFingerprint(at index: Int) -> UInt64 {
        let entry = entry(index)
        if entry.flags & TapeEntry.needsDecoding != 0 {
            var name = string(at: index)
            return name.withUTF8 { Peregrine.keyFingerprint($0) }
        }
        return document.bytes.withUnsafeBufferPointer { input in
            Peregrine.keyFingerprint(UnsafeBufferPointer(rebasing: input[entry.offset..<entry.offset + entry.length]))
        }
    }
}
