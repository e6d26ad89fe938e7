/// A short read of an `EncodingError` for tests: its coding path.
extension EncodingError {
    /// The coding path as each key's `stringValue` (array positions as `Index 3`).
    var pathStrings: [String] {
        switch self {
        case .invalidValue(_, let context): return context.codingPath.map(\.stringValue)
        @unknown default: return []
        }
    }
}
