/// A conversion between a property's value and a `Codable` form it is
/// written in: what `@CodedBy` names on a property of a `@JSONCodable`
/// type (a custom date format, Base64 bytes, a number written as a string).
///
/// The form is read and written as any value of its type is (a `String`,
/// a `Double`, a model), through its generated coder when it has one, and
/// then converted. An error `decode(_:)` throws becomes a `dataCorrupted`
/// error at the value, with its coding path, line and column; its message
/// is the error's debug description (a `DecodingError`'s) or description.
///
/// ```swift
/// enum Cents: ValueCoder {
///     static func decode(_ coded: Int) throws -> Decimal { Decimal(coded) / 100 }
///     static func encode(_ value: Decimal) throws -> Int { NSDecimalNumber(decimal: value * 100).intValue }
/// }
///
/// @JSONCodable
/// struct Price { @CodedBy(Cents.self) var amount: Decimal }   // {"amount": 1999} → 19.99
/// ```
public protocol ValueCoder {
    /// The property's type.
    associatedtype Value
    /// The type the value is written as.
    associatedtype Coded: Codable

    /// The value `coded` stands for.
    ///
    /// ```swift
    /// let date = try DateCoders.ISO8601.decode("2024-01-02T03:04:05Z")
    /// ```
    static func decode(_ coded: Coded) throws -> Value

    /// The form `value` is written in.
    ///
    /// ```swift
    /// let text = try DateCoders.ISO8601.encode(Date(timeIntervalSince1970: 0))   // "1970-01-01T00:00:00Z"
    /// ```
    static func encode(_ value: Value) throws -> Coded
}

extension DecodingError {
    /// The error a ``ValueCoder`` throws for a form that stands for no
    /// value (no coding path: ``CodedValue`` puts it at the value).
    ///
    /// ```swift
    /// throw DecodingError.coded("expected a day, found \"soon\"")
    /// ```
    public static func coded(_ message: String) -> DecodingError {
        .dataCorrupted(Context(codingPath: [], debugDescription: message))
    }

    /// The message of `error`, thrown by a ``ValueCoder``, for the error at the value.
    @usableFromInline
    static func codedMessage(of error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}
