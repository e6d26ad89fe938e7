import Foundation

/// A keyed container adding members to an object under construction.
struct TreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: EncodingState
    let object: EncodedObject
    let codingPath: [any CodingKey]

    private func add(_ node: EncodedNode, for key: any CodingKey) {
        object.members.append((state.jsonKey(key, codingPath: codingPath), node))
    }

    private func child(for key: Key) -> (TreeEncoder, EncodedSlot) {
        let slot = EncodedSlot()
        return (TreeEncoder(state: state, slot: slot, codingPath: codingPath + [key]), slot)
    }

    mutating func encodeNil(forKey key: Key) { add(.value(.null), for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) { add(.value(.bool(value)), for: key) }
    mutating func encode(_ value: String, forKey key: Key) { add(.value(.string(value)), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { add(try state.number(value, codingPath: codingPath + [key]), for: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { add(try state.number(value, codingPath: codingPath + [key]), for: key) }
    mutating func encode(_ value: Int, forKey key: Key) { add(.value(.number(JSON.Number(value))), for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) { add(.value(.number(JSON.Number(Int64(value)))), for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) { add(.value(.number(JSON.Number(Int64(value)))), for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) { add(.value(.number(JSON.Number(Int64(value)))), for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) { add(.value(.number(JSON.Number(value))), for: key) }
    mutating func encode(_ value: UInt, forKey key: Key) { add(.value(.number(JSON.Number(UInt64(value)))), for: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { add(.value(.number(JSON.Number(UInt64(value)))), for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { add(.value(.number(JSON.Number(UInt64(value)))), for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { add(.value(.number(JSON.Number(UInt64(value)))), for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { add(.value(.number(JSON.Number(value))), for: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let (encoder, slot) = child(for: key)
        try encoder.encodeValue(value)
        add(slot.node ?? .object(EncodedObject()), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodedObject()
        add(.object(nested), for: key)
        return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(state: state, object: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        add(.array(nested), for: key)
        return TreeUnkeyedContainer(state: state, array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(for: AnyCodingKey(stringValue: "super")) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(for: key) }

    private func superEncoder(for key: any CodingKey) -> any Encoder {
        let slot = EncodedSlot()
        add(.deferred(slot), for: key)
        return TreeEncoder(state: state, slot: slot, codingPath: codingPath + [key])
    }
}

/// An unkeyed container appending elements to an array under construction.
struct TreeUnkeyedContainer: UnkeyedEncodingContainer {
    let state: EncodingState
    let array: EncodedArray
    let codingPath: [any CodingKey]

    var count: Int { array.elements.count }

    private var nextKey: any CodingKey { IndexKey(intValue: array.elements.count) }

    mutating func encodeNil() { array.elements.append(.value(.null)) }
    mutating func encode(_ value: Bool) { array.elements.append(.value(.bool(value))) }
    mutating func encode(_ value: String) { array.elements.append(.value(.string(value))) }
    mutating func encode(_ value: Double) throws { array.elements.append(try state.number(value, codingPath: codingPath + [nextKey])) }
    mutating func encode(_ value: Float) throws { array.elements.append(try state.number(value, codingPath: codingPath + [nextKey])) }
    mutating func encode(_ value: Int) { array.elements.append(.value(.number(JSON.Number(value)))) }
    mutating func encode(_ value: Int8) { array.elements.append(.value(.number(JSON.Number(Int64(value))))) }
    mutating func encode(_ value: Int16) { array.elements.append(.value(.number(JSON.Number(Int64(value))))) }
    mutating func encode(_ value: Int32) { array.elements.append(.value(.number(JSON.Number(Int64(value))))) }
    mutating func encode(_ value: Int64) { array.elements.append(.value(.number(JSON.Number(value)))) }
    mutating func encode(_ value: UInt) { array.elements.append(.value(.number(JSON.Number(UInt64(value))))) }
    mutating func encode(_ value: UInt8) { array.elements.append(.value(.number(JSON.Number(UInt64(value))))) }
    mutating func encode(_ value: UInt16) { array.elements.append(.value(.number(JSON.Number(UInt64(value))))) }
    mutating func encode(_ value: UInt32) { array.elements.append(.value(.number(JSON.Number(UInt64(value))))) }
    mutating func encode(_ value: UInt64) { array.elements.append(.value(.number(JSON.Number(value)))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let slot = EncodedSlot()
        try TreeEncoder(state: state, slot: slot, codingPath: codingPath + [nextKey]).encodeValue(value)
        array.elements.append(slot.node ?? .object(EncodedObject()))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodedObject()
        let path = codingPath + [nextKey]
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(state: state, object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        let path = codingPath + [nextKey]
        array.elements.append(.array(nested))
        return TreeUnkeyedContainer(state: state, array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let slot = EncodedSlot()
        let path = codingPath + [nextKey]
        array.elements.append(.deferred(slot))
        return TreeEncoder(state: state, slot: slot, codingPath: path)
    }
}
