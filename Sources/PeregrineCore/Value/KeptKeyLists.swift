/// The key lists of the last few objects of a new shape that a
/// ``JSON/Parser`` built, kept from one document to the next, so that the
/// first object of each shape in the next document (an API's responses
/// have the same few shapes) takes its list, member index and all,
/// instead of a new list checked for repeated keys and indexed again.
///
/// A list is taken when the object's first key is the list's first, and
/// its other keys' bytes (on the tape, not looked up) are the list's keys
/// in order, compared as the object is built; at the first that differs,
/// the object gets a list of its own with the keys before it, as an
/// object that differs from an earlier one of its document does. A key
/// other than the first written with escapes never matches. The values
/// are the same either way.
///
/// At most ``maxLists`` lists of at most ``maxKeys`` keys, each key at most
/// ``KeyCache/maxKeyBytes`` bytes, are kept (the oldest goes first), so what
/// a parser holds for them is bounded in bytes (8 × 64 × 128 bytes of key
/// text at most), whatever it has read.
struct KeptKeyLists: Sendable {
    typealias KeyList = JSON.Object.KeyList

    /// The most lists kept.
    static let maxLists = 8
    /// The most keys of a list kept.
    static let maxKeys = 64

    /// Shared with the objects built on them, and so never changed: a
    /// list is changed only while one object holds it (see ``JSON/Object/KeyList``).
    nonisolated(unsafe) private var lists: [KeyList] = []
    /// Where the next list goes once `lists` is full: the oldest.
    private var next = 0

    init() {}

    /// The number of lists kept.
    var count: Int { lists.count }

    /// A kept list of `count` keys whose first is `first`.
    func list(count: Int, first: ScalarKey) -> KeyList? {
        for kept in lists where kept.count == count && kept[0] == first { return kept }
        return nil
    }

    /// Keeps `list`, whose keys are unique, in place of the oldest kept
    /// list, when it is within the bounds.
    mutating func keep(_ list: KeyList) {
        guard list.count <= Self.maxKeys, list.allKeysFit(inBytes: KeyCache.maxKeyBytes) else { return }
        defer { checkList(list) }
        guard lists.count == Self.maxLists else {
            lists.append(list)
            return
        }
        lists[next] = list
        next = next == Self.maxLists - 1 ? 0 : next + 1
    }

    /// Stops the program when the kept lists are not within their bounds:
    /// debug builds only (release builds compile nothing). At most
    /// ``maxLists`` lists, the next to replace the oldest; each of at most
    /// ``maxKeys`` unique keys of at most ``KeyCache/maxKeyBytes`` bytes,
    /// without removed slots, and a well-formed list. O(the keys kept).
    ///
    /// ```swift
    /// kept.checkInvariants()
    /// ```
    func checkInvariants() {
        #if DEBUG
        precondition(lists.count <= Self.maxLists, "at most \(Self.maxLists) lists are kept")
        precondition(next >= 0 && next < Self.maxLists && (next == 0 || lists.count == Self.maxLists), "the next list replaces the oldest")
        for list in lists {
            checkList(list)
            list.checkInvariants()
        }
        #endif
    }

    /// Stops the program, in debug builds only, when `list`, kept, is
    /// beyond the bounds or holds a key twice. O(its keys): called after keeping it.
    private func checkList(_ list: KeyList) {
        #if DEBUG
        precondition(list.count <= Self.maxKeys && list.allKeysFit(inBytes: KeyCache.maxKeyBytes), "a kept list is within the bounds")
        precondition(!list.hasRemovedSlots && !list.hasDuplicates, "a kept list holds unique keys")
        #endif
    }
}
