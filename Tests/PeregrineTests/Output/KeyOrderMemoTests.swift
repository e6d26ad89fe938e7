import Testing

@testable import PeregrineCore
import TestSupport

/// ``KeyOrderMemo`` finds an order only for the keys it was recorded for,
/// and its slots stay well formed (`checkInvariants()`) under seeded random
/// shapes; in debug builds a recorded order that names no key stops the process.
struct KeyOrderMemoTests {
    @Test func findsOnlyWhatItRecorded() {
        var random = SeededGenerator(seed: 484)
        var memo = KeyOrderMemo()
        // By shape (the identities of its keys), the order recorded last.
        var recorded: [[UInt64]: [Int]] = [:]
        var found = 0
        for _ in 0..<2_000 {
            let count = Int(random.next() % 12) + 1
            let identities = (0..<count).map { _ in random.next() % 40 + 1 }
            let identity = { (position: Int) in KeyTextCache.Identity(first: identities[position], second: 3) }
            var out = [Int](repeating: -1, count: count)
            let length = out.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.flatMap { memo.order(count: count, into: $0, identity: identity) }
            }
            if let length {
                #expect(Array(out.prefix(length)) == recorded[identities], "a found order is the one recorded for those keys")
                found += 1
            } else {
                let order = (0..<count).shuffled(using: &random)
                order.withUnsafeBufferPointer { memo.record(count: count, order: $0, identity: identity) }
                recorded[identities] = order
            }
            memo.checkInvariants()
        }
        #expect(found > 0, "shapes were found again")
    }

    #if DEBUG
    @Test func anOrderNamingNoKeyStopsTheCheck() async {
        await #expect(processExitsWith: .failure) {
            var memo = KeyOrderMemo()
            [0, 5].withUnsafeBufferPointer { order in
                memo.record(count: 2, order: order) { KeyTextCache.Identity(first: UInt64($0) + 1, second: 7) }
            }
        }
    }
    #endif
}
