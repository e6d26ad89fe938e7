import Foundation

/// Keyed containers that outlived the decode that made them (a model kept
/// one, or a decoder was used after its decode returned), each with the
/// object its container reads, which the container itself does not keep
/// alive (``BorrowedReference``): kept here, process-wide, until nothing
/// else holds them (``HeldContainers``).
///
/// ```swift
/// OutlivingContainers.keep(keeper, reading: storage)
/// ```
enum OutlivingContainers {
    private static let lock = NSLock()
    /// The containers kept (guarded by `lock`).
    nonisolated(unsafe) private static var held = HeldContainers()

    /// Keeps `container`, and `object`, which it reads, until nothing else
    /// holds the container.
    static func keep(_ container: KeptKeyedContainer, reading object: AnyObject) {
        lock.lock()
        var letGo = held.add(container, reading: object)
        lock.unlock()
        // Freed here, outside the lock: freeing what a container read may
        // end a decode's state, whose containers may come here.
        letGo.removeAll()
    }
}
