import Foundation

/// A keyed container adding members to an object of the encoder's tree:
/// the last value for a key wins, and containers opened twice for one key
/// are one container (Foundation's behaviour).
struct TreeKeyedContainer<Key: CodingKey>: KeyedNumberEncoding {
    let state: EncodingState
    let object: EncodedObject
    let codingPath: [any CodingKey]

    private func name(_ key: Key) -> String { state.jsonKey(key, codingPath: codingPath) }

    private func set(_ value: JSON, for key: Key) { object.set(name(key), .value(value)) }

    mutating func encodeNil(forKey key: Key) throws { set(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(try state.number(value, codingPath: codingPath + [key]), for: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(try state.number(value, codingPath: codingPath + [key]), for: key) }

    func encodeNumber(_ number: JSON.Number, forKey key: Key) throws { set(.number(number), for: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let slot = EncodedSlot()
        try TreeEncoder(state: state, slot: slot, codingPath: codingPath + [key]).encodeValue(value)
        object.set(name(key), slot.node ?? .object(EncodedObject()))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let name = name(key)
        let nested: EncodedObject
        switch object.node(for: name) {
        case .object(let existing)?: nested = existing
        case .deferred(let slot)?:
            nested = TreeEncoder(state: state, slot: slot, codingPath: codingPath + [key]).object()
        default:
            nested = EncodedObject()
            object.set(name, .object(nested))
        }
        return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(state: state, object: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let name = name(key)
        let nested: EncodedArray
        switch object.node(for: name) {
        case .array(let existing)?: nested = existing
        case .deferred(let slot)?:
            nested = TreeEncoder(state: state, slot: slot, codingPath: codingPath + [key]).array()
        default:
            nested = EncodedArray()
            object.set(name, .array(nested))
        }
        return TreeUnkeyedContainer(state: state, array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(for: AnyCodingKey(stringValue: "super")) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(for: key) }

    private func superEncoder(for key: any CodingKey) -> any Encoder {
        let slot = EncodedSlot()
        object.set(state.jsonKey(key, codingPath: codingPath), .deferred(slot))
        return TreeEncoder(state: state, slot: slot, codingPath: codingPath + [key])
    }
}

extension TreeEncoder {
    /// The object in the slot, made if the slot is empty.
    fileprivate func object() -> EncodedObject {
        if case .object(let object)? = slot.node { return object }
        let object = EncodedObject()
        if slot.node == nil { slot.node = .object(object) }
        return object
    }

    /// The array in the slot, made if the slot is empty.
    fileprivate func array() -> EncodedArray {
        if case .array(let array)? = slot.node { return array }
        let array = EncodedArray()
        if slot.node == nil { slot.node = .array(array) }
        return array
    }
}

/// An unkeyed container appending elements to an array of the encoder's tree.
struct TreeUnkeyedContainer: UnkeyedEncodingContainer, NumberEncoding {
    let state: EncodingState
    let array: EncodedArray
    let codingPath: [any CodingKey]

    var count: Int { array.elements.count }

    private var nextPath: [any CodingKey] { codingPath + [IndexKey(intValue: array.elements.count)] }

    private func append(_ value: JSON) { array.elements.append(.value(value)) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(try state.number(value, codingPath: nextPath)) }
    mutating func encode(_ value: Float) throws { append(try state.number(value, codingPath: nextPath)) }

    func encodeNumber(_ number: JSON.Number) throws { append(.number(number)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let slot = EncodedSlot()
        try TreeEncoder(state: state, slot: slot, codingPath: nextPath).encodeValue(value)
        array.elements.append(slot.node ?? .object(EncodedObject()))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodedObject()
        let path = nextPath
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(state: state, object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        let path = nextPath
        array.elements.append(.array(nested))
        return TreeUnkeyedContainer(state: state, array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let slot = EncodedSlot()
        let path = nextPath
        array.elements.append(.deferred(slot))
        return TreeEncoder(state: state, slot: slot, codingPath: path)
    }
}
