import Foundation

/// A `Decoder` for the value at one tape index; it is also that value's
/// single-value container. Keyed and unkeyed containers are in their own files.
///
/// It holds only the shared state and the tape index — two words, so Swift
/// keeps it inline when it travels as `any Decoder` or as a single-value
/// container, and decoding a value allocates nothing. The coding path is
/// found from the tape when asked for (errors, reports, models that read it).
struct TapeDecoder: Decoder, SingleValueDecodingContainer {
    let state: DecodingState
    let index: Int

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    var codingPath: [any CodingKey] { state.codingPath(to: index) }

    private var entry: TapeEntry { state.entry(index) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard entry.kind == .object else { throw mismatch([String: Any].self, expected: "an object") }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(state: state, object: index))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard entry.kind == .array else { throw mismatch([Any].self, expected: "an array") }
        return TapeUnkeyedContainer(state: state, array: index)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Errors

    /// A type mismatch (or, for `null`, a missing value) with the path and position.
    func mismatch(_ type: Any.Type, expected: String) -> DecodingError {
        let description = "\(state.location(of: index, path: codingPath)): expected \(expected), found \(state.describe(index))"
        let context = DecodingError.Context(codingPath: codingPath, debugDescription: description)
        return entry.kind == .null ? .valueNotFound(type, context) : .typeMismatch(type, context)
    }

    /// A value of the right kind that cannot be represented, with the path and position.
    func corrupted(_ message: String) -> DecodingError {
        .dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "\(state.location(of: index, path: codingPath)): \(message)"))
    }

    // MARK: Single values

    func decodeNil() -> Bool { entry.kind == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        switch entry.kind {
        case .true: return true
        case .false: return false
        default:
            if state.options.leniency.contains(.boolsFromNumbersAndStrings), let flag = lenientBool() {
                recordCoercion(to: type)
                return flag
            }
            throw mismatch(type, expected: "Bool")
        }
    }

    /// `0`/`1` or `"true"`/`"false"` as a `Bool`.
    private func lenientBool() -> Bool? {
        switch entry.kind {
        case .int64 where entry.payload <= 1: return entry.payload == 1
        case .string:
            switch state.string(at: index) {
            case "true": return true
            case "false": return false
            default: return nil
            }
        default: return nil
        }
    }

    func decode(_ type: String.Type) throws -> String {
        guard entry.kind == .string else {
            let isNumber = [.int64, .uint64, .double, .decimal].contains(entry.kind)
            guard isNumber, state.options.leniency.contains(.stringsFromNumbers) else {
                throw mismatch(type, expected: "String")
            }
            recordCoercion(to: type)
            return state.numberText(at: index)
        }
        return state.string(at: index)
    }

    func decode(_ type: Double.Type) throws -> Double {
        let entry = entry
        switch entry.kind {
        case .int64: return Double(Int64(bitPattern: entry.payload))
        case .uint64: return Double(entry.payload)
        case .double: return Double(bitPattern: entry.payload)
        case .decimal: return try decimalAsDouble()
        case .string:
            if let number = numberFromString() {
                recordCoercion(to: type)
                return number.double
            }
            if case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = state.options.nonConformingFloatDecodingStrategy {
                switch state.string(at: index) {
                case positiveInfinity: return .infinity
                case negativeInfinity: return -.infinity
                case nan: return .nan
                default: break
                }
            }
            throw mismatch(type, expected: "Double")
        default:
            throw mismatch(type, expected: "Double")
        }
    }

    /// A number kept as text because no Int64, UInt64 or Double holds it
    /// exactly: a Double holds it approximately when it is finite (a
    /// 30-digit integer), never as NaN or infinity.
    @inline(never)  // rare: kept out of the Double fast path
    private func decimalAsDouble() throws -> Double {
        guard let number = Double(state.numberText(at: index)), number.isFinite else {
            throw corrupted("number \(state.numberText(at: index)) does not fit in Double")
        }
        return number
    }

    func decode(_ type: Float.Type) throws -> Float {
        let value = try decode(Double.self)
        // Text that rounds to a finite Float fits (`3.4028235e+38`, the greatest, is just above it as a Double).
        guard !value.isFinite || Float(value).isFinite else {
            throw corrupted("number \(state.numberText(at: index)) does not fit in Float")
        }
        return Float(value)
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

    /// An integer of exactly the number's value: whole doubles such as `1.0`
    /// are accepted (as Foundation does), fractions and out-of-range values are errors.
    func decodeInteger<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        let entry = entry
        let result: Integer?
        switch entry.kind {
        case .int64: result = Integer(exactly: Int64(bitPattern: entry.payload))
        case .uint64: result = Integer(exactly: entry.payload)
        case .double:
            let value = Double(bitPattern: entry.payload)
            guard value.rounded(.towardZero) == value else {
                throw mismatch(type, expected: "\(type) (a whole number)")
            }
            result = Integer(exactly: value)
        case .decimal:
            result = Integer(state.numberText(at: index))  // integer text that fits a wider type (Int128)
        case .string:
            guard let value = integerFromString(type) else { throw mismatch(type, expected: "\(type)") }
            recordCoercion(to: type)
            return value
        default:
            throw mismatch(type, expected: "\(type)")
        }
        guard let result else {
            throw corrupted("number \(state.numberText(at: index)) does not fit in \(type)")
        }
        return result
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch StrategyType(type) {
        case .date?: return try cast(decodeDate())
        case .data?: return try cast(decodeData())
        case .url?: return try cast(decodeURL())
        case .decimal?: return try cast(decodeDecimal())
        case nil:
            // No `T?` here: in unspecialised code that looks up `Optional<T>`'s metadata on every call.
            if let kind = FastArray(type) { return try cast(decodeArray(kind)) }
            if state.convertsKeys, let dictionary = type as? any StringKeyedDictionary.Type { return try cast(dictionary.init(rawKeysFrom: self)) }
            // The runtime type: `decode(Employee.self as Person.Type, …)` gives an Employee.
            return try type.init(from: self)
        }
    }

    /// `value` as `T`, which ``StrategyType`` has shown to be its type.
    private func cast<T>(_ value: Any) throws -> T {
        guard let value = value as? T else { throw mismatch(T.self, expected: "\(T.self)") }
        return value
    }

    private func decodeURL() throws -> URL {
        let text = try decode(String.self)
        guard let url = URL(string: text) else { throw corrupted("invalid URL \(JSON.serializedString(escaping: text))") }
        return url
    }

    /// A `Decimal` from the number's own digits, never through `Double`.
    private func decodeDecimal() throws -> Decimal {
        switch entry.kind {
        case .int64, .uint64, .double, .decimal:
            guard let decimal = Decimal(string: state.numberText(at: index), locale: Locale(identifier: "en_US_POSIX")) else {
                throw corrupted("number \(state.numberText(at: index)) does not fit in Decimal")
            }
            return decimal
        default:
            throw mismatch(Decimal.self, expected: "Decimal")
        }
    }

    private func decodeDate() throws -> Date {
        switch state.options.dateDecodingStrategy {
        case .deferredToDate:
            return try Date(from: self)
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decode(Double.self))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try decode(Double.self) / 1000)
        case .iso8601:
            let text = try decode(String.self)
            guard let date = ISO8601.date(from: text) else {
                throw corrupted("expected an ISO 8601 date, found \(state.describe(index))")
            }
            return date
        case .formatted(let formatter):
            let text = try decode(String.self)
            guard let date = formatter.date(from: text) else {
                throw corrupted("the date \(JSON.serializedString(escaping: text)) does not match the formatter's format")
            }
            return date
        case .custom(let read):
            return try read(self)
        }
    }

    private func decodeData() throws -> Data {
        switch state.options.dataDecodingStrategy {
        case .deferredToData:
            return try Data(from: self)
        case .base64:
            let text = try decode(String.self)
            guard let data = Data(base64Encoded: text) else {
                throw corrupted("expected Base64, found \(state.describe(index))")
            }
            return data
        case .custom(let read):
            return try read(self)
        }
    }
}

/// ISO 8601 dates with and without fractional seconds.
enum ISO8601 {
    static func date(from text: String) -> Date? {
        (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle()))
    }

    static func string(from date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }
}
