/// A `Decoder` for the value at one tape index of a ``DecodingSource``; it
/// is also that value's single-value container. Keyed and unkeyed
/// containers are in their own files.
///
/// Everything Codable asks is done here once, for every source; each
/// source has a small concrete decoder (``JSONTapeDecoder``,
/// ``BinaryTapeDecoder``) that only opens its containers and decodes the
/// types the source treats specially in `decode(_:)`. Concrete types, not a
/// generic one: Codable reaches decoders and containers through
/// existentials, whose witnesses are specialised only for concrete types.
///
/// A decoder holds only the source and the tape index — two words, so Swift
/// keeps it inline when it travels as `any Decoder` or as a single-value
/// container, and decoding a value allocates nothing. The coding path is
/// found from the tape when asked for (errors, reports, models that read it).
/// The index may be a wrapper the source looks through (a binary shared
/// value or back-reference): `decode(_:)` sees it.
protocol TapeDecoding: Decoder, SingleValueDecodingContainer {
    associatedtype Source: DecodingSource
    var state: Source { get }
    var index: Int { get }
    init(state: Source, index: Int)
}

extension TapeDecoding {
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    var codingPath: [any CodingKey] { state.codingPath(to: index) }

    /// The members of the object here, for a keyed container.
    @inline(__always)
    func objectMembers() throws -> Source.Members {
        let (value, kind) = state.value(at: index)
        guard case .object = kind else { throw state.mismatch([String: Any].self, at: value, expected: "an object") }
        return state.members(of: value)
    }

    /// The start of the elements of the array here, for an unkeyed container.
    @inline(__always)
    func elementCursor() throws -> TapeCursor {
        let (value, kind) = state.value(at: index)
        guard case .array = kind else { throw state.mismatch([Any].self, at: value, expected: "an array") }
        return TapeCursor(array: value, end: state.end(of: value))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Single values

    @inline(__always)
    func decodeNil() -> Bool {
        if case .null = state.value(at: index).value { return true }
        return false
    }

    @inline(__always)
    func decode(_ type: Bool.Type) throws -> Bool {
        let (value, kind) = state.value(at: index)
        if case .bool(let flag) = kind { return flag }
        if let flag = state.coercedBool(at: value) { return flag }
        throw state.mismatch(type, at: value, expected: "Bool")
    }

    @inline(__always)
    func decode(_ type: String.Type) throws -> String {
        let (value, kind) = state.value(at: index)
        if case .string = kind { return state.string(at: value) }
        if let text = state.coercedString(at: value) { return text }
        throw state.mismatch(type, at: value, expected: "String")
    }

    @inline(__always)
    func decode(_ type: Double.Type) throws -> Double {
        let (value, kind) = state.value(at: index)
        switch kind {
        case .int(let number): return Double(number)
        case .uint(let number): return Double(number)
        case .double(let number): return number
        case .numberText: return try state.double(fromNumberText: value)
        default:
            if let number = state.coercedDouble(at: value) { return number }
            throw state.mismatch(type, at: value, expected: "Double")
        }
    }

    func decode(_ type: Float.Type) throws -> Float {
        let number = try decode(Double.self)
        // Text that rounds to a finite Float fits (`3.4028235e+38`, the greatest, is just above it as a Double).
        guard !number.isFinite || Float(number).isFinite else {
            let value = state.value(at: index).index
            throw state.invalidValue(at: value, "\(state.describe(value)) does not fit in Float")
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

    /// An integer of exactly the number's value: whole doubles such as `1.0`
    /// are accepted (as Foundation does), fractions are type mismatches and
    /// values out of the type's range invalid.
    @inline(__always)
    func decodeInteger<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        let (value, kind) = state.value(at: index)
        let result: Integer?
        switch kind {
        case .int(let number): result = Integer(exactly: number)
        case .uint(let number): result = Integer(exactly: number)
        case .double(let number):
            guard number.rounded(.towardZero) == number else {
                throw state.mismatch(type, at: value, expected: "\(type) (a whole number)")
            }
            result = Integer(exactly: number)
        case .numberText:
            result = Integer(state.numberText(at: value))  // integer text that fits a wider type (Int128)
        default:
            if let integer = state.coercedInteger(type, at: value) { return integer }
            throw state.mismatch(type, at: value, expected: "\(type)")
        }
        guard let result else { throw state.invalidValue(at: value, "\(state.describe(value)) does not fit in \(type)") }
        return result
    }

    /// `value` as `T`, which the caller has shown to be its type.
    func cast<T>(_ value: Any) throws -> T {
        guard let value = value as? T else { throw state.mismatch(T.self, at: index, expected: "\(T.self)") }
        return value
    }
}
