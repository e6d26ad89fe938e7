/// Whether an object of a document's tape repeats a key: the check that
/// lets a keyed container take the first member of a name it finds (the
/// Codable decoders) and the document writer copy an object's members in
/// order. Objects of one model mostly have the same keys, so the last
/// object found unique for each member count and first key's length is
/// kept, and an object with the same keys in the same order is settled by
/// comparing them; small objects whose keys all differ in length need only
/// the lengths.
///
/// ```swift
/// var check = UniqueKeyCheck()
/// let unique = check.hasUniqueKeys(object: 0, count: 2, tape, input)
/// ```
struct UniqueKeyCheck {
    /// By ``slot(count:firstKeyLength:)``, the last object found to have
    /// unique keys (-1: none yet) and the lengths of its names.
    private var uniqueObjects = [(object: Int, nameLengths: UInt64)](repeating: (-1, ~0), count: 64)
    /// The open-addressing table of ``hashingKeys(object:end:count:_:_:)``, reused.
    private var fingerprintTable: [UInt64] = []

    /// Forgets the objects found unique, whose tape indexes it keeps: for
    /// a tape that is emptied and written over, whose objects it checks
    /// next. Keeps the memory.
    ///
    /// ```swift
    /// tape.removeAll()
    /// check.forgetObjects()
    /// ```
    mutating func forgetObjects() {
        for slot in uniqueObjects.indices { uniqueObjects[slot] = (-1, ~0) }
    }

    /// Whether no two of the `count` members of the object at `object` share a name.
    mutating func hasUniqueKeys(object: Int, count: Int, _ tape: UnsafeBufferPointer<TapeEntry>, _ input: UnsafeBufferPointer<UInt8>) -> Bool {
        uniqueNameLengths(object: object, count: count, tape, input) != nil
    }

    /// When no two of the `count` members of the object at `object` share
    /// a name, the lengths of the names (``lengthBit(_:)`` of each, ORed;
    /// all bits when the check did not read them); otherwise `nil`.
    ///
    /// - Complexity: O(`count`) for objects whose keys all differ in length
    ///   or match those of the last such object, and for any object of at
    ///   most 64 members with few keys of one length; otherwise at most
    ///   ``maxProbes`` probes per member.
    mutating func uniqueNameLengths(object: Int, count: Int, _ tape: UnsafeBufferPointer<TapeEntry>, _ input: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard count > 1 else { return ~0 }
        guard object >= 0, object < tape.count else { return nil }
        let end = tape[object].endIndex  // bounds proven: 0 <= object < tape.count
        guard end <= tape.count, object + 1 < end else { return nil }
        let slot = Self.slot(count: count, firstKeyLength: tape[object + 1].length)  // bounds proven: object + 1 < end <= tape.count
        if count <= 16, let lengths = distinctLengths(object: object, end: end, tape) { return lengths }
        let earlier = uniqueObjects[slot]  // bounds proven: slot < 64 = uniqueObjects.count
        if earlier.object >= 0, Self.sameKeys(object, end: end, as: earlier.object, count: count, tape, input) { return earlier.nameLengths }
        let lengths: UInt64
        switch count <= 64 ? comparingKeys(object: object, end: end, count: count, tape, input) : .undecided {
        case .unique(let nameLengths): lengths = nameLengths
        case .repeated: return nil
        case .undecided:
            guard hashingKeys(object: object, end: end, count: count, tape, input) else { return nil }
            lengths = ~0
        }
        uniqueObjects[slot] = (object, lengths)  // bounds proven: as above
        return lengths
    }

    /// The lengths of the names of the object at `object`
    /// (``lengthBit(_:)`` of each, ORed), for an object whose names are
    /// known to differ; all bits when a key has escapes, whose raw length
    /// is not its name's.
    ///
    /// - Complexity: O(members), one bit per key.
    static func nameLengths(object: Int, _ tape: UnsafeBufferPointer<TapeEntry>) -> UInt64 {
        guard object >= 0, object < tape.count else { return ~0 }
        let end = min(tape[object].endIndex, tape.count)  // bounds proven: 0 <= object < tape.count
        return rawKeyLengths(object: object, end: end, tape, distinct: false) ?? ~0
    }

    /// The bit of a name `length` bytes long in a set of name lengths (modulo 64).
    @inline(__always)
    static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(truncatingIfNeeded: length & 63) }

    /// One of 64 slots for objects of `count` members whose first key is
    /// `firstKeyLength` bytes long: the two tell most models' objects apart.
    static func slot(count: Int, firstKeyLength: Int) -> Int {
        (count &* 31 &+ firstKeyLength) & 63
    }

    /// Runs `body` with a zeroed table of `size` fingerprints, reused between calls.
    private mutating func withFingerprintTable<Result>(size: Int, _ body: (UnsafeMutableBufferPointer<UInt64>) -> Result) -> Result {
        if fingerprintTable.count < size { fingerprintTable = Array(repeating: 0, count: size) }
        return fingerprintTable.withUnsafeMutableBufferPointer { whole in
            let table = UnsafeMutableBufferPointer(rebasing: whole[..<size])  // bounds proven: size <= fingerprintTable.count (grown above)
            table.update(repeating: 0)
            return body(table)
        }
    }

    /// The lengths of the raw keys of the object at `object` (``lengthBit(_:)``
    /// of each) when they all differ (modulo 64), so no two can share a
    /// name: most small objects, settled with one bit test per key. `nil`
    /// at the first repeated length, and for keys with escapes, whose raw
    /// length is not their name's.
    ///
    /// - Complexity: O(members).
    @inline(__always)
    private func distinctLengths(object: Int, end: Int, _ tape: UnsafeBufferPointer<TapeEntry>) -> UInt64? {
        Self.rawKeyLengths(object: object, end: end, tape, distinct: true)
    }

    /// The lengths of the raw keys of the object at `object`, whose
    /// entries end at `end` (``lengthBit(_:)`` of each, ORed); `nil` at a
    /// key with escapes, whose raw length is not its name's, and, when
    /// `distinct`, at the first repeated length. The one walk of
    /// ``nameLengths(object:_:)`` and ``distinctLengths(object:end:_:)``.
    ///
    /// - Complexity: O(members), one bit per key.
    @inline(__always)
    private static func rawKeyLengths(object: Int, end: Int, _ tape: UnsafeBufferPointer<TapeEntry>, distinct: Bool) -> UInt64? {
        var lengths: UInt64 = 0
        var key = object + 1
        while key + 1 < end {
            let entry = tape[key]  // bounds proven: key < end <= tape.count
            let bit = lengthBit(entry.length)
            guard entry.flags & TapeEntry.needsDecoding == 0, !distinct || lengths & bit == 0 else { return nil }
            lengths |= bit
            key = tape[key + 1].nextSibling(after: key + 1)  // bounds proven: key + 1 < end <= tape.count
        }
        return lengths
    }

    /// Whether the object at `object` has the keys of the object at
    /// `earlier` (both `count` members), byte for byte and in the same
    /// order: objects of one model usually do, and then the earlier one's
    /// check answers for both. `false` at the first difference, and for
    /// keys with escapes, whose raw bytes do not show the name.
    ///
    /// - Complexity: O(`count`), one length check and one comparison per key.
    @inline(never)  // its own registers: inlined, the loop kept its indexes in memory
    static func sameKeys(
        _ object: Int, end: Int, as earlier: Int, count: Int, _ tape: UnsafeBufferPointer<TapeEntry>, _ input: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard earlier < tape.count, earlier != object, end <= tape.count else { return false }
        let other = tape[earlier]  // bounds proven: earlier < tape.count
        let otherEnd = other.endIndex
        guard other.kind == .object, other.count == count, otherEnd <= tape.count, let base = input.baseAddress else { return false }
        // Indexes stay below the ends, which are at most tape.count: `&+` cannot overflow.
        var key = object &+ 1
        var otherKey = earlier &+ 1
        while key &+ 1 < end {
            guard otherKey &+ 1 < otherEnd else { return false }
            let entry = tape[key]  // bounds proven: key < end <= tape.count
            let otherEntry = tape[otherKey]  // bounds proven: otherKey < otherEnd <= tape.count
            guard entry.isSamePlainKey(as: otherEntry, inInputAt: base, count: input.count) else { return false }
            key = tape[key &+ 1].nextSibling(after: key &+ 1)  // bounds proven: key + 1 < end <= tape.count
            otherKey = tape[otherKey &+ 1].nextSibling(after: otherKey &+ 1)  // bounds proven: otherKey + 1 < otherEnd <= tape.count
        }
        return otherKey >= otherEnd
    }

    /// What ``comparingKeys(object:end:count:_:_:)`` found.
    private enum Comparison {
        /// No two names are the same; the lengths of the names.
        case unique(nameLengths: UInt64)
        /// Two names are the same.
        case repeated
        /// The comparison cannot tell: a key has escapes, whose raw bytes do
        /// not show the name, or the object has more members than it takes.
        case undecided
    }

    /// Small objects: compares the raw bytes of keys of equal length only,
    /// finding them through a chain per length (most keys have a length no
    /// earlier key has, and cost one bit test). Capped at 64 members:
    /// chains of one length grow with the object.
    private func comparingKeys(
        object: Int, end: Int, count: Int, _ tape: UnsafeBufferPointer<TapeEntry>, _ input: UnsafeBufferPointer<UInt8>
    ) -> Comparison {
        withUnsafeTemporaryAllocation(of: (entry: TapeEntry, previous: Int).self, capacity: count) { keys in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 64) { lastOfLength in
                var seenLengths: UInt64 = 0
                var found = 0
                var key = object + 1
                while key + 1 < end, found < count {
                    let entry = tape[key]  // bounds proven: key < end <= tape.count
                    guard entry.flags & TapeEntry.needsDecoding == 0 else { return .undecided }
                    let bucket = entry.length & 63
                    var previous = -1
                    if seenLengths & 1 << bucket != 0 {
                        previous = lastOfLength[bucket]  // bounds proven: bucket < 64, set when its bit was
                        var earlier = previous
                        while earlier >= 0 {
                            let other = keys[earlier]  // bounds proven: earlier < found <= capacity
                            if other.entry.length == entry.length,
                                bytesEqual(Self.rawKey(other.entry, in: input), Self.rawKey(entry, in: input))
                            {
                                return .repeated
                            }
                            earlier = other.previous
                        }
                    }
                    keys.initializeElement(at: found, to: (entry, previous))  // found < count = capacity
                    lastOfLength.initializeElement(at: bucket, to: found)  // bucket < 64 = capacity
                    seenLengths |= Self.lengthBit(bucket)
                    found += 1
                    key = tape[key + 1].nextSibling(after: key + 1)  // bounds proven: key + 1 < end
                }
                // More members than `count` would be keys unseen: the hashing check reads them all.
                guard key + 1 >= end else { return .undecided }
                return .unique(nameLengths: seenLengths)
            }
        }
    }

    /// Any object: the keys' fingerprints go into an open-addressing table,
    /// and equal fingerprints count as a shared name (a rare false alarm
    /// only sends the object to the caller's exact path: the decoder's map
    /// of ``ObjectMembers``, a seeded `Dictionary`, or the writer's sort).
    /// The fingerprint is not seeded, so names chosen to crowd one part of
    /// the table could make each insertion probe every earlier one; an
    /// insertion that needs more than ``maxProbes`` probes gives up and
    /// answers "not unique" too. So the check costs at most ``maxProbes``
    /// probes per member, whatever the names.
    private mutating func hashingKeys(
        object: Int, end: Int, count: Int, _ tape: UnsafeBufferPointer<TapeEntry>, _ input: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        var bits = 4
        while 1 << bits < 2 * count { bits += 1 }
        let mask = 1 << bits - 1
        return withFingerprintTable(size: 1 << bits) { table in
            var key = object + 1
            var probes = 0
            defer { WorkCounter.count(probes) }
            while key + 1 < end {
                let fingerprint = max(Self.keyFingerprint(tape[key], in: input), 1)  // bounds proven: key < end <= tape.count
                var slot = Int(truncatingIfNeeded: fingerprint >> UInt64(64 - bits))
                var chain = 0
                while table[slot] != 0 {  // bounds proven: slot <= mask < table.count
                    if table[slot] == fingerprint { return false }  // bounds proven: slot <= mask < table.count
                    chain += 1
                    probes += 1
                    if chain > Self.maxProbes { return false }
                    slot = (slot + 1) & mask
                }
                table[slot] = fingerprint  // bounds proven: slot <= mask < table.count
                key = tape[key + 1].nextSibling(after: key + 1)  // bounds proven: key + 1 < end
            }
            return true
        }
    }

    /// The most slots one insertion of ``hashingKeys`` looks at. At most half
    /// the table is full, so honest names need about two.
    static let maxProbes = 32

    /// The raw bytes of the key `entry`, which the scanner placed inside the input.
    private static func rawKey(_ entry: TapeEntry, in input: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let end = min(entry.offset + entry.length, input.count)
        return UnsafeBufferPointer(rebasing: input[min(entry.offset, end)..<end])  // bounds proven: both ends clamped to input.count, lower <= upper
    }

    /// The fingerprint of the key `entry` (at tape index `index`), from its decoded name.
    private static func keyFingerprint(_ entry: TapeEntry, in input: UnsafeBufferPointer<UInt8>) -> UInt64 {
        if entry.flags & TapeEntry.needsDecoding != 0 {
            var name = entry.decodeString(in: input)
            return name.withUTF8 { PeregrineCore.keyFingerprint($0) }
        }
        return PeregrineCore.keyFingerprint(Self.rawKey(entry, in: input))
    }
}
