/// The object keys of one file read as ``JSON``: each string-table name is
/// made into a key (and hashed) once, and whether an object repeats a name
/// is checked on table indexes instead of by comparing keys.
///
/// A file whose writer kept each string once names equal keys with equal
/// indexes; for any other file, every name is mapped to the index of the
/// first equal string used as a name (found the first time it is used), so
/// the check stays exact.
///
/// The tables live in memory the class owns (an array in a class checks
/// its uniqueness on every write), and one read on one thread uses them,
/// so the runtime exclusivity checks are skipped.
final class BinaryObjectKeys {
    /// What is known of one string of the table.
    private struct Name {
        /// Its key, once it has named a member.
        var key: JSON.Object.ScalarKey?
        /// The index of the first equal string used as a name (its "first index"), once it has named a member.
        var first = -1
        /// As a first index: the number of the last check that met it.
        var lastCheck = 0
    }

    private let strings: [String]
    /// One per string of the table.
    private let table: UnsafeMutablePointer<Name>
    @exclusivity(unchecked) private var indexesOfKeys: [JSON.Object.ScalarKey: Int] = [:]
    /// The names (first indexes) of the objects being read, innermost last.
    @exclusivity(unchecked) private var names: UnsafeMutablePointer<Int>
    @exclusivity(unchecked) private var namesCapacity = 64
    @exclusivity(unchecked) private var namesCount = 0
    @exclusivity(unchecked) private var checks = 0

    init(_ strings: [String]) {
        self.strings = strings
        table = .allocate(capacity: strings.count)
        table.initialize(repeating: Name(), count: strings.count)
        names = .allocate(capacity: namesCapacity)
    }

    deinit {
        table.deinitialize(count: strings.count)
        table.deallocate()
        names.deallocate()
    }

    /// Where the names of an object starting now begin (give it to ``hasRepeatedNames(from:)``).
    var namesStart: Int { namesCount }

    /// The key of string `index`, which must be in the table (the reader
    /// checks it), noting it as a name of the innermost object being read.
    func key(_ index: Int) -> JSON.Object.ScalarKey {
        if let key = table[index].key {  // bounds proven: index < strings.count, checked by the reader
            note(table[index].first)  // bounds proven: as above
            return key
        }
        let key = JSON.Object.ScalarKey(strings[index])
        let first = indexesOfKeys[key] ?? index
        indexesOfKeys[key] = first
        table[index].key = key  // bounds proven: as above
        table[index].first = first  // bounds proven: as above
        note(first)
        return key
    }

    /// Pushes `name` on the names of the objects being read.
    @inline(__always)
    private func note(_ name: Int) {
        if namesCount == namesCapacity {
            let grown = UnsafeMutablePointer<Int>.allocate(capacity: namesCapacity * 2)
            grown.update(from: names, count: namesCount)
            names.deallocate()
            names = grown
            namesCapacity *= 2
        }
        names[namesCount] = name  // bounds proven: namesCount < namesCapacity after growing
        namesCount += 1
    }

    /// Whether two of the names noted since `start` are equal; forgets them.
    func hasRepeatedNames(from start: Int) -> Bool {
        guard start >= 0, start < namesCount else { return false }
        defer { namesCount = start }
        guard namesCount - start > 1 else { return false }
        checks += 1
        for position in start..<namesCount {
            let name = names[position]  // bounds proven: 0 <= start <= position < namesCount
            if table[name].lastCheck == checks { return true }  // bounds proven: name is a first index, below strings.count
            table[name].lastCheck = checks  // bounds proven: as above
        }
        return false
    }
}
