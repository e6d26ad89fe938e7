/// How a keyed container finds an object's members by name.
///
/// Models read keys mostly in the order the JSON has them, so a lookup
/// starts just after the member the last lookup in this object found (the
/// decoding state remembers it) and usually matches at once; a miss goes
/// round the object once. That answer is only right when no two members
/// share a name, which is checked once when the container opens; otherwise
/// lookups scan every member and apply the duplicate-key policy.
struct ObjectMembers {
    /// The object's tape index.
    let object: Int
    /// The tape index just past the object's last descendant.
    private let end: Int
    /// No two members can share a name.
    private let unique: Bool
    /// The key strategy renames keys (their names are kept by the state).
    private let convertsKeys: Bool

    init(state: DecodingState, object: Int) {
        self.object = object
        let entry = state.entry(object)
        end = entry.endIndex
        if let converted = state.convertedMembers(of: object) {
            convertsKeys = true
            unique = Set(converted.lazy.map(\.name)).count == converted.count
        } else {
            convertsKeys = false
            unique = state.hasUniqueKeys(object: object, count: entry.count)
        }
    }

    /// The names of the members as the model sees them.
    func names(in state: DecodingState) -> [String] {
        state.convertedMembers(of: object)?.map(\.name) ?? state.keyIndexes(object: object).map { state.string(at: $0) }
    }

    /// The tape index of the value of the member named `name`.
    func valueIndex(named name: String, in state: DecodingState) -> Int? {
        let key: Int?
        if convertsKeys, let converted = state.convertedMembers(of: object) {
            let matches = { (member: (name: String, key: Int)) in member.name == name }
            key = unique || state.document.options.duplicateKeys == .firstWins
                ? converted.first(where: matches)?.key : converted.last(where: matches)?.key
        } else if unique {
            key = state.keyIndex(named: name, object: object, end: end)
        } else {
            let matches = state.keyIndexes(object: object).filter { state.document.stringEquals(at: $0, name) }
            key = state.document.options.duplicateKeys == .firstWins ? matches.first : matches.last
        }
        return key.map { $0 + 1 }
    }
}
