/// Object keys already made into strings, looked up by their raw bytes, so
/// that a key repeated through a document (or across the documents one
/// ``JSON/Parser`` reads) is decoded, allocated and hashed once.
///
/// The cache is direct-mapped: each key has one slot, chosen by a cheap hash
/// of its bytes, and a new key simply replaces the slot's old one. A lookup
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
        let raw = UnsafeBufferPointer(rebasing: input[entry.offset..<entry.offset + entry.length])
        let slot = self.slot(of: raw)
        if let cached = slots[slot], Self.bytes(of: cached, equal: raw) {
            return cached
        }
        let key = JSON.Object.ScalarKey(String(decoding: raw, as: UTF8.self))
        slots[slot] = key
        return key
    }

    /// A slot from the length and the first and last eight bytes.
    private func slot(of raw: UnsafeBufferPointer<UInt8>) -> Int {
        var mixed = UInt64(truncatingIfNeeded: raw.count) &* 0x9E37_79B9_7F4A_7C15
        if raw.count >= 8 {
            let bytes = UnsafeRawBufferPointer(raw)
            mixed ^= bytes.loadUnaligned(as: UInt64.self)  // bounds proven: count >= 8
            mixed = (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9
            mixed ^= bytes.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self)  // bounds proven
        } else {
            for byte in raw { mixed = (mixed ^ UInt64(byte)) &* 0x100_0000_01B3 }
        }
        mixed = (mixed ^ (mixed >> 32)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits))
    }

    private static func bytes(of key: JSON.Object.ScalarKey, equal raw: UnsafeBufferPointer<UInt8>) -> Bool {
        var string = key.string
        return string.withUTF8 { bytesEqual($0, raw) }
    }
}
