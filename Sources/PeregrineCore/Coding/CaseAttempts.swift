/// The count of the cases an untagged enum has tried in one decode, and
/// its bound: what keeps nested untagged values linear in the input.
///
/// Every case an untagged enum tries against a value costs one attempt;
/// a decode may make at most ``attemptsPerValue`` attempts per value of
/// its input (and ``minimumAttempts`` however small the input). A value
/// that matches no case fails in as many attempts as its enum has cases,
/// but a case that fails deep inside may have tried cases at every level
/// on the way, and the enum then tries its next case over the same values:
/// `indirect enum V { case a([V]), b([V]) }` against `[[[[…"x"…]]]]`
/// would try 2ⁿ cases for n brackets. The bound stops that with an error
/// after a number of attempts proportional to the input.
///
/// ```swift
/// var attempts = CaseAttempts()
/// let allowed = attempts.take(values: 10)   // true until 16 × 10 attempts
/// ```
struct CaseAttempts {
    /// The attempts a decode may make for each value of its input.
    static let attemptsPerValue = 16
    /// The attempts a decode may make whatever the size of its input.
    static let minimumAttempts = 64

    /// The attempts made so far.
    private(set) var made = 0

    /// Counts one attempt in a decode of an input of `values` values;
    /// `false` when the bound is reached.
    ///
    /// - Complexity: O(1).
    mutating func take(values: Int) -> Bool {
        let limit = max(Self.minimumAttempts, values.multipliedReportingOverflow(by: Self.attemptsPerValue).partialValue)
        guard made < limit else { return false }
        made += 1
        return true
    }

    /// The message of the error a decode throws when the bound is reached.
    static let exhaustedMessage =
        "untagged enums tried more than \(attemptsPerValue) cases per value of the input: the cases fail too deep to be tried in linear time"
}
