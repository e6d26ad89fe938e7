/// The keyed container of an object: its members, found by key according
/// to the key strategy and the duplicate-key policy the document was parsed with.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TapeDecoder
    /// Tape indexes of each member's key (its value follows it).
    private let keyIndexes: [Int]
    /// The members' keys as the model sees them, when a strategy converts them.
    private let convertedKeys: [String]?
    /// For objects of more than 16 members: key to value index.
    private let table: [String: Int]?

    var codingPath: [any CodingKey] { decoder.codingPath }

    init(decoder: TapeDecoder) {
        self.decoder = decoder
        let state = decoder.state
        let object = state.entry(decoder.index)
        var keyIndexes: [Int] = []
        keyIndexes.reserveCapacity(object.count)
        var keyIndex = decoder.index + 1
        while keyIndex < object.endIndex {
            keyIndexes.append(keyIndex)
            keyIndex = state.entry(keyIndex + 1).nextSibling(after: keyIndex + 1)
        }
        self.keyIndexes = keyIndexes
        let convertedKeys: [String]?
        switch state.options.keyDecodingStrategy {
        case .useDefaultKeys:
            convertedKeys = nil
        case .convertFromSnakeCase:
            convertedKeys = keyIndexes.map { SnakeCase.toCamelCase(state.string(at: $0)) }
        case .custom(let convert):
            convertedKeys = keyIndexes.map {
                convert(decoder.codingPath + [AnyCodingKey(stringValue: state.string(at: $0))]).stringValue
            }
        }
        self.convertedKeys = convertedKeys
        if keyIndexes.count > 16 {
            var table: [String: Int] = [:]
            let firstWins = state.document.options.duplicateKeys == .firstWins
            for (position, keyIndex) in keyIndexes.enumerated() {
                let name = convertedKeys?[position] ?? state.string(at: keyIndex)
                if firstWins, table[name] != nil { continue }
                table[name] = keyIndex + 1
            }
            self.table = table
        } else {
            table = nil
        }
    }

    var allKeys: [Key] {
        keyIndexes.indices.compactMap { position in
            Key(stringValue: convertedKeys?[position] ?? decoder.state.string(at: keyIndexes[position]))
        }
    }

    /// The tape index of the value for `key`, honouring the duplicate-key policy.
    private func valueIndex(for key: any CodingKey) -> Int? {
        let name = key.stringValue
        if let table { return table[name] }
        let matches: (Int) -> Bool = { position in
            if let convertedKeys { return convertedKeys[position] == name }
            return decoder.state.stringEquals(at: keyIndexes[position], name)
        }
        let positions = keyIndexes.indices
        let found =
            decoder.state.document.options.duplicateKeys == .firstWins
            ? positions.first(where: matches) : positions.last(where: matches)
        return found.map { keyIndexes[$0] + 1 }
    }

    private func child(for key: any CodingKey) throws -> TapeDecoder {
        guard let index = valueIndex(for: key) else {
            let description =
                "\(jsonPath(codingPath)) \(decoder.state.position(of: decoder.index)): no value for key \(JSON.serializedString(escaping: key.stringValue))"
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: description))
        }
        return decoder.child(at: index, key: key)
    }

    func contains(_ key: Key) -> Bool { valueIndex(for: key) != nil }

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

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try child(for: AnyCodingKey(stringValue: "super")) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try child(for: key) }
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
