/// How ``JSONCodable(keys:)`` and ``Key(_:)`` make a property's JSON key
/// (or an enum case's tag) from its Swift name, at compile time.
///
/// The name is cut into words where a lowercase letter or a digit meets an
/// uppercase one, before the last capital of a run followed by a lowercase
/// letter (`URLSession`: `URL`, `Session`), and at underscores and hyphens;
/// leading and trailing underscores stay.
///
/// ```swift
/// @JSONCodable(keys: .snakeCase)
/// struct Account {
///     var userID: Int                          // "user_id"
///     @Key(.kebabCase) var retryAfter: Int     // "retry-after"
/// }
/// ```
public enum KeyNaming: Sendable {
    /// `userID` → `userId`, `user_name` → `userName`.
    case camelCase
    /// `userID` → `UserId`, `user_name` → `UserName`.
    case pascalCase
    /// `userID` → `user_id`, `urlSession` → `url_session`.
    case snakeCase
    /// `userID` → `user-id`, `retryAfter` → `retry-after`.
    case kebabCase
    /// `userID` → `USER_ID`, `retryAfter` → `RETRY_AFTER`.
    case screamingSnakeCase
}
