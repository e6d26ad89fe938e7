/// The member names of one read: every reader notes each name of an object
/// or record here, and the object's end checks (with ``BinaryNameRepeats``)
/// that none came twice, which the format forbids. ``JSON`` reads take the
/// keys of their objects from here, each string of the table made into a
/// key (and hashed) once.
///
/// Names are compared by their table indexes. A file whose writer kept each
/// string once names equal names with equal indexes; for any other file,
/// every name is mapped to the index of the first equal string used as a
/// name, found in ``BinaryMemberNames`` the first time the name is used, so
/// the check stays exact. `Binary.Decoder` keeps those member names to look
/// models' keys up.
///
/// The tables live in memory the class owns (an array in a class checks
/// its uniqueness on every write), and one read on one thread uses them, so
/// the runtime exclusivity checks are skipped. The input is the reader's,
/// valid while it reads.
final class BinaryObjectKeys {
    private let strings: [String]
    private let input: UnsafeBufferPointer<UInt8>
    private let starts: [Int]
    private let lengths: [Int]
    /// For each string of the table: its first index once it has named a
    /// member, -1 before.
    @exclusivity(unchecked) private var firsts: GrowingBuffer<Int>
    /// The keys of the strings that named members, made when a JSON read asks.
    @exclusivity(unchecked) private var keys: [ScalarKey?] = []
    /// The names met so far.
    @exclusivity(unchecked) private(set) var memberNames = BinaryMemberNames()
    private let repeats: BinaryNameRepeats

    /// The names of a file whose table is `strings`, found in `input` at
    /// `starts` with `lengths` bytes.
    init(_ strings: [String], input: UnsafeBufferPointer<UInt8>, starts: [Int], lengths: [Int]) {
        self.strings = strings
        self.input = input
        self.starts = starts
        self.lengths = lengths
        repeats = BinaryNameRepeats(names: strings.count)
        firsts = GrowingBuffer(capacity: strings.count)
        firsts.append(repeating: -1, count: strings.count)
    }

    /// Where the names of an object starting now begin (give it to ``repeatedName(from:)``).
    var namesStart: Int { repeats.start }

    /// Notes string `index`, which must be in the table (the reader checks
    /// it), as a name of the innermost object being read.
    @inline(__always)
    func note(_ index: Int) { repeats.push(first(of: index)) }  // first < strings.count, the repeats' capacity

    /// A name noted twice since `start`, if there is one (its first
    /// index); forgets the names from `start` on.
    @inline(__always)
    func repeatedName(from start: Int) -> Int? { repeats.repeated(from: start) }

    /// Starts checking the names of one object with ``repeatedName(_:in:)``,
    /// for readers that keep an object's names themselves; returns the check.
    @inline(__always)
    func beginCheck() -> Int { repeats.beginCheck() }

    /// The first index of string `index` (of the table, checked by the
    /// reader) if it named a member before in the object being checked, `check`.
    @inline(__always)
    func repeatedName(_ index: Int, in check: Int) -> Int? {
        let first = first(of: index)
        return repeats.isRepeat(first, in: check) ? first : nil  // first < strings.count, the repeats' capacity
    }

    /// The first index of string `index` (which must be in the table),
    /// added to ``memberNames`` the first time.
    @inline(__always)
    private func first(of index: Int) -> Int {
        let first = firsts[index]  // bounds proven: index < strings.count, checked by the reader
        guard first < 0 else { return first }
        let found = memberNames.insert(index, bytes: bytes(of: index), bytesOf: bytes(of:))
        firsts[index] = found  // bounds proven: as above
        return found
    }

    /// The key of string `index`, which must be in the table.
    func key(_ index: Int) -> ScalarKey {
        if keys.isEmpty { keys = Array(repeating: nil, count: strings.count) }
        if let key = keys[index] { return key }
        let key = ScalarKey(strings[index])
        keys[index] = key
        return key
    }

    /// The UTF-8 of string `index` of the table, in the input.
    private func bytes(of index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: input[starts[index]..<starts[index] + lengths[index]])  // bounds proven: the reader took the string from these bytes
    }
}
