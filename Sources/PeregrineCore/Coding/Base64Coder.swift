import Foundation

/// Bytes written as a Base64 string (`Data` or `[UInt8]`), whatever the
/// coder's data strategy: a ``ValueCoder`` for `@CodedBy`. A string that
/// is not Base64 is a `dataCorrupted` error at the value.
///
/// ```swift
/// @JSONCodable
/// struct Attachment {
///     @CodedBy(Base64Coder<Data>.self) var body: Data          // "AQID"
///     @CodedBy(Base64Coder<[UInt8]>.self) var digest: [UInt8]
/// }
/// ```
public enum Base64Coder<Bytes: RangeReplaceableCollection>: ValueCoder where Bytes.Element == UInt8 {
    /// The bytes `coded` spells in Base64.
    ///
    /// ```swift
    /// let bytes = try Base64Coder<[UInt8]>.decode("AQID")   // [1, 2, 3]
    /// ```
    public static func decode(_ coded: String) throws -> Bytes {
        guard let data = Data(base64Encoded: coded) else {
            throw DecodingError.coded("expected Base64, found \(JSON.serializedString(escaping: coded))")
        }
        return Bytes(data)
    }

    /// `value` in Base64.
    ///
    /// ```swift
    /// let text = Base64Coder<[UInt8]>.encode([1, 2, 3])   // "AQID"
    /// ```
    public static func encode(_ value: Bytes) -> String { Data(value).base64EncodedString() }
}
