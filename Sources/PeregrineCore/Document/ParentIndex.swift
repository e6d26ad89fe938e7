/// The parent of every entry of a tape and its position among its
/// siblings, so that a coding path costs O(depth) instead of a walk over the
/// siblings of every container from the root.
///
/// A tape lists values in pre-order and each entry knows the index just
/// past its subtree; that is all the index needs, so the JSON tape and the
/// binary tape share it. Decoders build it the first time a coding path is
/// asked for (an error, a report, a key strategy that reads the path), in one
/// pass, and keep it for the rest of the decode: 8 bytes per entry.
struct ParentIndex {
    /// For each entry: the tape index of its container (``none`` for the
    /// root). Tapes index their entries with 32 bits, so the indexes fit.
    private let parents: [UInt32]
    private static let none = UInt32.max
    /// For each entry: how many siblings come before it in its container
    /// (for an object's members on the JSON tape, keys and values both count).
    private let positions: [UInt32]

    /// Indexes a tape of `count` entries, where `end(i)` is the index just
    /// past entry `i` and its descendants.
    ///
    /// - Complexity: O(`count`); the stack of open containers is as deep as the tape.
    init(count: Int, end: (Int) -> Int) {
        WorkCounter.count(count)
        var parents = [UInt32](repeating: Self.none, count: count)
        var positions = [UInt32](repeating: 0, count: count)
        // The open containers: their index, end and children so far.
        var open: [(index: Int, end: Int, children: UInt32)] = []
        for index in 0..<count {
            while let top = open.last, index >= top.end { open.removeLast() }
            if let top = open.last {
                parents[index] = UInt32(truncatingIfNeeded: top.index)
                positions[index] = top.children
                open[open.count - 1].children &+= 1
            }
            let subtreeEnd = end(index)
            if subtreeEnd > index + 1 { open.append((index, subtreeEnd, 0)) }
        }
        self.parents = parents
        self.positions = positions
    }

    /// The container of the entry at `index`, or `nil` for the root (or an
    /// index outside the tape).
    func parent(of index: Int) -> Int? {
        guard parents.indices.contains(index), parents[index] != Self.none else { return nil }
        return Int(parents[index])
    }

    /// How many siblings come before the entry at `index`.
    func position(of index: Int) -> Int {
        positions.indices.contains(index) ? Int(positions[index]) : 0
    }

    /// The chain of (container, child) pairs from the root down to `index`.
    ///
    /// - Complexity: O(depth of `index`).
    func ancestry(of index: Int) -> [(container: Int, child: Int)] {
        var steps: [(container: Int, child: Int)] = []
        var child = index
        while let container = parent(of: child) {
            steps.append((container, child))
            child = container
        }
        WorkCounter.count(steps.count)
        return steps.reversed()
    }
}
