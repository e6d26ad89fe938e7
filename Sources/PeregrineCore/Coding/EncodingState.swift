import Foundation

/// What every encoder and container of one encode shares: the settings as
/// they were when it started.
final class EncodingState: @unchecked Sendable {
    let settings: JSON.Encoder.Settings
    let userInfo: [CodingUserInfoKey: Any]
    /// Whether keys go through a strategy (the keys of `[String: T]` never do).
    let convertsKeys: Bool
    /// Whether the strategy is a custom one, whose names depend on the coding path.
    let customKeys: Bool
    /// An error found where the `Encoder` API cannot throw (a container asked
    /// for where a value was written): the end of the encode throws it.
    var failure: EncodingError?

    init(settings: JSON.Encoder.Settings) {
        self.settings = settings
        userInfo = settings.userInfo
        switch settings.keyEncodingStrategy {
        case .useDefaultKeys: (convertsKeys, customKeys) = (false, false)
        case .convertToSnakeCase: (convertsKeys, customKeys) = (true, false)
        case .custom: (convertsKeys, customKeys) = (true, true)
        }
    }

    /// The JSON key for `key` under the key strategy; `codingPath` (of the
    /// container) is only built for a custom strategy.
    func jsonKey(_ key: any CodingKey, codingPath: @autoclosure () -> [any CodingKey]) -> String {
        switch settings.keyEncodingStrategy {
        case .useDefaultKeys: return key.stringValue
        case _ where key is RawKey: return key.stringValue
        case .convertToSnakeCase: return SnakeCase.fromCamelCase(key.stringValue)
        case .custom(let convert): return convert(codingPath() + [key]).stringValue
        }
    }

    /// A floating-point number, or for `NaN` and infinities what the
    /// non-conforming float strategy says.
    func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F, codingPath: @autoclosure () -> [any CodingKey]) throws -> JSON {
        guard value.isFinite else {
            guard case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = settings.nonConformingFloatEncodingStrategy else {
                throw EncodingError.invalidValue(
                    value, EncodingError.Context(codingPath: codingPath(), debugDescription: "Unable to encode \(value) directly in JSON."))
            }
            return .string(value.isNaN ? nan : value < 0 ? negativeInfinity : positiveInfinity)
        }
        if let double = value as? Double { return .number(JSON.Number(double)) }
        // The value's own shortest text, as Foundation writes it: Float(0.1) is 0.1, Float(1e10) is 1e+10.
        var text = value.description
        if !settings.outputFormatting.contains(.keepsWholeNumberFractions), text.hasSuffix(".0") { text.removeLast(2) }
        return .number(JSON.Number(exactText: text))
    }

    /// The error for a second value written at one position (Foundation
    /// stops the program there).
    static func secondValue(codingPath: [any CodingKey]) -> EncodingError {
        .invalidValue(
            (), EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "a value was already encoded at this position: one single-value container holds one value, and a container cannot follow a value"))
    }

    /// The error for a value written at the top level after the first
    /// one (a hand-written generated encoder that ends its array, then
    /// writes again): its text would not be JSON, `[]1`.
    static func secondTopLevelValue() -> EncodingError {
        .invalidValue(
            (), EncodingError.Context(
                codingPath: [],
                debugDescription: "a second value was written at the top level, after the first had ended: JSON text holds one value"))
    }

    /// Keeps the first error found where the `Encoder` API cannot throw.
    func fail(_ error: EncodingError) {
        if failure == nil { failure = error }
    }
}
