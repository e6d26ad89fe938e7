/// What the writers' walks throw: the kind and message of a
/// ``JSON/SerializationError``, whose path the writer adds once the walk
/// has stopped, from what its frames hold.
///
/// Every throwing call in the walks' loops carries the thrown type, and a
/// type holding more than a kind and a string (the path too) made Swift
/// copy results through memory at each of those calls.
///
/// ```swift
/// throw WriteFailure(kind: .nonFiniteNumber, message: "NaN cannot be written as JSON")
/// ```
struct WriteFailure: Error {
    let kind: JSON.SerializationError.Kind
    let message: String

    /// The public error, about the value at `path`.
    func at(_ path: [JSON.PathComponent]) -> JSON.SerializationError {
        JSON.SerializationError(kind, message, path: path)
    }
}
