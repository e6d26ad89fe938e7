import Peregrine

/// Short reads of a `DecodingError` for tests: its case, coding path and
/// underlying parse error, without a `switch` at each check.
extension DecodingError {
    /// The context every case carries.
    var context: Context? {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            return context
        @unknown default:
            return nil
        }
    }

    /// The case's name: "typeMismatch", "valueNotFound", "keyNotFound" or "dataCorrupted".
    var kindName: String {
        switch self {
        case .typeMismatch: return "typeMismatch"
        case .valueNotFound: return "valueNotFound"
        case .keyNotFound: return "keyNotFound"
        case .dataCorrupted: return "dataCorrupted"
        @unknown default: return "unknown"
        }
    }

    /// The coding path as each key's `stringValue`: member names, and
    /// array positions as `Index 3` (as Foundation names them).
    var pathStrings: [String] { context?.codingPath.map(\.stringValue) ?? [] }

    /// The ``JSON/ParseError`` (kind and position) under an error of `JSON.Decoder`.
    var parseError: JSON.ParseError? { context?.underlyingError as? JSON.ParseError }
}
