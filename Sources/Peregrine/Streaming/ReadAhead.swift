import Foundation

/// Runs a producer on its own thread, one item ahead of the consumer, so
/// that reading the next block of a file overlaps with working on the
/// current one. At most one finished item waits.
final class ReadAhead<Item: Sendable>: @unchecked Sendable {
    /// Guards `slot` and `cancelled`.
    private let condition = NSCondition()
    /// The item waiting for the consumer; the end (`nil`) or an error stays here.
    private var slot: Result<Item?, any Error>?
    private var cancelled = false

    /// Starts producing: `produce` returns items until `nil` (the end) or an error.
    init(_ produce: @escaping @Sendable () throws -> Item?) {
        let thread = Thread { [self] in
            var more = true
            while more {
                let result = Result { try produce() }
                if case .success(.some) = result {} else { more = false }
                condition.lock()
                while slot != nil && !cancelled { condition.wait() }
                if cancelled { more = false } else { slot = result }
                condition.broadcast()
                condition.unlock()
            }
        }
        thread.start()
    }

    /// The next item, waiting for it; `nil` at the end.
    ///
    /// - Throws: what the producer threw.
    func next() throws -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            guard let result = slot else {
                condition.wait()
                continue
            }
            if case .success(.some) = result {
                slot = nil
                condition.broadcast()
            }
            return try result.get()
        }
    }

    /// Lets the producer stop after the item it is working on.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
