extension JSON.Object {
    /// The positions of an object's members, in an open-addressing table
    /// keyed by each key's precomputed hash (linear probing, at most half
    /// full). Objects of up to ``minimumMemberCount`` members have none:
    /// comparing a handful of hashes in order is faster than a table.
    @usableFromInline
    struct MemberIndex: Sendable {
        /// The largest object searched without an index.
        static let minimumMemberCount = 16

        /// Member position + 1 per bucket; 0 marks an empty bucket.
        private var buckets: [Int32]
        /// Whether building found a key twice (only `init(keys:)` reports it).
        private(set) var hasDuplicates = false

        /// An index of `members`, or `nil` when there are too few to need one.
        init?(_ members: ContiguousArray<Member>) {
            guard members.count > Self.minimumMemberCount else { return nil }
            var capacity = 1
            while capacity < members.count * 2 { capacity <<= 1 }
            buckets = Array(repeating: 0, count: capacity)
            for position in members.indices where !insert(position, of: members) {
                hasDuplicates = true
            }
        }

        /// The position of `key`, if it is the key of one of `members`.
        func position(of key: ScalarKey, in members: ContiguousArray<Member>) -> Int? {
            let mask = buckets.count - 1
            var bucket = key.hash & mask
            while buckets[bucket] != 0 {
                let position = Int(buckets[bucket]) - 1
                if members[position].key == key { return position }
                bucket = (bucket + 1) & mask
            }
            return nil
        }

        /// Indexes the member just appended at `position` of `members`;
        /// `false` (and no change) when the table is too full and must be rebuilt.
        mutating func append(_ position: Int, of members: ContiguousArray<Member>) -> Bool {
            guard members.count * 2 <= buckets.count else { return false }
            insert(position, of: members)
            return true
        }

        /// Adds the member at `position`; `false` (and no change) when an
        /// equal key is already indexed.
        @discardableResult
        #if compiler(>=6.3)
        @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
        #else
        @inline(__always)
        #endif
        private mutating func insert(_ position: Int, of members: ContiguousArray<Member>) -> Bool {
            let mask = buckets.count - 1
            let key = members[position].key
            var bucket = key.hash & mask
            while buckets[bucket] != 0 {
                if members[Int(buckets[bucket]) - 1].key == key { return false }
                bucket = (bucket + 1) & mask
            }
            buckets[bucket] = Int32(truncatingIfNeeded: position + 1)
            return true
        }
    }
}
