import Peregrine

/// Where a value being written comes from, for the message when it cannot
/// be written: the input (`FILE`, or `FILE:LINE` for a JSON Lines line)
/// and how a path in the value written reads as a path in that input.
///
/// ```swift
/// let origin = ValueOrigin(name: "data.json5")
/// origin.message(for: error)
/// // data.json5: $.a[2]: Infinity cannot be written as JSON (--non-finite literals writes JSON5's NaN and Infinity)
/// ```
struct ValueOrigin {
    /// The input's name, as messages give it.
    let name: String
    /// The path in the input of the value at a path of the value written:
    /// the same path for a whole input, below an element's own path for
    /// an element written alone.
    var placed: ([JSON.PathComponent]) -> [JSON.PathComponent] = { $0 }

    /// `FILE: $.a[2]: message`, and for a NaN or an infinity the option
    /// that writes it.
    func message(for error: JSON.SerializationError) -> String {
        let text = "\(name): \(JSON.PathComponent.text(of: placed(error.path))): \(error.message)"
        return error.kind == .nonFiniteNumber ? text + " (--non-finite literals writes JSON5's NaN and Infinity)" : text
    }
}
