import Foundation
import Testing

@testable import Peregrine

/// The read-ahead thread behind file validation: order, the end, errors, cancelling.
struct ReadAheadTests {
    struct Failure: Error, Equatable {}

    /// Hands out 0, 1, 2, … up to `count`, then `nil` or `Failure`; counts its calls.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var produced = 0
        let count: Int
        let fails: Bool
        init(count: Int, fails: Bool) { self.count = count; self.fails = fails }
        var calls: Int { lock.withLock { produced } }
        func next() throws -> Int? {
            let value = lock.withLock { () -> Int in
                defer { produced += 1 }
                return produced
            }
            guard value < count else {
                if fails { throw Failure() }
                return nil
            }
            return value
        }
    }

    @Test func itemsArriveInOrderThenTheEndStays() throws {
        let counter = Counter(count: 1_000, fails: false)
        let readAhead = ReadAhead { try counter.next() }
        var items: [Int] = []
        while let item = try readAhead.next() { items.append(item) }
        #expect(items == Array(0..<1_000))
        #expect(try readAhead.next() == nil)
    }

    @Test func theProducersErrorComesAfterItsItems() throws {
        let counter = Counter(count: 3, fails: true)
        let readAhead = ReadAhead { try counter.next() }
        #expect(try readAhead.next() == 0)
        #expect(try readAhead.next() == 1)
        #expect(try readAhead.next() == 2)
        #expect(throws: Failure.self) { try readAhead.next() }
        #expect(throws: Failure.self) { try readAhead.next() }
    }

    @Test func cancellingStopsTheProducerWithinAnItemOrTwo() throws {
        let counter = Counter(count: .max, fails: false)
        let readAhead = ReadAhead { try counter.next() }
        #expect(try readAhead.next() == 0)
        readAhead.cancel()
        Thread.sleep(forTimeInterval: 0.2)
        let calls = counter.calls
        Thread.sleep(forTimeInterval: 0.2)
        #expect(counter.calls == calls && calls <= 3)
    }
}
