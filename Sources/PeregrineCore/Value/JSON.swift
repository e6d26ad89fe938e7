/// A JSON value: the owned, mutable tree that Peregrine parses into and writes from.
///
/// `JSON` mirrors the six kinds of RFC 8259. Numbers keep whether they were
/// integers (exact in `Int64` or `UInt64`) or floating point (``JSON/Number``),
/// and objects keep their members in insertion order (``JSON/Object``).
///
/// ```swift
/// let value = try JSON(parsing: #"{"name": "Peregrine", "tags": ["fast", "safe"]}"#)
/// let literal: JSON = ["a": [1, true, nil]]
/// print(literal)          // {"a":[1,true,null]}
/// ```
///
/// Equality, hashing, printing and serialization walk the tree with an explicit
/// stack, so a value nested as deep as the parser allows never overflows the
/// call stack. Strings and object keys compare by Unicode scalars, as RFC 8259
/// §8.3 recommends, not by Swift's canonical equivalence: `"é"` written
/// precomposed and decomposed are two different JSON strings.
public enum JSON: Sendable {
    /// The literal `null`.
    case null
    /// The literal `true` or `false`.
    case bool(Bool)
    /// A number, integer or floating point.
    case number(JSON.Number)
    /// A string.
    case string(String)
    /// An array of values, in order.
    case array([JSON])
    /// An object: string keys to values, in insertion order.
    case object(JSON.Object)
}
