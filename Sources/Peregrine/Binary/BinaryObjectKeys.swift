/// The member names of one read: every reader notes each name of an object
/// or record here, and the object's end checks (with ``BinaryNameRepeats``)
/// that none came twice, which the format forbids. Each string of the table
/// is made into a key (and hashed) once, the first time it names a member;
/// ``JSON`` reads use those keys for their objects.
///
/// Names are compared by their table indexes. A file whose writer kept each
/// string once names equal names with equal indexes; for any other file,
/// every name is mapped to the index of the first equal string used as a
/// name (found through a seeded `Dictionary` the first time the name is
/// used), so the check stays exact.
///
/// The table lives in memory the class owns (an array in a class checks
/// its uniqueness on every write), and one read on one thread uses it, so
/// the runtime exclusivity checks are skipped.
final class BinaryObjectKeys {
    /// What is known of one string of the table, once it has named a member.
    private struct Name {
        /// Its key.
        var key: JSON.Object.ScalarKey?
        /// The index of the first equal string used as a name (its "first index"); -1 before.
        var first = -1
    }

    private let strings: [String]
    /// One per string of the table, allocated when the first name is noted.
    @exclusivity(unchecked) private var table: UnsafeMutablePointer<Name>?
    @exclusivity(unchecked) private var indexesOfKeys: [JSON.Object.ScalarKey: Int] = [:]
    private let repeats = BinaryNameRepeats()

    init(_ strings: [String]) {
        self.strings = strings
    }

    deinit {
        if let table {
            table.deinitialize(count: strings.count)
            table.deallocate()
        }
    }

    /// Where the names of an object starting now begin (give it to ``repeatedName(from:)``).
    var namesStart: Int { repeats.start }

    /// Notes string `index`, which must be in the table (the reader checks
    /// it), as a name of the innermost object being read.
    @inline(__always)
    func note(_ index: Int) {
        let table = self.table ?? makeTable()
        let first = table[index].first  // bounds proven: index < strings.count, checked by the reader
        repeats.push(first >= 0 ? first : firstIndex(of: index, in: table))
    }

    /// The key of string `index`, which has been noted as a name.
    func key(_ index: Int) -> JSON.Object.ScalarKey {
        table?[index].key ?? JSON.Object.ScalarKey(strings[index])  // bounds proven: index < strings.count, checked by the reader
    }

    /// A name noted twice since `start`, if there is one (its first
    /// index); forgets the names from `start` on.
    func repeatedName(from start: Int) -> Int? { repeats.repeated(from: start) }

    private func makeTable() -> UnsafeMutablePointer<Name> {
        let table = UnsafeMutablePointer<Name>.allocate(capacity: strings.count)
        table.initialize(repeating: Name(), count: strings.count)
        self.table = table
        return table
    }

    /// Makes the key of string `index` and finds its first index.
    private func firstIndex(of index: Int, in table: UnsafeMutablePointer<Name>) -> Int {
        let key = JSON.Object.ScalarKey(strings[index])
        let first = indexesOfKeys[key] ?? index
        indexesOfKeys[key] = first
        table[index].key = key  // bounds proven: index < strings.count, checked by the reader
        table[index].first = first  // bounds proven: as above
        return first
    }
}
