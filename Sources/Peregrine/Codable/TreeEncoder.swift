import Foundation

/// What every container of one encode shares.
final class EncodingState: @unchecked Sendable {
    let options: JSON.Encoder
    let userInfo: [CodingUserInfoKey: Any]

    init(encoder: JSON.Encoder) {
        options = encoder
        userInfo = encoder.userInfo
    }

    /// The JSON key for `key` under the key strategy; `codingPath` (of the
    /// container) is only built for a custom strategy.
    func jsonKey(_ key: any CodingKey, codingPath: @autoclosure () -> [any CodingKey]) -> String {
        switch options.keyEncodingStrategy {
        case .useDefaultKeys: return key.stringValue
        case .convertToSnakeCase: return SnakeCase.fromCamelCase(key.stringValue)
        case .custom(let convert): return convert(codingPath() + [key]).stringValue
        }
    }
}

/// A value under construction: finished, or an object or array that
/// containers (which are values handed to user code) still add to.
enum EncodedNode {
    case value(JSON)
    case object(EncodedObject)
    case array(EncodedArray)
    /// The value a super encoder writes, whatever shape it takes.
    case deferred(EncodedSlot)

    var json: JSON {
        switch self {
        case .value(let value): return value
        case .object(let object):
            var members = JSON.Object(minimumCapacity: object.members.count)
            for (key, node) in object.members { members[key] = node.json }
            return .object(members)
        case .array(let array): return .array(array.elements.map(\.json))
        case .deferred(let slot): return slot.node?.json ?? .object(JSON.Object())
        }
    }
}

final class EncodedObject {
    var members: [(String, EncodedNode)] = []
}

final class EncodedArray {
    var elements: [EncodedNode] = []
}

/// Where one value's encoder puts its result.
final class EncodedSlot {
    var node: EncodedNode?
}

/// An `Encoder` that builds the value in its slot.
struct TreeEncoder: StrategyEncoder {
    let state: EncodingState
    let slot: EncodedSlot
    let codingPath: [any CodingKey]

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: EncodedObject
        if case .object(let existing) = slot.node {
            object = existing
        } else {
            object = EncodedObject()
            slot.node = .object(object)
        }
        return KeyedEncodingContainer(TreeKeyedContainer<Key>(state: state, object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodedArray
        if case .array(let existing) = slot.node {
            array = existing
        } else {
            array = EncodedArray()
            slot.node = .array(array)
        }
        return TreeUnkeyedContainer(state: state, array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // MARK: Single values

    func encodeNil() { slot.node = .value(.null) }
    func encode(_ value: Bool) { slot.node = .value(.bool(value)) }
    func encode(_ value: String) { slot.node = .value(.string(value)) }
    func encode(_ value: Double) throws { slot.node = try state.number(value, codingPath: codingPath) }
    func encode(_ value: Float) throws { slot.node = try state.number(value, codingPath: codingPath) }
    func encode(_ value: Int) { slot.node = .value(.number(JSON.Number(value))) }
    func encode(_ value: Int8) { slot.node = .value(.number(JSON.Number(Int64(value)))) }
    func encode(_ value: Int16) { slot.node = .value(.number(JSON.Number(Int64(value)))) }
    func encode(_ value: Int32) { slot.node = .value(.number(JSON.Number(Int64(value)))) }
    func encode(_ value: Int64) { slot.node = .value(.number(JSON.Number(value))) }
    func encode(_ value: UInt) { slot.node = .value(.number(JSON.Number(UInt64(value)))) }
    func encode(_ value: UInt8) { slot.node = .value(.number(JSON.Number(UInt64(value)))) }
    func encode(_ value: UInt16) { slot.node = .value(.number(JSON.Number(UInt64(value)))) }
    func encode(_ value: UInt32) { slot.node = .value(.number(JSON.Number(UInt64(value)))) }
    func encode(_ value: UInt64) { slot.node = .value(.number(JSON.Number(value))) }
    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }

    /// Encodes any value into the slot, handling the types whose JSON form
    /// the encoder's strategies choose. A value that encodes nothing becomes
    /// `{}`, except at the top (`emptyAsObject: false`), where it is an error.
    func encodeValue<T: Encodable>(_ value: T, emptyAsObject: Bool = true) throws {
        if try encodeSpecial(value) {
            if slot.node == nil { slot.node = .object(EncodedObject()) }
        } else {
            try value.encode(to: self)
            if slot.node == nil, emptyAsObject { slot.node = .object(EncodedObject()) }
        }
    }

    var encodingState: EncodingState { state }

    func encodeExactNumber(_ text: String) { slot.node = .value(.number(JSON.Number(exactText: text))) }
}

extension EncodingState {
    /// A floating-point number, or for `NaN` and infinities what the
    /// non-conforming float strategy says.
    func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F, codingPath: [any CodingKey]) throws -> EncodedNode {
        guard value.isFinite else {
            guard case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = options.nonConformingFloatEncodingStrategy else {
                throw EncodingError.invalidValue(
                    value, EncodingError.Context(codingPath: codingPath, debugDescription: "Unable to encode \(value) directly in JSON."))
            }
            return .value(.string(value.isNaN ? nan : value < 0 ? negativeInfinity : positiveInfinity))
        }
        if let double = value as? Double { return .value(.number(JSON.Number(double))) }
        // Through the value's own shortest text, so that Float(0.1) is written 0.1.
        return .value(.number(JSON.Number(Double(value.description) ?? Double(value))))
    }
}
