/// Sorted keys for an ``EncodingStream``: a model writes its members in
/// its own order, and each object is put in key order when it closes, in
/// the output, so sorting costs about what writing does, not a tree.
///
/// Each member records its name's number (``EncodingMemberNames``) and
/// where it starts in the output. When its object closes, the members'
/// order is found again by their name numbers (``KeyOrderMemo``: objects
/// of one model are sorted once per encode) or sorted (``KeySorter``, by
/// the names' UTF-8), and, unless it is already the written order, the
/// object's members are copied out and back in that order, with the
/// separators between them. Inner objects close, and are sorted, first.
///
/// An object nested in `d` permuted objects is copied `d` times, so the
/// copies draw on an allowance of 16 times the output plus 64 KiB; past
/// it, objects are left as written (``gaveUp``), and the stream sorts the
/// whole output by reading it back once, in O(output).
final class StreamKeyOrder {
    /// The members of the open objects, outermost first: each name's
    /// number and the output offset where the member (its quoted name) begins.
    @exclusivity(unchecked) private var members = GrowingBuffer<(name: Int, start: Int)>()
    /// An object's members while they are put back in order.
    @exclusivity(unchecked) private var scratch = OutputBuffer()
    /// An object's order: positions among its members.
    @exclusivity(unchecked) private var order = GrowingBuffer<Int>()
    @exclusivity(unchecked) var sorter = KeySorter()
    /// The orders of objects sorted before: by name numbers here, by the
    /// keys' `String`s in a tree (see ``EncodingStream/turnIntoTree()``,
    /// which starts it again).
    @exclusivity(unchecked) var memo = KeyOrderMemo()
    /// The bytes copied so far (see ``sort(after:in:separator:names:)`` for their allowance).
    private(set) var copied = 0
    /// Whether an object was left unsorted because the copying went past its allowance.
    private(set) var gaveUp = false

    /// Records a member whose name has number `name`, beginning at output offset `start`.
    @inline(__always)
    func add(name: Int, start: Int) {
        members.append((name, start))
    }

    /// Forgets the members recorded at output offset `offset` or after it
    /// (a member taken back out of the output, with what it held).
    func forget(from offset: Int) {
        var end = members.count
        while end > 0, members[end - 1].start >= offset { end -= 1 }
        members.removeAll(after: end)
    }

    /// Starts again, with no member recorded (the stream turned into a
    /// tree, or reads its output back).
    func reset() {
        members.removeAll()
        memo = KeyOrderMemo()
    }

    /// Puts the members of the innermost open object, which began at
    /// output offset `start` and ends `output`, in key order, `separator`
    /// bytes (a comma and, pretty, a line break and indentation) apart, and
    /// forgets them; `names` gives the texts of name numbers. Past the allowance,
    /// nothing moves and ``gaveUp`` is set.
    ///
    /// Its members are the last ones recorded: those that begin after
    /// `start` (an outer object's member holding it began before).
    func sort(after start: Int, in output: inout OutputBuffer, separator: Int, names: EncodingMemberNames) {
        var base = members.count
        while base > 0, members[base - 1].start > start { base -= 1 }
        defer { members.removeAll(after: base) }
        let count = members.count - base
        guard count > 1, !gaveUp else { return }
        let recorded = members.suffix(from: base)
        let out = order.reserve(count)
        // bounds proven: the memo asks for positions below count
        if memo.order(count: count, into: out, identity: { Self.identity(of: recorded[$0].name) }) == nil {
            sorter.writeOrder(of: count, into: out) { names.text(of: recorded[$0].name) }  // bounds proven: positions below count
            memo.record(count: count, order: UnsafeBufferPointer(start: out, count: count), identity: { Self.identity(of: recorded[$0].name) })
        }
        let sorted = UnsafeBufferPointer(start: out, count: count)
        guard sorted.indices.contains(where: { sorted[$0] != $0 }) else { return }
        permute(recorded, order: sorted, in: &output, separator: separator)
    }

    /// The memo's identity of the name numbered `name`. A `String`'s
    /// second word is never 1, so a tree's keys cannot be taken for it.
    @inline(__always)
    private static func identity(of name: Int) -> KeyTextCache.Identity {
        KeyTextCache.Identity(first: UInt64(truncatingIfNeeded: name), second: 1)
    }

    /// Copies the members out of `output` and back in `order`.
    private func permute(
        _ recorded: UnsafeMutableBufferPointer<(name: Int, start: Int)>, order: UnsafeBufferPointer<Int>, in output: inout OutputBuffer,
        separator: Int
    ) {
        let first = recorded[0].start  // bounds proven: recorded has count > 1 entries
        guard first >= 0, first <= output.count else { return }
        let body = output.suffix(from: first)
        guard copied + body.count <= 16 * output.count + 65_536 else {
            gaveUp = true
            return
        }
        copied += body.count
        scratch.removeAll()
        scratch.append(UnsafeBufferPointer(body))
        let source = UnsafeBufferPointer(scratch.suffix(from: 0))
        guard let target = body.baseAddress, let from = source.baseAddress else { return }
        let size = source.count
        // Member i spans from its start to the separator before member i + 1 (the last: to the end).
        func span(_ member: Int) -> Range<Int> {
            let lower = min(max(recorded[member].start - first, 0), size)  // bounds proven: member < recorded.count (an order entry)
            let next = member + 1 < recorded.count ? recorded[member + 1].start - first - separator : size
            return lower..<min(max(next, lower), size)
        }
        // The separators are alike: the one after the first member is copied.
        let gap = span(0).upperBound
        let gapCount = min(separator, size - gap)
        var written = 0
        for (rank, member) in order.enumerated() {
            let piece = span(member)
            let needed = (rank > 0 ? gapCount : 0) + piece.count
            guard written + needed <= size else { break }
            // bounds proven: written + needed <= size = body.count; gap + gapCount <= size; piece lies in 0..<size
            if rank > 0 {
                (target + written).update(from: from + gap, count: gapCount)
                written += gapCount
            }
            (target + written).update(from: from + piece.lowerBound, count: piece.count)
            written += piece.count
        }
    }
}
