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
/// text at most), whatever it has read. twitter_public_timeline.json has
/// five shapes (tweets, and users with four orders of the same 26 keys):
/// with a parser kept, or `JSON(parsing:)`'s spare, 0.4760M → 0.4585M
/// instructions a parse (with the slots of ``ObjectShapes`` kept too,
/// 0.4857M before), twitter.json 10.15M → 10.10M.
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
        guard lists.count == Self.maxLists else {
            lists.append(list)
            return
        }
        lists[next] = list
        next = next == Self.maxLists - 1 ? 0 : next + 1
    }
}
