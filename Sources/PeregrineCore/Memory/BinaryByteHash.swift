/// The hash of the binary format's tables keyed by bytes from the input
/// (the writer's string table, the reader's member names).
///
/// It starts as a fast unseeded hash. Bytes chosen to collide in it could
/// make every lookup of an open-addressing table probe every earlier entry,
/// so a table that ever probes more than ``maxProbes`` slots (honest inputs
/// need two or three) switches to Swift's `Hasher`, which is seeded per
/// process, and places its entries again. Before the switch each lookup
/// costs at most ``maxProbes`` probes; after it, the attacker no longer
/// knows the hash.
///
/// ```swift
/// var hash = BinaryByteHash()
/// let h = hash.hash(bytes)
/// if probes > BinaryByteHash.maxProbes { hash.seed() /* and place the entries again */ }
/// ```
struct BinaryByteHash {
    /// Whether the seeded hash is in use.
    private(set) var isSeeded = false

    /// The most probes a lookup may take before its table switches to the seeded hash.
    static let maxProbes = 64

    /// Switches to the seeded hash; the table must place its entries again.
    mutating func seed() { isSeeded = true }

    /// The hash of `bytes`.
    @inline(__always)
    func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        isSeeded ? Self.seededHash(bytes) : Self.fastHash(bytes)
    }

    private static func seededHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return UInt64(truncatingIfNeeded: hasher.finalize())
    }

    /// A hash of all of `bytes`: eight at a time, the last eight (or fewer)
    /// read with overlapping loads.
    @inline(__always)
    private static func fastHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawBufferPointer(bytes)
        let count = raw.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var last: UInt64
        // Each load reads its width at an offset in 0...count - width (bounds proven by the branch taken).
        if count >= 8 {
            var offset = 0
            while offset &+ 8 < count {  // offset < count, a buffer's size: no overflow
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                hash ^= hash >> 29
                offset &+= 8
            }
            last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            last = UInt64(raw.loadUnaligned(as: UInt32.self)) << 32 | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        } else if count > 0 {
            last = UInt64(raw[0]) << 16 | UInt64(raw[count / 2]) << 8 | UInt64(raw[count - 1])
        } else {
            last = 0
        }
        hash = (hash ^ last) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 32)
    }
}
