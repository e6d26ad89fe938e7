/// The member names one `JSON.Encoder` call writes, each turned into a
/// small number once, so that the stream finds a name written twice in one
/// object without hashing or comparing it again.
///
/// A name is found again by its key's identity (the key type and its byte,
/// for enum `CodingKeys`; see ``BinaryMemberNameCache``), which also keeps
/// the key strategy's conversion; other keys (dictionary keys, strings a
/// custom strategy returns) go through a table of names with Swift's seeded
/// hashing. Each name remembers the frame that wrote it last; when an inner
/// object takes over a name an outer one wrote, the old stamp is saved and
/// put back when the inner object closes. So each member costs O(1) and
/// each object O(its members), whatever the nesting or the names.
struct EncodingMemberNames {
    private var identities = BinaryMemberNameCache()
    private var indexOfName: [String: Int] = [:]
    /// Each name's text, by number.
    private(set) var names: [String] = []
    /// For each name: the id of the frame that wrote it last (0: none).
    private var stamps: [Int] = []
    /// Stamps that inner objects replaced, to be put back when they close.
    private var saved: [(name: Int, stamp: Int)] = []

    /// The number of the name of `key`; `name()` gives its text when it is
    /// not known yet, and `cacheable` says whether the same key always has
    /// the same text (not under a custom key strategy).
    @inline(__always)
    mutating func index<Key: CodingKey>(of key: Key, cacheable: Bool, name: () -> String) -> Int {
        let identity = cacheable ? BinaryMemberNameCache.identity(of: key) : nil
        if let identity, let known = identities.index(of: identity) { return known }
        let text = name()
        let index: Int
        if let known = indexOfName[text] {
            index = known
        } else {
            index = names.count
            names.append(text)
            stamps.append(0)
            indexOfName[text] = index
        }
        if let identity { identities.add(identity, index: index) }
        return index
    }

    /// Marks name `index` as written by frame `id`; `false` when that frame
    /// wrote it already.
    @inline(__always)
    mutating func insert(_ index: Int, frame id: Int) -> Bool {
        let stamp = stamps[index]
        if stamp == id { return false }
        if stamp != 0 { saved.append((index, stamp)) }
        stamps[index] = id
        return true
    }

    /// Where the stamps saved from now on begin (a frame keeps it when it opens).
    var savedCount: Int { saved.count }

    /// Puts back the stamps saved since `count` (a frame closing).
    @inline(__always)
    mutating func restore(to count: Int) {
        while saved.count > count {
            let (index, stamp) = saved.removeLast()
            stamps[index] = stamp
        }
    }
}
