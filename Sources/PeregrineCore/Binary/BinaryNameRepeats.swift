/// Finds a member name used twice in one object or record, for readers and
/// writers alike. Names are small integers (string-table indexes, made
/// canonical by the caller); the names of all the objects open are one
/// stack, innermost last, and an object's end stamps each of its names with
/// the number of the check: O(1) per member, whatever the nesting, and
/// nothing allocated per object.
///
/// ```swift
/// let repeats = BinaryNameRepeats()
/// let start = repeats.start
/// repeats.push(3); repeats.push(3)
/// repeats.repeated(from: start)   // 3
/// ```
///
/// Two ``GrowingBuffer``s hold the stack and the stamps (an array in a class
/// checks its uniqueness on every write); one read or write on one thread
/// uses them, so the runtime exclusivity checks are skipped.
final class BinaryNameRepeats {
    @exclusivity(unchecked) private var names = GrowingBuffer<Int>(capacity: 64)
    /// For each name: the number of the last check that met it.
    @exclusivity(unchecked) private var stamps: GrowingBuffer<Int>
    @exclusivity(unchecked) private var checks = 0

    /// A check for names below `names` (``reserve(_:)`` makes room for larger ones).
    init(names: Int = 0) {
        stamps = GrowingBuffer(capacity: names)
        stamps.append(repeating: 0, count: names)
    }

    /// The names a check can take: those below it.
    var capacity: Int { stamps.count }

    /// Where the names of an object starting now begin (give it to ``repeated(from:)``).
    var start: Int { names.count }

    /// Makes room for name `name`.
    func reserve(_ name: Int) {
        guard name >= capacity else { return }
        stamps.append(repeating: 0, count: max(name + 1, capacity * 2) - capacity)
    }

    /// Pushes `name` (not negative, below ``capacity``) on the names of the objects open.
    @inline(__always)
    func push(_ name: Int) {
        names.append(name)
    }

    /// A name pushed twice since `start`, if there is one; forgets the names from `start` on.
    @inline(__always)
    func repeated(from start: Int) -> Int? {
        let count = names.count
        guard start >= 0, start <= count else { return nil }
        defer { names.removeAll(after: start) }
        guard count &- start > 1 else { return nil }
        let check = beginCheck()
        var position = start
        while position < count {
            let name = names[position]  // bounds proven: 0 <= start <= position < count
            if isRepeat(name, in: check) { return name }
            position &+= 1
        }
        return nil
    }

    /// Starts checking the names of one object with ``isRepeat(_:in:)`` (for
    /// readers that find an object's names again without the stack); returns the check.
    @inline(__always)
    func beginCheck() -> Int {
        checks &+= 1  // one per object: no overflow
        return checks
    }

    /// Whether `name` (not negative, below ``capacity``) came before in the
    /// object being checked, `check`.
    @inline(__always)
    func isRepeat(_ name: Int, in check: Int) -> Bool {
        let stamp = stamps.pointer(at: name)  // bounds proven: 0 <= name < capacity, the caller's promise
        if stamp.pointee == check { return true }
        stamp.pointee = check
        return false
    }
}
