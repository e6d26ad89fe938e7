/// Whether a member of an object is missing, `null` or holds a value: how
/// a property with alternative keys (`@Key("id", "ID", "user.id")`) picks
/// the one it reads, the same way on the generated path (from the member
/// lookup's slots) and on the `Codable` path (from keyed containers).
///
/// ```swift
/// MemberPresence.first(.missing, .null, .value)   // 2
/// ```
public enum MemberPresence: Sendable, Hashable {
    /// The object has no such member (or no such nested object on the way).
    case missing
    /// The member is `null`.
    case null
    /// The member holds a value other than `null`.
    case value

    /// The position of the alternative a property reads: the first that
    /// holds a value, else the first that is `null`, else 0 (the first
    /// key, whose absence then gives the error or the default a property
    /// with that one key would get).
    ///
    /// ```swift
    /// MemberPresence.first(.missing, .value)   // 1
    /// MemberPresence.first(.null, .missing)    // 0
    /// ```
    ///
    /// - Complexity: O(number of alternatives), which the model sets.
    @inlinable
    public static func first(_ alternatives: MemberPresence...) -> Int {
        var null = -1
        for (position, presence) in alternatives.enumerated() {
            switch presence {
            case .value: return position
            case .null where null < 0: null = position
            case .null, .missing: break
            }
        }
        return max(null, 0)
    }
}
