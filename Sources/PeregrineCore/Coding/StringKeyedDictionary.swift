/// `[String: Value]` dictionaries, whose keys are data rather than names
/// the model chose: key strategies leave them as they are, as Foundation's
/// coders do (`"some_key"` stays `"some_key"` under `.convertFromSnakeCase`).
protocol StringKeyedDictionary {
    /// The dictionary of the object `decoder` is at, with its keys as written.
    init(rawKeysFrom decoder: JSONTapeDecoder) throws
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    init(rawKeysFrom decoder: JSONTapeDecoder) throws {
        let state = decoder.state
        let object = decoder.index
        guard state.entry(object).kind == .object else { throw state.mismatch(Self.self, at: object, expected: "an object") }
        state.decodesAsDictionary(object)
        let firstWins = state.firstKeyWins
        self.init(minimumCapacity: state.entry(object).count)
        for key in state.keyIndexes(object: object) {
            let name = state.string(at: key)
            if firstWins, self[name] != nil { continue }
            self[name] = try JSONTapeDecoder(state: state, index: key + 1).decode(Value.self)
        }
    }
}

/// `[String: Value]` dictionaries on the way out: their keys are written as
/// they are, whatever the key strategy (Foundation's behaviour).
protocol StringKeyedEncodable {
    /// Writes the members under ``RawKey``s, which no strategy converts.
    func encodeWithRawKeys(to encoder: any Encoder) throws
}

extension Dictionary: StringKeyedEncodable where Key == String, Value: Encodable {
    func encodeWithRawKeys(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: RawKey.self)
        for (key, value) in self { try container.encode(value, forKey: RawKey(key)) }
    }
}

/// A dictionary's key, written as it is whatever the key strategy.
struct RawKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ key: String) { stringValue = key }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
