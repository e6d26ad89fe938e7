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
///
/// The stamps and the saved ones live in ``GrowingBuffer``s (an array in a
/// class checks its uniqueness on every write); one encode on one thread
/// uses them, so the runtime exclusivity checks are skipped.
final class EncodingMemberNames {
    @exclusivity(unchecked) private var identities = BinaryMemberNameCache()
    @exclusivity(unchecked) private var indexOfName: [String: Int] = [:]
    /// Each name's text, by number.
    @exclusivity(unchecked) private(set) var names: [String] = []
    /// For each name: the frame that wrote it last (0: none).
    @exclusivity(unchecked) private var stamps = GrowingBuffer<Int>(capacity: 64)
    /// Stamps that inner objects replaced, to be put back when they close.
    @exclusivity(unchecked) private var saved = GrowingBuffer<(index: Int, stamp: Int)>(capacity: 64)

    /// The number of the name of `key`; `name()` gives its text when it is
    /// not known yet, and `cacheable` says whether the same key always has
    /// the same text (not under a custom key strategy).
    @inline(__always)
    func index<Key: CodingKey>(of key: Key, cacheable: Bool, name: () -> String) -> Int {
        let identity = cacheable ? BinaryMemberNameCache.identity(of: key) : nil
        if let identity, let known = identities.index(of: identity) { return known }
        return add(identity, name())
    }

    private func add(_ identity: UInt64?, _ text: String) -> Int {
        let index: Int
        if let known = indexOfName[text] {
            index = known
        } else {
            index = names.count
            stamps.append(0)
            names.append(text)
            indexOfName[text] = index
        }
        if let identity { identities.add(identity, index: index) }
        return index
    }

    /// The text of name `index` ("" for a number never given).
    func text(of index: Int) -> String {
        index >= 0 && index < names.count ? names[index] : ""
    }

    /// Marks name `index` (from ``index(of:cacheable:name:)``) as written by
    /// frame `frame` (not 0); `false` when that frame wrote it already.
    @inline(__always)
    func insert(_ index: Int, frame: Int) -> Bool {
        guard index >= 0, index < names.count else { return false }
        let stamp = stamps.pointer(at: index)  // bounds proven: 0 <= index < names.count, the stamps' count
        if stamp.pointee == frame { return false }
        if stamp.pointee != 0 { saved.append((index, stamp.pointee)) }
        stamp.pointee = frame
        return true
    }

    /// Where the stamps saved from now on begin (a frame keeps it when it opens).
    var savedCount: Int { saved.count }

    /// Puts back the stamps saved since `count` (a frame closing).
    @inline(__always)
    func restore(to count: Int) {
        while saved.count > count, let (index, stamp) = saved.popLast() {
            if index >= 0, index < names.count { stamps[index] = stamp }  // bounds proven: checked first
        }
    }
}
