import Foundation

/// An `Encoder` that builds its value in a slot of the encoder's tree.
struct TreeEncoder: StrategyEncoder, NumberEncoding {
    let state: EncodingState
    let slot: EncodedSlot
    let codingPath: [any CodingKey]

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }
    var encodingState: EncodingState { state }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: EncodedObject
        switch slot.node {
        case .object(let existing)?: object = existing
        case nil: object = EncodedObject(); slot.node = .object(object)
        case .value(.object(let written))?:
            // A JSON object written whole through the single-value container: the
            // container adds to it (Foundation's behaviour).
            object = EncodedObject(written)
            slot.node = .object(object)
        default:
            state.fail(EncodingState.secondValue(codingPath: codingPath))
            object = EncodedObject()
        }
        return KeyedEncodingContainer(TreeKeyedContainer<Key>(state: state, object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodedArray
        switch slot.node {
        case .array(let existing)?: array = existing
        case nil: array = EncodedArray(); slot.node = .array(array)
        case .value(.array(let written))?:
            // A JSON array written whole: the container appends to it.
            array = EncodedArray(written.map { .value($0) })
            slot.node = .array(array)
        default:
            state.fail(EncodingState.secondValue(codingPath: codingPath))
            array = EncodedArray()
        }
        return TreeUnkeyedContainer(state: state, array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// Puts a single value in the slot, which must be empty.
    private func set(_ value: JSON) throws {
        guard slot.node == nil else { throw EncodingState.secondValue(codingPath: codingPath) }
        slot.node = .value(value)
    }

    func encodeNil() throws { try set(.null) }
    func encode(_ value: Bool) throws { try set(.bool(value)) }
    func encode(_ value: String) throws { try set(.string(value)) }
    func encode(_ value: Double) throws { try set(state.number(value, codingPath: codingPath)) }
    func encode(_ value: Float) throws { try set(state.number(value, codingPath: codingPath)) }
    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }

    func encodeNumber(_ number: JSON.Number) throws { try set(.number(number)) }
    func encodeExactNumber(_ text: String) throws { try set(.number(JSON.Number(exactText: text))) }
    func encodeJSON(_ value: JSON) throws { try set(value) }

    /// Encodes any value into the slot, handling the types whose JSON form
    /// the encoder's strategies choose. A value that encodes nothing becomes
    /// `{}`, except at the top (`emptyAsObject: false`), where it is an
    /// error; a custom date or data strategy writing nothing gives `{}`
    /// there too (Foundation's behaviour).
    func encodeValue<T: Encodable>(_ value: T, emptyAsObject: Bool = true) throws {
        let special = try encodeSpecial(value)
        if !special { try value.encode(to: self) }
        if slot.node == nil, emptyAsObject || special { slot.node = .object(EncodedObject()) }
    }
}
