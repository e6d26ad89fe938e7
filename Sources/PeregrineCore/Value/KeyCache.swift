/// Object keys already made into strings, looked up by their raw bytes, so
/// that a key repeated through a document (or across the documents one
/// ``JSON/Parser`` reads) is decoded, allocated and hashed once.
///
/// Each key has two slots, chosen by its fingerprint (`keyFingerprint`): a
/// new key goes first and pushes the key there second, and the older of
/// the two out. (Hits move nothing: swapping the slots of two keys that
/// alternate cost more than it saved.) (With one slot, two frequent
/// keys sharing it pushed each other out, and were made again each time.)
/// A lookup reads at most two slots, so
/// hostile inputs with colliding keys cannot make it slower than not
/// caching at all. A slot keeps the key's length and first and last eight
/// bytes, which for keys of up to 16 bytes are the whole key: those hits
/// are confirmed without reading the `String`.
///
/// The slots hold plain words and the position of their key in `keys`,
/// the keys made so far, so that a table made for one parse and dropped
/// after it costs the stores that empty its slots and the release of the
/// keys it made, not a release per slot (slots that held their keys cost
/// a small document's parse more to set up and release). The keys
/// pushed out of their slots stay in `keys` until it holds as many keys
/// as there are slots; then the cache starts empty again.
///
/// Keys longer than ``maxKeyBytes`` are made afresh each time and never
/// kept, so that what a ``JSON/Parser`` holds between documents is bounded
/// in bytes (512 keys of at most 128 bytes of text), not only in count:
/// a document of a few huge keys would otherwise stay in memory with the
/// parser long after its values were dropped.
struct KeyCache: Sendable {
    /// The longest key, in bytes, that the cache keeps.
    static let maxKeyBytes = 128

    /// A key's length and words, and its position in `keys` plus one.
    private struct Slot: Sendable {
        var words: KeyWords
        /// -1 in an empty slot, which so matches no key.
        var count: Int32
        var number: Int32

        static let empty = Slot(words: KeyWords(first: 0, last: 0), count: -1, number: 0)
    }

    private var slots: [Slot] = []
    /// The keys the slots refer to, in the order they were made: at most
    /// `slots.count`, some of them no longer in a slot.
    private var keys: [ScalarKey] = []
    /// log2 of `slots.count`.
    private var slotBits = 0

    init() {}

    /// Makes room for the keys of an input of `byteCount` bytes: one slot per
    /// 32 bytes, between 16 and 512 slots, so that a small document does not
    /// pay for a large table. A larger table starts empty.
    mutating func prepare(forInputOf byteCount: Int) {
        var bits = 4
        while bits < 9 && (1 << bits) * 32 < byteCount { bits += 1 }
        guard bits > slotBits else { return }
        slotBits = bits
        // Filled in place: `Array(repeating:count:)` copied each empty slot
        // through the slot type's value witness. (Not zeros, which would
        // make it a `memset`, whose `rep stosb` callgrind counts a byte an
        // instruction.)
        slots = [Slot](unsafeUninitializedCapacity: 1 << bits) { buffer, count in
            buffer.initialize(repeating: .empty)
            count = buffer.count
        }
        keys = []
        keys.reserveCapacity(1 << bits)
    }

    /// The key of the string entry `entry` of `input`.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    mutating func key(for entry: TapeEntry, in input: UnsafeBufferPointer<UInt8>) -> ScalarKey {
        guard entry.flags & TapeEntry.needsDecoding == 0, entry.length <= Self.maxKeyBytes, !slots.isEmpty else {
            return ScalarKey(entry.decodeString(in: input))
        }
        assert(entry.kind == .string, "key(for:) on a \(entry.kind) entry")
        let raw = entry.rawBytes(in: input)
        let words = KeyWords(raw)
        // bounds proven: slots.count == 1 << slotBits, and the shift leaves slotBits bits; clearing the low one keeps first + 1 below the count
        let first = Int(truncatingIfNeeded: words.fingerprint(count: raw.count) >> UInt64(64 - slotBits)) & ~1
        if let key = cached(at: first, words, raw) { return key }
        if let key = cached(at: first + 1, words, raw) { return key }
        let key = ScalarKey(String(validatedUTF8: raw))
        if keys.count >= slots.count {
            // Full: every slot is let go at once, and the keys they held.
            keys.removeAll(keepingCapacity: true)
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: .empty) }
        }
        keys.append(key)
        slots[first + 1] = slots[first]
        // At most 128 bytes and 512 keys: both fit an Int32.
        slots[first] = Slot(words: words, count: Int32(truncatingIfNeeded: raw.count), number: Int32(truncatingIfNeeded: keys.count))
        checkSlot(first)
        checkSlot(first + 1)
        return key
    }

    /// The key in slot `index` when its bytes are `raw` (whose words are `words`).
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    private func cached(at index: Int, _ words: KeyWords, _ raw: UnsafeBufferPointer<UInt8>) -> ScalarKey? {
        let slot = slots[index]
        guard slot.count == raw.count, slot.words == words else { return nil }
        let key = keys[Int(slot.number) - 1]  // a filled slot's number is 1 through keys.count: they are emptied together
        // Up to 16 bytes, the first and last eight are all of them.
        guard raw.count > 16 else { return key }
        var string = key.string
        return string.withUTF8 { bytesEqual($0, raw) } ? key : nil
    }

    /// Stops the program when the cache's bookkeeping is wrong: debug
    /// builds only (release builds compile nothing). There are no slots
    /// before the first ``prepare(forInputOf:)``, and 16 to 512 after, a
    /// power of two; no more keys than slots, none longer than
    /// ``maxKeyBytes``; and every filled slot is one of the two its key's
    /// fingerprint picks and holds that key's number, length and words.
    /// O(slots + key bytes).
    ///
    /// ```swift
    /// cache.checkInvariants()
    /// ```
    func checkInvariants() {
        #if DEBUG
        if slots.isEmpty {
            precondition(slotBits == 0 && keys.isEmpty, "a cache without slots holds no keys")
        } else {
            precondition(slotBits >= 4 && slotBits <= 9 && slots.count == 1 << slotBits, "a cache has 16 to 512 slots, a power of two")
        }
        precondition(keys.count <= slots.count, "a cache holds no more keys than slots")
        for key in keys { precondition(key.string.utf8.count <= Self.maxKeyBytes, "a kept key is at most \(Self.maxKeyBytes) bytes") }
        for index in slots.indices { checkSlot(index) }
        #endif
    }

    /// Stops the program, in debug builds only, when slot `index` is
    /// filled but not with one of the keys made, or not with its length
    /// and words, or is not one of the two slots of its key. O(the key's
    /// bytes): called after a key is put in.
    func checkSlot(_ index: Int) {
        #if DEBUG
        let slot = slots[index]
        guard slot.count >= 0 else {
            precondition(slot.number == 0, "an empty slot names no key")
            return
        }
        precondition(slot.number >= 1 && Int(slot.number) <= keys.count, "slot \(index) names a key made")
        var text = keys[Int(slot.number) - 1].string
        text.withUTF8 { raw in
            precondition(raw.count == Int(slot.count) && KeyWords(raw) == slot.words, "slot \(index) holds its key's length and words")
            let first = Int(truncatingIfNeeded: slot.words.fingerprint(count: raw.count) >> UInt64(64 - slotBits)) & ~1
            precondition(index & ~1 == first, "slot \(index) is one of the two its key's fingerprint picks")
        }
        #endif
    }
}
