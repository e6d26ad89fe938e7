import Foundation

/// A `Decoder` for the value at one tape index of a ``BinaryTape``; it is
/// also that value's single-value container. Keyed and unkeyed containers
/// are in their own files.
///
/// It holds only the shared state and the tape index — two words, so it
/// travels inline as `any Decoder` and decoding a value allocates nothing.
/// The index may be a shared value or a back-reference: the generic
/// `decode(_:)` needs to see those (a class instance decoded from a shared value is
/// decoded once); everything else looks through them.
struct BinaryTapeDecoder: Decoder, SingleValueDecodingContainer {
    let state: BinaryDecodingState
    let index: Int

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    var codingPath: [any CodingKey] { state.codingPath(to: index) }

    /// The tape index of the value itself, behind shared-value wrappers and back-references.
    private var value: Int { state.resolved(index).index }

    /// That value's tape index and entry.
    private var resolved: (index: Int, entry: BinaryTapeEntry) { state.resolved(index) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let (value, entry) = resolved
        guard entry.tag == .object || entry.tag == .record else { throw mismatch([String: Any].self, at: value, expected: "an object") }
        return KeyedDecodingContainer(BinaryKeyedDecoder<Key>(state: state, object: value))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, entry) = resolved
        switch entry.tag {
        case .array, .set, .dictionary: return BinaryUnkeyedDecoder(state: state, array: value)
        default: throw mismatch([Any].self, at: value, expected: "an array")
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Errors

    /// A value of another kind than `expected` (for `null`, a missing value).
    @inline(never)  // the cold path: kept out of the generic decode functions
    func mismatch(_ type: Any.Type, at value: Int, expected: String) -> DecodingError {
        let kind: Binary.DecodingError.Kind = state.tape[value].tag == .null ? .valueNotFound : .typeMismatch
        return state.decodingError(kind, at: value, "expected \(expected), found \(state.describe(value))", type: type)
    }

    // MARK: Single values

    func decodeNil() -> Bool { resolved.entry.tag == .null }

    @inline(__always)
    func decode(_ type: Bool.Type) throws -> Bool {
        let (value, entry) = resolved
        switch entry.tag {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self, at: value, expected: "Bool")
        }
    }

    @inline(__always)
    func decode(_ type: String.Type) throws -> String {
        let (value, entry) = resolved
        guard entry.tag == .string else { throw mismatch(String.self, at: value, expected: "String") }
        return state.strings[Int(truncatingIfNeeded: entry.payload)]
    }

    @inline(__always)
    func decode(_ type: Double.Type) throws -> Double {
        let (value, entry) = resolved
        switch entry.tag {
        case .double: return Double(bitPattern: entry.payload)
        case .int: return Double(Int64(bitPattern: entry.payload))
        case .uint: return Double(entry.payload)
        case .numberText:
            guard let number = Double(state.strings[Int(truncatingIfNeeded: entry.payload)]) else {
                throw state.decodingError(.invalidValue, at: value, "\(state.describe(value)) is not a number")
            }
            return number
        default: throw mismatch(Double.self, at: value, expected: "Double")
        }
    }

    func decode(_ type: Float.Type) throws -> Float {
        let number = try decode(Double.self)
        guard !number.isFinite || Float(number).isFinite else {  // text that rounds to a finite Float fits
            throw state.decodingError(.invalidValue, at: value, "\(state.describe(value)) does not fit in Float")
        }
        return Float(number)
    }

    func decode(_ type: Int.Type) throws -> Int { try decodeInteger(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try decodeInteger(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeInteger(type) }

    /// An integer of exactly the value: whole doubles such as `1.0` are
    /// accepted (files converted from JSON may hold them), fractions are
    /// type mismatches and values out of the type's range invalid.
    @inline(__always)
    func decodeInteger<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        let (value, entry) = resolved
        let result: Integer?
        switch entry.tag {
        case .int: result = Integer(exactly: Int64(bitPattern: entry.payload))
        case .uint: result = Integer(exactly: entry.payload)
        case .double:
            let number = Double(bitPattern: entry.payload)
            guard number.rounded(.towardZero) == number else { throw mismatch(type, at: value, expected: "\(type) (a whole number)") }
            result = Integer(exactly: number)
        case .numberText: result = Integer(state.strings[Int(truncatingIfNeeded: entry.payload)])
        default: throw mismatch(type, at: value, expected: "\(type)")
        }
        guard let result else { throw state.decodingError(.invalidValue, at: value, "\(state.describe(value)) does not fit in \(type)") }
        return result
    }

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
        if T.self is AnyClass { state.setInstance(decoded as AnyObject, sharedAt: shared) }
        return decoded
    }

    /// A `T` from the value here, `entry`, which is neither shared nor a back-reference.
    private func decodeValue<T: Decodable>(_ type: T.Type, _ entry: BinaryTapeEntry) throws -> T {
        switch entry.tag {
        case .array:
            if let kind = FastArray(type) { return try cast(decodeArray(kind)) }
        case .date, .data, .url, .uuid, .decimal:
            if ObjectIdentifier(type) == Self.nativeType(entry.tag) { return try cast(decodeNative(entry)) }
        case .string:
            if let value = try decodeJSONForm(type, string: state.strings[Int(truncatingIfNeeded: entry.payload)]) { return try cast(value) }
        case .int, .uint, .double, .numberText:
            if ObjectIdentifier(type) == ObjectIdentifier(Decimal.self) { return try cast(decodeDecimal(number: entry)) }
        case .record:
            if let expected = state.registry.name(of: type) {
                let found = state.strings[Int(truncatingIfNeeded: entry.payload >> 32)]
                guard found == expected else {
                    throw state.decodingError(.typeMismatch, at: index, "expected a record of type \(expected), found one of type \(found)", type: type)
                }
            }
        case .set:
            let set = try T(from: self)
            if let distinct = set as? any BinarySetCoding, distinct.distinctCount != entry.count {
                throw state.decodingError(.invalidValue, at: index, "the set has two equal elements")
            }
            return set
        default:
            break
        }
        return try T(from: self)
    }

    /// `value` as `T`, which the caller has shown to be its type.
    private func cast<T>(_ value: Any) throws -> T {
        guard let value = value as? T else { throw mismatch(T.self, at: index, expected: "\(T.self)") }
        return value
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
        case .url: return try decodeURL(entry)
        case .uuid: return decodeUUID(entry)
        case .decimal: return try decodeDecimal(entry)
        default: throw mismatch(Any.self, at: index, expected: "a date, data, a URL, a UUID or a decimal")
        }
    }

    /// A `Date`, `Data` or `URL` from the string a file converted from JSON
    /// holds for it (an ISO 8601 date, Base64, the URL's text); `nil` for other types.
    private func decodeJSONForm<T>(_ type: T.Type, string: String) throws -> Any? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Date.self):
            guard let date = ISO8601.date(from: string) else { throw state.decodingError(.invalidValue, at: index, "\(string) is not an ISO 8601 date") }
            return date
        case ObjectIdentifier(Data.self):
            guard let data = Data(base64Encoded: string) else { throw state.decodingError(.invalidValue, at: index, "the string is not Base64") }
            return data
        case ObjectIdentifier(URL.self):
            guard let url = URL(string: string) else { throw state.decodingError(.invalidValue, at: index, "\(string) is not a URL") }
            return url
        default:
            return nil
        }
    }

    /// A `Decimal` from a number of any kind, through its text.
    private func decodeDecimal(number entry: BinaryTapeEntry) throws -> Decimal {
        let text: String
        switch entry.tag {
        case .int: text = String(Int64(bitPattern: entry.payload))
        case .uint: text = String(entry.payload)
        case .double: text = "\(Double(bitPattern: entry.payload))"
        default: text = state.strings[Int(truncatingIfNeeded: entry.payload)]
        }
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), decimal.isFinite else {
            throw state.decodingError(.invalidValue, at: index, "\(state.describe(index)) does not fit in Decimal")
        }
        return decimal
    }

    private func decodeData(_ entry: BinaryTapeEntry) -> Data {
        let start = Int(truncatingIfNeeded: entry.payload >> 32)
        let count = Int(truncatingIfNeeded: entry.payload & 0xFFFF_FFFF)
        return Data(state.input[start..<start + count])
    }

    private func decodeURL(_ entry: BinaryTapeEntry) throws -> URL {
        let text = state.strings[Int(truncatingIfNeeded: entry.payload)]
        guard let url = URL(string: text) else { throw state.decodingError(.invalidValue, at: index, "\(text) is not a URL") }
        return url
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
            throw state.decodingError(.invalidValue, at: index, "\(text) is not a decimal")
        }
        return decimal
    }
}
