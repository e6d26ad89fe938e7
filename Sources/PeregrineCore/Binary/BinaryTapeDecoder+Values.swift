import Foundation

/// The types a binary decode reads its own way: shared values (a class
/// instance decoded once, whatever refers to it), dates, data, URLs, UUIDs
/// and decimals from their own tags (or from the strings of a file
/// converted from JSON), records checked against the registered type, sets
/// checked for equal elements, and arrays of numbers, strings and Booleans in one loop.
extension BinaryTapeDecoder {
    /// Decodes a `T` here. A shared value decoded as a class is decoded
    /// once: later back-references to it return the same instance.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let entry = state.tape[index]
        switch entry.tag {
        case .shared: return try decodeShared(type, at: index)
        case .reference: return try decodeShared(type, at: Int(truncatingIfNeeded: entry.payload))
        default: return try decodeValue(type, entry)
        }
    }

    /// A `T` from the shared value at tape index `shared`.
    private func decodeShared<T: Decodable>(_ type: T.Type, at shared: Int) throws -> T {
        if let object = state.instance(sharedAt: shared), let instance = object as? T { return instance }
        let decoded = try BinaryTapeDecoder(state: state, index: shared + 1).decode(type)
        if let object = classInstance(decoded) { state.setInstance(object, sharedAt: shared) }
        return decoded
    }

    /// The class instance `value` is, or holds as an optional: a `[Node?]`
    /// decodes its elements as `Node?`, and a later back-reference must
    /// find the same instance.
    private func classInstance<T>(_ value: T) -> AnyObject? {
        if T.self is AnyClass { return value as AnyObject }
        return (value as? any OptionalClassInstance)?.classInstance
    }

    /// A `T` from the value here, `entry`, which is neither shared nor a back-reference.
    private func decodeValue<T: Decodable>(_ type: T.Type, _ entry: BinaryTapeEntry) throws -> T {
        switch entry.tag {
        case .array:
            switch state.role(of: type) {
            case .fastArray(let kind): return try cast(decodeArray(kind))
            case .array(let array): return try decodeArray(as: array)
            case .strategy, .other: break
            }
        case .date, .data, .url, .uuid, .decimal:
            if ObjectIdentifier(type) == Self.nativeType(entry.tag) { return try cast(decodeNative(entry)) }
        case .string:
            if let value = try decodeJSONForm(type, string: state.string(at: index)) { return try cast(value) }
        case .int, .uint, .double, .numberText:
            if ObjectIdentifier(type) == ObjectIdentifier(Decimal.self) { return try cast(state.decodeDecimal(at: index)) }
        case .record:
            if let expected = state.registry.name(of: type) {
                let found = state.strings[Int(truncatingIfNeeded: entry.payload >> 32)]
                guard found == expected else {
                    throw state.failure(.typeMismatch(type), at: index, "expected a record of type \(expected), found one of type \(found)")
                }
            }
        case .set:
            let set = try T(from: self)
            if let distinct = set as? any BinarySetCoding, distinct.distinctCount != entry.count {
                throw state.invalidValue(at: index, "the set has two equal elements")
            }
            return set
        default:
            break
        }
        guard state.untagged.openCases > 0 else { return try T(from: self) }
        return try state.decodeInCase(T.self, at: index) { try T(from: self) }
    }

    // MARK: Values with tags of their own

    /// The identity of the type a date, data, URL, UUID or decimal tag holds natively.
    private static func nativeType(_ tag: Binary.Tag) -> ObjectIdentifier? {
        switch tag {
        case .date: ObjectIdentifier(Date.self)
        case .data: ObjectIdentifier(Data.self)
        case .url: ObjectIdentifier(URL.self)
        case .uuid: ObjectIdentifier(UUID.self)
        case .decimal: ObjectIdentifier(Decimal.self)
        default: nil
        }
    }

    /// The `Date`, `Data`, `URL`, `UUID` or `Decimal` here, `entry`.
    func decodeNative(_ entry: BinaryTapeEntry) throws -> Any {
        switch entry.tag {
        case .date: return Date(timeIntervalSince1970: Double(bitPattern: entry.payload))
        case .data: return decodeData(entry)
        case .url: return try state.url(state.string(at: index), at: index)
        case .uuid: return decodeUUID(entry)
        case .decimal: return try decodeDecimal(entry)
        default: throw state.mismatch(Any.self, at: index, expected: "a date, data, a URL, a UUID or a decimal")
        }
    }

    /// A `Date`, `Data` or `URL` from the string a file converted from JSON
    /// holds for it (an ISO 8601 date, Base64, the URL's text); `nil` for other types.
    private func decodeJSONForm<T>(_ type: T.Type, string: String) throws -> Any? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Date.self): return try state.iso8601Date(string, at: index)
        case ObjectIdentifier(Data.self): return try state.base64Data(string, at: index)
        case ObjectIdentifier(URL.self): return try state.url(string, at: index)
        default: return nil
        }
    }

    private func decodeData(_ entry: BinaryTapeEntry) -> Data {
        let start = Int(truncatingIfNeeded: entry.payload >> 32)
        let count = Int(truncatingIfNeeded: entry.payload & 0xFFFF_FFFF)
        return Data(state.input[start..<start + count])
    }

    private func decodeUUID(_ entry: BinaryTapeEntry) -> UUID {
        let at = Int(truncatingIfNeeded: entry.payload)
        let b = state.input
        return UUID(uuid: (b[at], b[at + 1], b[at + 2], b[at + 3], b[at + 4], b[at + 5], b[at + 6], b[at + 7],
                           b[at + 8], b[at + 9], b[at + 10], b[at + 11], b[at + 12], b[at + 13], b[at + 14], b[at + 15]))
    }

    private func decodeDecimal(_ entry: BinaryTapeEntry) throws -> Decimal {
        let text = state.strings[Int(truncatingIfNeeded: entry.payload)]
        guard let decimal = BinaryValueRules.decimal(text) else {  // the tape checked it: never nil
            throw state.invalidValue(at: index, "\(text) is not a decimal")
        }
        return decimal
    }
}

/// An optional that may hold a class instance, for ``BinaryTapeDecoder``'s shared values.
private protocol OptionalClassInstance {
    var classInstance: AnyObject? { get }
}

extension Optional: OptionalClassInstance {
    fileprivate var classInstance: AnyObject? {
        guard let wrapped = self, Wrapped.self is AnyClass else { return nil }
        return wrapped as AnyObject
    }
}
