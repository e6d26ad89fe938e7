/// The coding key of one name of a nested key path (`@Key("user.profile.id")`):
/// the code `@JSONCodable` writes for a model with key paths names the
/// members below the top level with it, on the generated and the `Codable`
/// paths alike, so both give the same coding paths.
///
/// ```swift
/// let key = NestedPathKey("profile")
/// key.stringValue   // "profile"
/// ```
public struct NestedPathKey: CodingKey, Sendable, Hashable {
    /// The member's name.
    public let stringValue: String

    /// A key named `name`.
    ///
    /// ```swift
    /// let key = NestedPathKey("id")
    /// ```
    public init(_ name: String) { stringValue = name }

    /// A key named `stringValue`.
    ///
    /// ```swift
    /// let key = NestedPathKey(stringValue: "id")
    /// ```
    public init(stringValue: String) { self.stringValue = stringValue }

    /// `nil`: a path names object members only.
    ///
    /// ```swift
    /// NestedPathKey("id").intValue   // nil
    /// ```
    public var intValue: Int? { nil }

    /// `nil`: a path names object members only.
    ///
    /// ```swift
    /// NestedPathKey(intValue: 0)   // nil
    /// ```
    public init?(intValue: Int) { nil }
}
