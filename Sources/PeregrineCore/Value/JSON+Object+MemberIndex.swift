extension JSON.Object {
    /// The slots of an object's keys, in an open-addressing table keyed by
    /// each key's precomputed hash (linear probing, at most half full;
    /// removing a key moves the keys after it in its run back, so no
    /// bucket is ever marked deleted). Objects of up to ``minimumMemberCount``
    /// slots have none: comparing a handful of hashes in order is faster
    /// than a table.
    struct MemberIndex: Sendable {
        /// The largest object searched without an index.
        static let minimumMemberCount = 16

        /// Key slot + 1 per bucket; 0 marks an empty bucket.
        private var buckets: [Int32]
        /// Whether building found a key twice (only `init(keys:)` reports it).
        private(set) var hasDuplicates = false

        /// An index of `keys`, or `nil` when there are too few to need one.
        init?(_ keys: KeyList) {
            guard keys.count > Self.minimumMemberCount else { return nil }
            var capacity = 1
            while capacity < keys.count * 2 { capacity <<= 1 }
            buckets = Array(repeating: 0, count: capacity)
            for slot in 0..<keys.count where !keys.isRemoved(slot) && !insert(slot, of: keys) {
                hasDuplicates = true
            }
        }

        /// The slot of `key`, if it is one of `keys` (and indexed).
        func slot(of key: ScalarKey, in keys: KeyList) -> Int? {
            let mask = buckets.count - 1
            var bucket = key.hash & mask
            while buckets[bucket] != 0 {
                let slot = Int(buckets[bucket]) - 1
                if keys[slot] == key { return slot }
                bucket = (bucket + 1) & mask
            }
            return nil
        }

        /// Indexes the key in `slot` of `keys` (just appended, or put
        /// back); `false` (and no change) when the table is too full and
        /// must be rebuilt.
        mutating func append(_ slot: Int, of keys: KeyList) -> Bool {
            guard keys.count * 2 <= buckets.count else { return false }
            insert(slot, of: keys)
            return true
        }

        /// Forgets the key in `slot` of `keys` (still there), moving back
        /// the keys after it in its run that may take its bucket, so that
        /// every key stays reachable from its own bucket without a gap.
        mutating func remove(_ slot: Int, of keys: KeyList) {
            let mask = buckets.count - 1
            let entry = Int32(truncatingIfNeeded: slot + 1)
            var hole = keys[slot].hash & mask
            while buckets[hole] != entry {
                guard buckets[hole] != 0 else { return }
                hole = (hole + 1) & mask
            }
            var next = (hole + 1) & mask
            while buckets[next] != 0 {
                // The key in `next` may move to the hole unless its own
                // bucket lies after the hole, up to `next` (going round).
                let home = keys[Int(buckets[next]) - 1].hash & mask
                if (next - home) & mask >= (next - hole) & mask {
                    buckets[hole] = buckets[next]
                    hole = next
                }
                next = (next + 1) & mask
            }
            buckets[hole] = 0
        }

        /// Adds the key in `slot`; `false` (and no change) when an
        /// equal key is already indexed.
        @discardableResult
        #if compiler(>=6.3)
        @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
        #else
        @inline(__always)
        #endif
        private mutating func insert(_ slot: Int, of keys: KeyList) -> Bool {
            let mask = buckets.count - 1
            let key = keys[slot]
            var bucket = key.hash & mask
            while buckets[bucket] != 0 {
                if keys[Int(buckets[bucket]) - 1] == key { return false }
                bucket = (bucket + 1) & mask
            }
            buckets[bucket] = Int32(truncatingIfNeeded: slot + 1)
            return true
        }
    
        /// Stops the program, in debug builds only, when the index does not
        /// fit `keys`: its buckets are a power of two, at most half full,
        /// each holds a present slot of `keys` reachable from
        /// its key's bucket with no empty bucket on the way, and, when no
        /// key is there twice, every present slot is in one bucket. O(buckets).
        func checkInvariants(of keys: KeyList) {
            #if DEBUG
            let mask = buckets.count - 1
            precondition(buckets.count >= 2 && buckets.count & mask == 0, "the buckets are a power of two")
            var entries = 0
            for bucket in 0...mask where buckets[bucket] != 0 {
                entries += 1
                let slot = Int(buckets[bucket]) - 1
                precondition(slot < keys.count && !keys.isRemoved(slot), "bucket \(bucket) holds a present slot")
                var probe = keys[slot].hash & mask
                while probe != bucket {
                    precondition(buckets[probe] != 0, "bucket \(bucket) is found from its key's bucket")
                    probe = (probe + 1) & mask
                }
            }
            precondition(entries * 2 <= buckets.count, "the buckets are at most half full")
            let members = keys.memberCount
            precondition(hasDuplicates ? entries <= members : entries == members, "every member is indexed once")
            #endif
        }
    }
}
