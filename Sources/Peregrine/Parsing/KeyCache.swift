/// Object keys already made into strings, looked up by their raw bytes, so
/// that a key repeated through a document (or across the documents one
/// ``JSON/Parser`` reads) is decoded, allocated and hashed once.
///
/// Each key has two slots, chosen by its fingerprint (`keyFingerprint`): a
/// new key goes first and pushes the key there second, and the older of
/// the two out. (Hits move nothing: swapping the slots of two keys that
/// alternate cost more than it saved.) (With one slot, two frequent
/// keys sharing it pushed each other out: twitter.json, 94 distinct keys,
/// missed 1,785 times a parse.) A lookup reads at most two slots, so
/// hostile inputs with colliding keys cannot make it slower than not
/// caching at all. A slot keeps the key's length and first and last eight
/// bytes, which for keys of up to 16 bytes are the whole key: those hits
/// are confirmed without reading the `String`.
///
/// Keys longer than ``maxKeyBytes`` are made afresh each time and never
/// kept, so that what a ``JSON/Parser`` holds between documents is bounded
/// in bytes (512 slots of at most 128 bytes of text), not only in count:
/// a document of a few huge keys would otherwise stay in memory with the
/// parser long after its values were dropped.
struct KeyCache: Sendable {
    /// The longest key, in bytes, that the cache keeps.
    static let maxKeyBytes = 128

    private struct Slot: Sendable {
        var words: KeyWords
        var count: Int
        var key: JSON.Object.ScalarKey?
    }

    private var slots: [Slot] = []
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
        // through the slot type's value witness (about 45 instructions a slot).
        slots = [Slot](unsafeUninitializedCapacity: 1 << bits) { buffer, count in
            buffer.initialize(repeating: Slot(words: KeyWords(first: 0, last: 0), count: -1, key: nil))
            count = buffer.count
        }
    }

    /// The key of the string entry `entry` of `input`.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    mutating func key(for entry: TapeEntry, in input: UnsafeBufferPointer<UInt8>) -> JSON.Object.ScalarKey {
        guard entry.flags & TapeEntry.needsDecoding == 0, entry.length <= Self.maxKeyBytes, !slots.isEmpty else {
            return JSON.Object.ScalarKey(entry.decodeString(in: input))
        }
        assert(entry.kind == .string, "key(for:) on a \(entry.kind) entry")
        // bounds proven: only object keys (.string entries) reach here; the scanner wrote offset + length within this same input
        let raw = UnsafeBufferPointer(rebasing: input[entry.offset..<entry.offset + entry.length])
        let words = KeyWords(raw)
        // bounds proven: slots.count == 1 << slotBits, and the shift leaves slotBits bits; clearing the low one keeps first + 1 below the count
        let first = Int(truncatingIfNeeded: words.fingerprint(count: raw.count) >> UInt64(64 - slotBits)) & ~1
        if let key = cached(at: first, words, raw) { return key }
        if let key = cached(at: first + 1, words, raw) { return key }
        let key = JSON.Object.ScalarKey(String(validatedUTF8: raw))
        slots[first + 1] = slots[first]
        slots[first] = Slot(words: words, count: raw.count, key: key)
        return key
    }

    /// The key in slot `index` when its bytes are `raw` (whose words are `words`).
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    private func cached(at index: Int, _ words: KeyWords, _ raw: UnsafeBufferPointer<UInt8>) -> JSON.Object.ScalarKey? {
        guard slots[index].count == raw.count, slots[index].words == words, let key = slots[index].key else { return nil }
        // Up to 16 bytes, the first and last eight are all of them.
        guard raw.count > 16 else { return key }
        var string = key.string
        return string.withUTF8 { bytesEqual($0, raw) } ? key : nil
    }
}
