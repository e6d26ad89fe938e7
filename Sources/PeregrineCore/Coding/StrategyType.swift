import Foundation

/// The Foundation types whose JSON form the coders' strategies choose,
/// rather than the types' own `Codable` conformances.
enum StrategyType {
    case date, data, url, decimal

    /// Which of those types `type` is, if any. Comparing type identities
    /// costs a few instructions; `T.self == Date.self` would look up the
    /// metadata of an optional metatype on every call.
    init?(_ type: Any.Type) {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Date.self): self = .date
        case ObjectIdentifier(Data.self): self = .data
        case ObjectIdentifier(URL.self): self = .url
        case ObjectIdentifier(Decimal.self): self = .decimal
        default: return nil
        }
    }
}
