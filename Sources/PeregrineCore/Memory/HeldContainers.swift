/// Keyed containers, each with the object it reads, kept until nothing
/// else holds the container (``KeptKeyedContainer/isHeldElsewhere()``).
/// Each time one is added and the list has doubled since it was last
/// looked through, the ones let go since are taken out: so the list is at
/// most twice the containers still held (and at least 16 long), and each
/// addition costs O(1) looks, amortised.
///
/// ```swift
/// var held = HeldContainers()
/// let letGo = held.add(keeper, reading: storage)   // free these outside any lock
/// ```
struct HeldContainers {
    /// A container, and the object it reads.
    typealias Entry = (container: KeptKeyedContainer, reads: AnyObject)

    private var entries: [Entry] = []
    /// The length at which ``entries`` is looked through next.
    private var sweepLength = minimumSweepLength
    private static var minimumSweepLength: Int { 16 }

    /// Adds `container`, which reads `object`. Returns the entries let go
    /// since the list was last looked through, if it was looked through
    /// now, for the caller to free (freeing what a container read may end
    /// a decode, whose containers may come back to the caller).
    mutating func add(_ container: KeptKeyedContainer, reading object: AnyObject) -> [Entry] {
        entries.append((container, object))
        guard entries.count >= sweepLength else { return [] }
        let letGo = take { !$0.isHeldElsewhere() }
        sweepLength = max(Self.minimumSweepLength, 2 * entries.count)
        return letGo
    }

    /// Takes out every entry whose container something else still holds
    /// (the rest are dropped here): for a keeper that goes.
    mutating func takeHeld() -> [Entry] {
        take { $0.isHeldElsewhere() }
    }

    /// Takes out the entries whose container `matches`, each tested in
    /// place: a copy would be a second reference to its box.
    private mutating func take(where matches: (inout KeptKeyedContainer) -> Bool) -> [Entry] {
        var taken: [Entry] = []
        var index = 0
        while index < entries.count {
            if matches(&entries[index].container) {
                entries.swapAt(index, entries.count - 1)
                taken.append(entries.removeLast())
            } else {
                index += 1
            }
        }
        return taken
    }
}
