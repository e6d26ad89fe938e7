/// How a keyed container finds an object's members by name.
///
/// Models read keys mostly in the order the JSON has them, so a lookup
/// starts just after the member the last lookup in this object found (the
/// decoding state remembers it) and usually matches at once; a miss goes
/// round the object once. That answer is only right when no two members
/// share a name, which is checked once when the container opens; otherwise
/// the container maps each name to its member under the duplicate-key
/// policy, once (a scan per lookup would make a million repeats of one key
/// take a million million steps). Keys renamed by `.convertFromSnakeCase`
/// are found the same way, compared as they convert, when they are all
/// plain snake case (``SnakeCase/plainNameLength(_:)``); other renamed keys
/// are found by a scan of their names in small objects and through the
/// same map in larger ones.
struct ObjectMembers {
    /// The object's tape index.
    let object: Int
    /// The tape index just past the object's last descendant.
    private let end: Int
    /// The key strategy renames keys (their names are kept by the state).
    private let convertsKeys: Bool
    /// The keys are plain snake case under `.convertFromSnakeCase`, with
    /// unique names: found as their bytes convert, without the names.
    private let plainSnakeCase: Bool
    /// Whether the object's names repeat, or it is a large one with renamed
    /// keys: then the state keeps the map of its names
    /// (``JSONDecodingState/memberMap(of:)``), so a container copied on every
    /// call (Codable's container box does) holds one reference, its state.
    private let mapped: Bool

    init(state: JSONDecodingState, object: Int) {
        self.object = object
        let entry = state.entry(object)
        end = entry.endIndex
        let unique: Bool
        if case .convertFromSnakeCase = state.options.keyDecodingStrategy, state.opensPlainSnakeCaseKeys(object: object, count: entry.count) {
            convertsKeys = false
            plainSnakeCase = true
            unique = true
        } else if state.convertsKeys, let converted = state.convertedMembers(of: object) {
            convertsKeys = true
            plainSnakeCase = false
            unique = Set(converted.lazy.map(\.name)).count == converted.count
        } else {
            convertsKeys = false
            plainSnakeCase = false
            unique = state.opensUniqueKeys(object: object, count: entry.count)
        }
        mapped = !unique || (convertsKeys && entry.count > 16)
        if mapped { state.keepMemberMap(of: object) }
    }

    /// The names of the members as the model sees them.
    func names(in state: JSONDecodingState) -> [String] {
        (mapped ? state.memberMap(of: object)?.names : nil) ?? state.convertedMembers(of: object)?.map(\.name) ?? state.keyIndexes(object: object).map { state.string(at: $0) }
    }

    /// The tape index of the value of the member named `key`, whose name
    /// `names` keeps when it is given (``KeyNameTable``); found by its bytes
    /// where the lookup compares bytes, else by `key.stringValue`.
    @inline(__always)
    func valueIndex<Key: CodingKey>(of key: Key, names: Unmanaged<KeyNameTable>?, in state: JSONDecodingState) -> Int? {
        guard let names, !mapped, !convertsKeys else { return valueIndex(named: key.stringValue, in: state) }
        // Read at once: the bytes stay valid until the table learns another name.
        return keyIndex(utf8: names._withUnsafeGuaranteedRef { $0.name(of: key) }, in: state).map { $0 + 1 }
    }

    /// The tape index of the value of the member named `name`.
    @inline(__always)
    func valueIndex(named name: String, in state: JSONDecodingState) -> Int? {
        let key: Int?
        if mapped, let index = state.memberMap(of: object) {
            key = index.keys[ScalarKey(name)]
        } else if convertsKeys, let converted = state.convertedMembers(of: object) {
            key = converted.first { $0.name == name }?.key
        } else if let found = name.utf8.withContiguousStorageIfAvailable({ keyIndex(utf8: $0, in: state) }) {
            key = found
        } else {
            var name = name  // a bridged string without contiguous UTF-8
            key = name.withUTF8 { keyIndex(utf8: $0, in: state) }
        }
        return key.map { $0 + 1 }
    }

    /// The key whose name's UTF-8 is `name`, found by the state's lookup
    /// as the object's keys are spelled (as written, or plain snake case).
    @inline(__always)
    private func keyIndex(utf8 name: UnsafeBufferPointer<UInt8>, in state: JSONDecodingState) -> Int? {
        plainSnakeCase
            ? state.keyIndex(utf8: name, object: object, end: end, spelling: SnakeCaseKeySpelling.self)
            : state.keyIndex(utf8: name, object: object, end: end, spelling: ExactKeySpelling.self)
    }
}

/// Each name's key in an object (names compared by Unicode scalars, in a
/// seeded `Dictionary`), and the names in order of first appearance: how
/// ``ObjectMembers`` finds members when a name repeats or keys are renamed
/// in a large object. A name written twice gets the member the
/// duplicate-key policy picks; two JSON names a key strategy turns into one
/// get the first one's member, as in Foundation (and then its repeats
/// under the policy).
final class MemberMap {
    let keys: [ScalarKey: Int]
    let names: [String]

    init(of object: Int, in state: JSONDecodingState) {
        let converted = state.convertedMembers(of: object)
        let members = converted ?? state.keyIndexes(object: object).map { (name: state.string(at: $0), key: $0) }
        let firstWins = state.firstKeyWins
        var keys: [ScalarKey: Int] = [:]
        var names: [String] = []
        for member in members {
            let name = ScalarKey(member.name)
            if let held = keys[name] {
                // One comparison of two names per repeat: linear in the object's size.
                if !firstWins, converted == nil || state.keysSpellAlike(held, member.key) { keys[name] = member.key }
            } else {
                names.append(member.name)
                keys[name] = member.key
            }
        }
        self.keys = keys
        self.names = names
    }
}
