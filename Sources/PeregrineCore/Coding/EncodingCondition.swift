/// The check of `@EncodedUnless(_:)`: a property of a `@JSONCodable` type
/// is left out of the output when its condition holds for its value.
///
/// ```swift
/// if !EncodingCondition.holds(\[String].isEmpty, for: tags) { … }   // write the member
/// ```
public enum EncodingCondition {
    /// Whether `condition` (a closure or a key path) holds for `value`.
    ///
    /// ```swift
    /// let empty = EncodingCondition.holds(\[String].isEmpty, for: [])   // true
    /// ```
    @inlinable
    public static func holds<Value>(_ condition: (Value) throws -> Bool, for value: Value) rethrows -> Bool {
        try condition(value)
    }
}
