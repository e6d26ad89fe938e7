/// A `[String: Value]` dictionary that leaves out the members whose value
/// fails to decode (each recorded in a ``DecodingReport``), as ``Lossy``
/// does for arrays: what `@LossyDecoding` reads a dictionary property
/// through, on the generated and the `Codable` paths alike.
///
/// ```swift
/// let counts = try JSON.Decoder().decode(LossyDictionary<Int>.self, from: #"{"a": 1, "b": "x"}"#).wrappedValue   // ["a": 1]
/// ```
///
/// Its keys are the object's names as written on ``JSON/Decoder`` (no key
/// strategy renames a dictionary's keys); a `Decoder` that renames the
/// names of every keyed container (Foundation's, under a key strategy)
/// renames these too.
public struct LossyDictionary<Value: Decodable>: Decodable {
    /// The members that decoded.
    public var wrappedValue: [String: Value]

    /// Wraps a dictionary.
    ///
    /// ```swift
    /// let empty = LossyDictionary<Int>(wrappedValue: [:])
    /// ```
    public init(wrappedValue: [String: Value]) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes every member whose value can be decoded, and skips the others.
    ///
    /// ```swift
    /// let counts = try LossyDictionary<Int>(from: decoder)
    /// ```
    public init(from decoder: any Decoder) throws {
        if let tape = decoder as? JSONTapeDecoder, tape.state.convertsKeys {
            self = try Self(rawKeysFrom: tape)
            return
        }
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        var members: [String: Value] = [:]
        for key in container.allKeys {
            do {
                members[key.stringValue] = try container.decode(Value.self, forKey: key)
            } catch {
                ReportCollector.current?.recordDrop(path: decoder.codingPath + [key], error)
            }
        }
        wrappedValue = members
    }

    /// The members with their names as written, under a key strategy
    /// (as `[String: Value]` reads them).
    private init(rawKeysFrom decoder: JSONTapeDecoder) throws {
        let state = decoder.state
        let object = decoder.index
        guard state.entry(object).kind == .object else { throw state.mismatch([String: Any].self, at: object, expected: "an object") }
        state.decodesAsDictionary(object)
        let firstWins = state.firstKeyWins
        var members: [String: Value] = [:]
        for key in state.keyIndexes(object: object) {
            let name = state.string(at: key)
            if firstWins, members[name] != nil { continue }
            do {
                members[name] = try JSONTapeDecoder(state: state, index: key + 1).decode(Value.self)
            } catch {
                ReportCollector.current?.recordDrop(path: decoder.codingPath + [RawKey(name)], error)
            }
        }
        wrappedValue = members
    }
}

extension LossyDictionary: Equatable where Value: Equatable {}
extension LossyDictionary: Hashable where Value: Hashable {}
extension LossyDictionary: Sendable where Value: Sendable {}
