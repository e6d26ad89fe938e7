/// The keyed container of an object: its members, found by key according
/// to the key strategy and the duplicate-key policy the document was parsed with.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: DecodingState
    /// The object's own path, the parent of its members' paths.
    let node: PathNode?
    private let members: ObjectMembers

    init(state: DecodingState, index: Int, node: PathNode?) {
        self.state = state
        self.node = node
        members = ObjectMembers(state: state, object: index, node: node)
    }

    var codingPath: [any CodingKey] { PathNode.path(node, .none) }

    var allKeys: [Key] { members.names.compactMap { Key(stringValue: $0) } }

    private func child(for key: any CodingKey) throws -> TapeDecoder {
        guard let position = members.position(named: key.stringValue) else {
            let description =
                "\(jsonPath(codingPath)) \(state.position(of: members.object)): no value for key \(JSON.serializedString(escaping: key.stringValue))"
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: description))
        }
        return TapeDecoder(state: state, index: members.valueIndex(at: position), parent: node, key: .member(members, position))
    }

    func contains(_ key: Key) -> Bool { members.position(named: key.stringValue) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try child(for: key).decodeNil() }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(for: key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(for: key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(for: key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(for: key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(for: key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(for: key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(for: key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(for: key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(for: key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(for: key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(for: key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(for: key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(for: key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(for: key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(for: key).decode(type) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let position = members.position(named: key.stringValue) else { return nil }
        let index = members.valueIndex(at: position)
        guard state.entry(index).kind != .null else { return nil }
        return try TapeDecoder(state: state, index: index, parent: node, key: .member(members, position)).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try child(for: AnyCodingKey(stringValue: "super")) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try child(for: key) }
}

/// An object's members and how to find them by name quickly.
///
/// Each member has a fingerprint of its name (length, first and last eight
/// bytes). A lookup starts after the last member found, because models read
/// keys mostly in the order they are written, and compares fingerprints
/// before bytes. When two members could share a name, lookups fall back to a
/// full scan that applies the duplicate-key policy.
final class ObjectMembers {
    let object: Int
    private let state: DecodingState
    /// Tape indexes of the members' keys (each value follows its key).
    private let keyIndexes: ContiguousArray<Int>
    /// The names models see, when the key strategy converts them.
    private let converted: [String]?
    private let fingerprints: ContiguousArray<UInt64>
    private let unique: Bool
    private let firstWins: Bool
    private var cursor = 0

    init(state: DecodingState, object: Int, node: PathNode?) {
        self.object = object
        self.state = state
        let entry = state.entry(object)
        let strategy = state.options.keyDecodingStrategy
        var usesDefaultKeys = false
        if case .useDefaultKeys = strategy { usesDefaultKeys = true }
        var keyIndexes = ContiguousArray<Int>()
        var fingerprints = ContiguousArray<UInt64>()
        keyIndexes.reserveCapacity(entry.count)
        fingerprints.reserveCapacity(entry.count)
        var keyIndex = object + 1
        while keyIndex < entry.endIndex {
            keyIndexes.append(keyIndex)
            if usesDefaultKeys { fingerprints.append(state.keyFingerprint(at: keyIndex)) }
            keyIndex = state.entry(keyIndex + 1).nextSibling(after: keyIndex + 1)
        }
        self.keyIndexes = keyIndexes
        switch strategy {
        case .useDefaultKeys:
            converted = nil
        case .convertFromSnakeCase:
            let names = keyIndexes.map { SnakeCase.toCamelCase(state.string(at: $0)) }
            converted = names
            fingerprints = ContiguousArray(names.map(Self.fingerprint))
        case .custom(let convert):
            let path = PathNode.path(node, .none)
            let names = keyIndexes.map { convert(path + [AnyCodingKey(stringValue: state.string(at: $0))]).stringValue }
            converted = names
            fingerprints = ContiguousArray(names.map(Self.fingerprint))
        }
        self.fingerprints = fingerprints
        firstWins = state.document.options.duplicateKeys == .firstWins
        unique = Self.fingerprintsAreUnique(fingerprints)
    }

    /// The names of the members as the model sees them.
    var names: [String] { converted ?? keyIndexes.map { state.string(at: $0) } }

    /// The name of the member at `position`, as the model sees it.
    func name(at position: Int) -> String { converted?[position] ?? state.string(at: keyIndexes[position]) }

    /// The tape index of the value of the member at `position`.
    func valueIndex(at position: Int) -> Int { keyIndexes[position] + 1 }

    /// The position of the member named `name`.
    func position(named name: String) -> Int? {
        let count = keyIndexes.count
        guard count > 0 else { return nil }
        let fingerprint = Self.fingerprint(name)
        guard unique else { return policyScan(name, fingerprint) }
        var position = cursor < count ? cursor : 0
        for _ in 0..<count {
            if fingerprints[position] == fingerprint, matches(position, name) {
                cursor = position + 1
                return position
            }
            position = position + 1 == count ? 0 : position + 1
        }
        return nil
    }

    /// The first or last member named `name`, as the duplicate-key policy says.
    private func policyScan(_ name: String, _ fingerprint: UInt64) -> Int? {
        let positions = keyIndexes.indices
        let isMatch = { (position: Int) in self.fingerprints[position] == fingerprint && self.matches(position, name) }
        return firstWins ? positions.first(where: isMatch) : positions.last(where: isMatch)
    }

    private func matches(_ position: Int, _ name: String) -> Bool {
        if let converted { return converted[position] == name }
        return state.document.stringEquals(at: keyIndexes[position], name)
    }

    private static func fingerprintsAreUnique(_ fingerprints: ContiguousArray<UInt64>) -> Bool {
        if fingerprints.count <= 48 {
            for position in fingerprints.indices.dropFirst() where fingerprints[..<position].contains(fingerprints[position]) {
                return false
            }
            return true
        }
        let sorted = fingerprints.sorted()
        return !zip(sorted, sorted.dropFirst()).contains { $0 == $1 }
    }

    /// The fingerprint of a name's UTF-8 bytes.
    static func fingerprint(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { keyFingerprint($0) }
    }
}

extension DecodingState {
    /// The fingerprint of the key entry at `index`.
    func keyFingerprint(at index: Int) -> UInt64 {
        let entry = entry(index)
        if entry.flags & TapeEntry.needsDecoding != 0 { return ObjectMembers.fingerprint(string(at: index)) }
        return document.bytes.withUnsafeBufferPointer { input in
            Peregrine.keyFingerprint(UnsafeBufferPointer(rebasing: input[entry.offset..<entry.offset + entry.length]))
        }
    }
}

/// Foundation's snake_case conversions.
enum SnakeCase {
    /// `user_id` → `userId`; leading and trailing underscores stay.
    static func toCamelCase(_ key: String) -> String {
        guard key.contains("_") else { return key }
        let leading = key.prefix { $0 == "_" }
        let trailing = key.reversed().prefix { $0 == "_" }
        let core = key.dropFirst(leading.count).dropLast(trailing.count)
        let parts = core.split(separator: "_", omittingEmptySubsequences: true)
        guard let first = parts.first else { return key }
        let rest = parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
        return String(leading) + first.lowercased() + rest.joined() + String(trailing)
    }

    /// `userID` → `user_id`, `myURLValue` → `my_url_value`.
    static func fromCamelCase(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        var words: [String] = []
        var current = ""
        let characters = Array(key)
        for (offset, character) in characters.enumerated() {
            let next = offset + 1 < characters.count ? characters[offset + 1] : nil
            let previous = offset > 0 ? characters[offset - 1] : nil
            if character.isUppercase, let previous, !current.isEmpty,
                previous.isLowercase || previous.isNumber || (previous.isUppercase && (next?.isLowercase ?? false))
            {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        words.append(current)
        return words.map { $0.lowercased() }.joined(separator: "_")
    }
}
