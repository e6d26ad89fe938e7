/// The text of object keys the value writer has written, quotes and colon
/// included (`"name":`), so a key seen again is copied rather than escaped
/// again. Objects of one shape repeat their keys: twitter.json writes
/// 13,345 keys, 100 of them distinct.
///
/// Two slots per hash (``JSON/Object/ScalarKey`` computes it once), the
/// newer key first: a third key with the same slots pushes out the oldest.
/// A slot also keeps the bits of the key's `String` (its identity): a
/// parsed value's keys are interned (`KeyCache`), so a repeated key is the
/// same `String`, and equal bits confirm a hit without reading the text.
/// Equal bits mean equal text: a small string's bits are its text, a large
/// one's point at storage that the value being written keeps alive and
/// unchanged for the whole walk (the cache lives for one walk). Otherwise
/// a hit is confirmed by comparing the key's bytes with the cached text,
/// and the slot takes the new identity. The cache holds no `String` (only
/// bits, never read as one) and a lookup calls nothing that could release
/// one (which would make Swift retain the key). Only keys written without
/// escapes are cached. The cache stops taking keys (and comparing text) once it has
/// missed 1,024 times more than it hit; lookups by identity go on, as they
/// cost two slot reads. So an object of distinct keys costs one failed lookup per
/// key, and its text never grows past 64 KiB.
///
/// ```swift
/// let found = cache.lookUp(hash: key.hash, utf8: bytes)
/// cache.count(hit: found != nil)
/// if let (start, count) = found { cache.copy(from: start, count: count, to: &output) }
/// ```
struct KeyTextCache: ~Copyable {
    struct Slot {
        var hash: Int
        /// The bits of the key's `String` (see above); zero, which no
        /// `String` is, in an empty slot.
        var identity: Identity
        /// Where the text starts in `text`, how long it is, and how many of
        /// its bytes are the key's (the rest: quotes, colon, space).
        var start: Int32
        var count: Int32
        var keyCount: Int32
    }

    /// The bits of a `String` on 64-bit platforms (elsewhere always zero,
    /// and every lookup compares the text).
    struct Identity: Equatable {
        var first: UInt64
        var second: UInt64

        static let none = Identity(first: 0, second: 0)

        @inline(__always)
        init(first: UInt64, second: UInt64) {
            (self.first, self.second) = (first, second)
        }

        @inline(__always)
        init(_ string: String) {
            guard MemoryLayout<String>.size == 16 else {
                self = .none
                return
            }
            self = withUnsafeBytes(of: string) { bits in  // bounds proven: a String is 16 bytes here
                bits.baseAddress.map(Identity.init(words:)) ?? .none
            }
        }

        /// The identity of the `String` whose two words are at `words`
        /// (one stored in place, read without retaining it).
        @inline(__always)
        init(words: UnsafeRawPointer) {
            self.init(first: words.loadUnaligned(as: UInt64.self), second: words.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
    }

    private static let slotBits = 10
    private var slots: GrowingBuffer<Slot> = {
        var slots = GrowingBuffer<Slot>(capacity: 1 << slotBits)
        slots.reserve(1 << slotBits).initialize(repeating: Slot(hash: 0, identity: .none, start: 0, count: -1, keyCount: -1), count: 1 << slotBits)
        slots.advance(by: 1 << slotBits)
        return slots
    }()
    /// The texts, with 32 initialized bytes past the end for ``copy(from:count:to:)``.
    private var text: OutputBuffer = {
        var text = OutputBuffer(capacity: 4_096)  // the keys of a typical payload, without growing
        text.reserve(32).initialize(repeating: 0, count: 32)
        return text
    }()
    /// Misses minus hits; past 1,024 the cache is off.
    private var balance = 0

    /// Whether the cache still takes keys and finds them by text.
    var isOn: Bool { balance < 1_024 }

    /// Where the text of the key with `hash` and bytes `utf8` lies in the
    /// cache, or `nil` when it is not cached; then ``count(hit:)``. Writes
    /// nothing, so the key it reads need not be retained.
    @inline(__always)
    func lookUp(hash: Int, utf8: UnsafeBufferPointer<UInt8>) -> (start: Int, count: Int)? {
        let first = hash & (1 << Self.slotBits - 2)  // bounds proven: even, so first + 1 is below the slot count too
        for index in first...first + 1 {
            let slot = slots[index]
            guard slot.hash == hash, Int(slot.keyCount) == utf8.count else { continue }
            // bounds proven: remember recorded start + 1 + keyCount <= text.count
            if text.withElements({ bytesEqual(utf8, UnsafeBufferPointer(rebasing: $0[Int(slot.start) + 1..<Int(slot.start) + 1 + utf8.count])) }) {
                return (Int(slot.start), Int(slot.count))
            }
        }
        return nil
    }

    /// ``lookUp(hash:utf8:)`` with the key's `String`: first by its
    /// identity, then by its text (and a hit by text takes the identity).
    @inline(__always)
    mutating func lookUp(hash: Int, key: String) -> (start: Int, count: Int)? {
        let identity = Identity(key)
        let first = hash & (1 << Self.slotBits - 2)  // bounds proven: even, so first + 1 is below the slot count too
        for index in first...first + 1 {
            let slot = slots[index]
            if slot.identity == identity, identity != .none { return (Int(slot.start), Int(slot.count)) }
        }
        return lookUpText(hash: hash, key: key, identity: identity)
    }

    /// ``lookUp(hash:key:)`` by text, out of line: the key is not the `String` cached.
    @inline(never)
    private mutating func lookUpText(hash: Int, key: String, identity: Identity) -> (start: Int, count: Int)? {
        guard isOn else { return nil }
        guard let found = key.utf8.withContiguousStorageIfAvailable({ lookUp(hash: hash, utf8: $0) }) ?? nil else { return nil }
        let first = hash & (1 << Self.slotBits - 2)  // bounds proven: even, so first + 1 is below the slot count too
        for index in first...first + 1 where Int(slots[index].start) == found.start {
            slots[index].identity = identity
        }
        return found
    }

    /// Counts a lookup's hit or miss.
    @inline(__always)
    mutating func count(hit: Bool) {
        balance &+= hit ? -1 : 1  // at most one per key written: no overflow
    }

    /// Appends the cached text at `start` to `output`: up to 32 bytes as two
    /// 16-byte moves.
    @inline(__always)
    func copy(from start: Int, count: Int, to output: inout OutputBuffer) {
        guard count <= 32 else {
            return text.withElements { output.append(UnsafeBufferPointer(rebasing: $0[start..<start + count])) }  // bounds proven: recorded by remember
        }
        let out = UnsafeMutableRawPointer(output.reserve(32))
        text.withElements { text in
            guard let base = text.baseAddress else { return }
            // bounds proven: start + 32 <= text.count + 32, the padding kept initialized; room for 32 reserved
            let from = UnsafeRawPointer(base + start)
            out.storeBytes(of: from.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            out.storeBytes(of: from.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self), toByteOffset: 16, as: SIMD16<UInt8>.self)
        }
        output.advance(by: count)
    }

    /// Records the text of the key with `hash` and bytes `utf8`, just
    /// written to `output` from `start` on, when it was written without
    /// escapes: the key between quotes and `suffix` more bytes.
    mutating func remember(
        hash: Int, identity: Identity, utf8: UnsafeBufferPointer<UInt8>, suffix: Int, writtenFrom start: Int, in output: borrowing OutputBuffer
    ) {
        let count = output.count - start
        guard isOn, count == utf8.count + 2 + suffix, text.count + count <= 1 << 16 else { return }
        // The pair's first slot takes the new key; the key there moves to the second.
        let first = hash & (1 << Self.slotBits - 2)  // bounds proven: even, so first + 1 is below the slot count too
        slots[first + 1] = slots[first]
        slots[first] = Slot(hash: hash, identity: identity, start: Int32(text.count), count: Int32(count), keyCount: Int32(utf8.count))
        output.withElements { written in
            text.append(UnsafeBufferPointer(rebasing: written[start...]))  // bounds proven: start <= output.count
        }
        text.reserve(32).initialize(repeating: 0, count: 32)
    }
}
