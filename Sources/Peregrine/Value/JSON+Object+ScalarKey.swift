extension JSON.Object {
    /// An object key that compares and hashes by Unicode scalars rather than
    /// by Swift's canonical equivalence. Its hash (Swift's seeded `Hasher`
    /// over the UTF-8 bytes) is computed once, when the key is made.
    @usableFromInline
    struct ScalarKey: Hashable, Sendable {
        @usableFromInline
        let string: String
        @usableFromInline
        let hash: Int

        init(_ string: String) {
            var string = string
            var hasher = Hasher()
            string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            self.string = string
            hash = hasher.finalize()
        }

        /// Different hashes settle most comparisons inline; equal ones
        /// compare the text out of line.
        @inline(__always)  // not `@inline(always)`: SE-0496 rules it out with `@usableFromInline`
        @usableFromInline
        static func == (lhs: ScalarKey, rhs: ScalarKey) -> Bool {
            lhs.hash == rhs.hash && sameText(lhs, rhs)
        }

        @inline(never)
        private static func sameText(_ lhs: ScalarKey, _ rhs: ScalarKey) -> Bool {
            var left = lhs.string
            var right = rhs.string
            return left.withUTF8 { a in right.withUTF8 { b in bytesEqual(a, b) } }
        }

        @usableFromInline
        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }

        /// Orders keys by their Unicode scalars, which is the order of their UTF-8 bytes.
        func precedes(_ other: Self) -> Bool {
            string.utf8.lexicographicallyPrecedes(other.string.utf8)
        }
    }
}
