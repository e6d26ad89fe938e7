import Foundation

/// Keyed containers that outlived the decode that made them (a model kept
/// one, or a decoder was used after its decode returned), each with the
/// object its container reads, which the container itself does not keep
/// alive (``BorrowedReference``).
///
/// They are kept here, process-wide, until nothing else holds them. Each
/// time containers arrive and the list has doubled since it was last looked
/// through, the ones let go since are dropped: so the list is at most twice
/// the containers still held (and at least 16 long), and each arrival costs
/// O(1) looks, amortised.
///
/// ```swift
/// OutlivingContainers.keep(keeper, reading: storage)
/// ```
enum OutlivingContainers {
    private static let lock = NSLock()
    /// The containers kept, and what each reads (guarded by `lock`).
    nonisolated(unsafe) private static var kept: [(container: KeptKeyedContainer, reads: AnyObject)] = []
    /// The length at which ``kept`` is looked through next (guarded by `lock`).
    nonisolated(unsafe) private static var sweepLength = minimumSweepLength
    private static var minimumSweepLength: Int { 16 }

    /// Keeps `container`, and `object`, which it reads, until nothing else
    /// holds the container.
    static func keep(_ container: KeptKeyedContainer, reading object: AnyObject) {
        var letGo: [(container: KeptKeyedContainer, reads: AnyObject)] = []
        lock.lock()
        kept.append((container, object))
        if kept.count >= sweepLength {
            var index = 0
            while index < kept.count {
                if kept[index].container.isHeldElsewhere() {
                    index += 1
                } else {
                    kept.swapAt(index, kept.count - 1)
                    letGo.append(kept.removeLast())
                }
            }
            sweepLength = max(minimumSweepLength, 2 * kept.count)
        }
        lock.unlock()
        // Freed here, outside the lock: freeing what a container read may
        // end a decode's state, whose containers may come here.
        letGo.removeAll()
    }
}
