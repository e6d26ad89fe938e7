/// The integer types `Codable` asks a single-value container for, written
/// once for the decoders' single-value containers (``TapeDecoding``, for
/// every source, and ``NullDecoder``): each goes to one generic primitive
/// read. `Bool`, `String`, `Double` and `Float` are the container's own
/// reads.
///
/// ```swift
/// struct Value: SingleValueDecodingContainer, ScalarDecoding {
///     func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T { /* read it */ }
///     // decode(Int8.self), decode(UInt16.self)… come from ScalarDecoding
/// }
/// ```
protocol ScalarDecoding: SingleValueDecodingContainer {
    /// Reads a whole number that fits in `T`.
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T
}

extension ScalarDecoding {
    func decode(_ type: Int.Type) throws -> Int { try decodeInteger(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try decodeInteger(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeInteger(type) }
}
