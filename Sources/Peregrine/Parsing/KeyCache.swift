/// Object keys already made into strings, looked up by their raw bytes, so
/// that a key repeated through a document (or across the documents one
/// ``JSON/Parser`` reads) is decoded, allocated and hashed once.
///
/// The cache is direct-mapped: each key has one slot, chosen by its
/// fingerprint (`keyFingerprint`), and a new key simply replaces the slot's old one. A lookup
/// is one slot compare, so hostile inputs with colliding keys cannot make it
/// slower than not caching at all.
struct KeyCache: Sendable {
    private var slots: [JSON.Object.ScalarKey?] = []
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
        slots = Array(repeating: nil, count: 1 << bits)
    }

    /// The key of the string entry `entry` of `input`.
    mutating func key(for entry: TapeEntry, in input: UnsafeBufferPointer<UInt8>) -> JSON.Object.ScalarKey {
        guard entry.flags & TapeEntry.needsDecoding == 0, !slots.isEmpty else {
            return JSON.Object.ScalarKey(entry.decodeString(in: input))
        }
        assert(entry.kind == .string, "key(for:) on a \(entry.kind) entry")
        // bounds proven: only object keys (.string entries) reach here; the scanner wrote offset + length within this same input
        let raw = UnsafeBufferPointer(rebasing: input[entry.offset..<entry.offset + entry.length])
        let slot = self.slot(of: raw)
        if let cached = slots[slot], Self.bytes(of: cached, equal: raw) {
            return cached
        }
        let key = JSON.Object.ScalarKey(String(decoding: raw, as: UTF8.self))
        slots[slot] = key
        return key
    }

    /// A slot from the key's fingerprint (length, first and last eight bytes).
    private func slot(of raw: UnsafeBufferPointer<UInt8>) -> Int {
        Int(truncatingIfNeeded: keyFingerprint(raw) >> UInt64(64 - slotBits))
    }

    private static func bytes(of key: JSON.Object.ScalarKey, equal raw: UnsafeBufferPointer<UInt8>) -> Bool {
        var string = key.string
        return string.withUTF8 { bytesEqual($0, raw) }
    }
}
