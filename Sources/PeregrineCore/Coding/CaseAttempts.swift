/// The count of the cases untagged enums have tried in one decode, and
/// its bound: a backstop under ``UntaggedMemo``, which keeps nested
/// untagged values linear in the input.
///
/// Every case an untagged enum tries against a value costs one attempt,
/// and so does the first decode of each enum at each value (its entry in
/// the memo, which then never holds more entries than the attempts made);
/// a decode may make at most ``attemptsPerValue`` attempts per value of
/// its input (and ``minimumAttempts`` however small the input). With the
/// memo, an enum tries its cases once per value, so only an enum of more
/// than 15 cases, or many untagged enums holding one another at one value,
/// can reach the bound: the decode then stops with an error.
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
