/// A number or a Boolean written as a string (`"42"`, `"1.5"`, `"true"`):
/// a ``ValueCoder`` for `@CodedBy`. The string is read by the type's
/// `LosslessStringConvertible` initializer, whole: `"4x2"`, `" 42"` and
/// `"TRUE"` are `dataCorrupted` errors at the value, and a number (not a
/// string) is a type mismatch. To also accept the value unquoted, use
/// `@Coerced` instead.
///
/// ```swift
/// @JSONCodable
/// struct Account {
///     @CodedBy(LosslessStringCoder<Int>.self) var id: Int          // {"id": "42"} ↔ 42
///     @CodedBy(LosslessStringCoder<Bool>.self) var active: Bool    // "true" ↔ true
/// }
/// ```
public enum LosslessStringCoder<Value: LosslessStringConvertible>: ValueCoder {
    /// The value `coded` spells.
    ///
    /// ```swift
    /// let id = try LosslessStringCoder<Int>.decode("42")   // 42
    /// ```
    public static func decode(_ coded: String) throws -> Value {
        guard let value = Value(coded) else {
            throw DecodingError.coded("expected \(Value.self) in a string, found \(JSON.serializedString(escaping: coded))")
        }
        return value
    }

    /// `value` as a string.
    ///
    /// ```swift
    /// let text = LosslessStringCoder<Double>.encode(1.5)   // "1.5"
    /// ```
    public static func encode(_ value: Value) -> String { value.description }
}
