/// An object key that compares and hashes by Unicode scalars rather than
/// by Swift's canonical equivalence. Its hash (Swift's seeded `Hasher`
/// over the UTF-8 bytes) is computed once, when the key is made.
@usableFromInline
package struct ScalarKey: Hashable, Sendable {
    @usableFromInline
    package let string: String
    @usableFromInline
    let hash: Int

    package init(_ string: String) {
        var string = string
        var hasher = Hasher()
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        self.string = string
        hash = hasher.finalize()
    }

    /// Different hashes settle most comparisons inline, and so do equal
    /// ones between copies of one string (a key the parser interned, or
    /// the same short text); others compare the text out of line.
    @inline(__always)  // not `@inline(always)`: SE-0496 rules it out with `@usableFromInline`
    @usableFromInline
    package static func == (lhs: ScalarKey, rhs: ScalarKey) -> Bool {
        lhs.hash == rhs.hash && (sameRepresentation(lhs.string, rhs.string) || sameText(lhs, rhs))
    }

    /// Whether two strings are copies of one value: the same short text
    /// held inline, or the same storage. Identical representations hold
    /// identical text; different ones may still (a copy made apart).
    @inline(__always)
    static func sameRepresentation(_ lhs: String, _ rhs: String) -> Bool {
        #if _pointerBitWidth(_64)
        // A `String` is two words on 64-bit platforms (it is `@frozen`).
        let left = unsafeBitCast(lhs, to: (UInt64, UInt64).self)
        let right = unsafeBitCast(rhs, to: (UInt64, UInt64).self)
        return left == right
        #else
        return false
        #endif
    }

    /// Whether this key is the UTF-8 text `raw`.
    func hasBytes(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        string.utf8.withContiguousStorageIfAvailable { bytesEqual($0, raw) } ?? false
    }

    @inline(never)
    private static func sameText(_ lhs: ScalarKey, _ rhs: ScalarKey) -> Bool {
        var left = lhs.string
        var right = rhs.string
        return left.withUTF8 { a in right.withUTF8 { b in bytesEqual(a, b) } }
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// Orders keys by their Unicode scalars, which is the order of their UTF-8 bytes.
    func precedes(_ other: Self) -> Bool {
        string.utf8.lexicographicallyPrecedes(other.string.utf8)
    }
}
