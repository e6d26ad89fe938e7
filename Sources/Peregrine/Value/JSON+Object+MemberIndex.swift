extension JSON.Object {
    /// The positions of an object's keys, in an open-addressing table
    /// keyed by each key's precomputed hash (linear probing, at most half
    /// full). Objects of up to ``minimumMemberCount`` members have none:
    /// comparing a handful of hashes in order is faster than a table.
    struct MemberIndex: Sendable {
        /// The largest object searched without an index.
        static let minimumMemberCount = 16

        /// Member position + 1 per bucket; 0 marks an empty bucket.
        private var buckets: [Int32]
        /// Whether building found a key twice (only `init(keys:)` reports it).
        private(set) var hasDuplicates = false

        /// An index of `keys`, or `nil` when there are too few to need one.
        init?(_ keys: KeyList) {
            guard keys.count > Self.minimumMemberCount else { return nil }
            var capacity = 1
            while capacity < keys.count * 2 { capacity <<= 1 }
            buckets = Array(repeating: 0, count: capacity)
            for position in 0..<keys.count where !insert(position, of: keys) {
                hasDuplicates = true
            }
        }

        /// The position of `key`, if it is one of `keys`.
        func position(of key: ScalarKey, in keys: KeyList) -> Int? {
            let mask = buckets.count - 1
            var bucket = key.hash & mask
            while buckets[bucket] != 0 {
                let position = Int(buckets[bucket]) - 1
                if keys[position] == key { return position }
                bucket = (bucket + 1) & mask
            }
            return nil
        }

        /// Indexes the key just appended at `position` of `keys`;
        /// `false` (and no change) when the table is too full and must be rebuilt.
        mutating func append(_ position: Int, of keys: KeyList) -> Bool {
            guard keys.count * 2 <= buckets.count else { return false }
            insert(position, of: keys)
            return true
        }

        /// Adds the key at `position`; `false` (and no change) when an
        /// equal key is already indexed.
        @discardableResult
        #if compiler(>=6.3)
        @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
        #else
        @inline(__always)
        #endif
        private mutating func insert(_ position: Int, of keys: KeyList) -> Bool {
            let mask = buckets.count - 1
            let key = keys[position]
            var bucket = key.hash & mask
            while buckets[bucket] != 0 {
                if keys[Int(buckets[bucket]) - 1] == key { return false }
                bucket = (bucket + 1) & mask
            }
            buckets[bucket] = Int32(truncatingIfNeeded: position + 1)
            return true
        }
    }
}
