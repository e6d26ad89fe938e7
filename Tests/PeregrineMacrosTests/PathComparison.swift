import Foundation
import Peregrine
import Testing

/// `T` through its `Decodable` and `Encodable` conformances: the wrapper has
/// no generated coders, so ``JSON/Decoder`` and ``JSON/Encoder`` take the
/// `Codable` path with the same decoder or encoder, where `T` would take
/// its generated one.
struct CodablePath<T: Codable>: Codable {
    var value: T

    init(_ value: T) { self.value = value }
    // Through the single-value container: the decoder's own `decode(_:)`, with its strategies and its array loops.
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(T.self) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// Everything a test compares of an error: the case, its type or key, the
/// coding path (each key's string and integer), the description and the
/// underlying error.
func summary(of error: any Error) -> String {
    func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map { "\($0.stringValue)#\($0.intValue.map(String.init) ?? "-")" }.joined(separator: "/")
    }
    func rest(_ context: DecodingError.Context) -> String {
        "[\(path(context))] \(context.debugDescription) underlying: \(context.underlyingError.map { "\($0)" } ?? "none")"
    }
    switch error {
    case DecodingError.typeMismatch(let type, let context): return "typeMismatch(\(type)) " + rest(context)
    case DecodingError.valueNotFound(let type, let context): return "valueNotFound(\(type)) " + rest(context)
    case DecodingError.keyNotFound(let key, let context): return "keyNotFound(\(key.stringValue)) " + rest(context)
    case DecodingError.dataCorrupted(let context): return "dataCorrupted " + rest(context)
    case EncodingError.invalidValue(let value, let context):
        return "invalidValue(\(value)) [\(context.codingPath.map(\.stringValue).joined(separator: "/"))] \(context.debugDescription)"
    default: return "\(type(of: error)): \(error)"
    }
}

/// Decodes `text` as a `T` through the generated path and the `Codable`
/// path with one decoder's settings; both must give equal values, or
/// errors equal in everything ``summary(of:)`` shows. Returns the summary
/// of the error, if any.
@discardableResult
func expectSameDecoding<T: Codable & Equatable>(
    _ type: T.Type, _ text: String, decoder: JSON.Decoder = JSON.Decoder(), sourceLocation: SourceLocation = #_sourceLocation
) -> String? {
    let generated = Result { try decoder.decode(T.self, from: text) }
    let codable = Result { try decoder.decode(CodablePath<T>.self, from: text).value }
    switch (generated, codable) {
    case (.success(let fast), .success(let slow)):
        #expect(fast == slow, "values differ for \(text)", sourceLocation: sourceLocation)
        return nil
    case (.failure(let fast), .failure(let slow)):
        #expect(summary(of: fast) == summary(of: slow), "errors differ for \(text)", sourceLocation: sourceLocation)
        return summary(of: fast)
    case (.success, .failure(let error)):
        Issue.record("only the Codable path fails on \(text): \(summary(of: error))", sourceLocation: sourceLocation)
    case (.failure(let error), .success):
        Issue.record("only the generated path fails on \(text): \(summary(of: error))", sourceLocation: sourceLocation)
    }
    return nil
}

/// Decodes `text` as a `T` with a ``DecodingReport`` through the generated
/// path and the `Codable` path; both must give equal values and equal
/// reports, and with `foundation` Foundation's `JSONDecoder` the same value.
/// Returns the value and the report's lines.
func expectSameReport<T: Codable & Equatable>(
    _ type: T.Type, _ text: String, foundation: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
) throws -> (T, [String]) {
    let decoder = JSON.Decoder()
    let (value, report) = try decoder.decodeWithReport(T.self, from: text)
    let (codable, codableReport) = try decoder.decodeWithReport(CodablePath<T>.self, from: text)
    #expect(value == codable.value, sourceLocation: sourceLocation)
    #expect(report == codableReport, sourceLocation: sourceLocation)
    if foundation {
        #expect(try JSONDecoder().decode(T.self, from: Data(text.utf8)) == value, sourceLocation: sourceLocation)
    }
    return (value, report.events.map(\.description))
}

/// Encodes `value` through the generated path and the `Codable` path with
/// one encoder's settings; both must give the same bytes, or the same error.
func expectSameEncoding<T: Codable>(_ value: T, encoder: JSON.Encoder = JSON.Encoder(), sourceLocation: SourceLocation = #_sourceLocation) {
    let generated = Result { try encoder.encode(value) as [UInt8] }
    let codable = Result { try encoder.encode(CodablePath(value)) as [UInt8] }
    switch (generated, codable) {
    case (.success(let fast), .success(let slow)):
        #expect(String(decoding: fast, as: UTF8.self) == String(decoding: slow, as: UTF8.self), sourceLocation: sourceLocation)
    case (.failure(let fast), .failure(let slow)):
        #expect(summary(of: fast) == summary(of: slow), sourceLocation: sourceLocation)
    case (.success, .failure(let error)), (.failure(let error), .success):
        Issue.record("only one path fails: \(summary(of: error))", sourceLocation: sourceLocation)
    }
}

/// Decodes the binary file `bytes` as a `T` through the generated path and
/// the `Codable` path with one decoder; both must give equal values, or
/// errors equal in everything ``summary(of:)`` shows. Returns the summary
/// of the error, if any.
@discardableResult
func expectSameBinaryDecoding<T: Codable & Equatable>(
    _ type: T.Type, _ bytes: [UInt8], decoder: Binary.Decoder = Binary.Decoder(), sourceLocation: SourceLocation = #_sourceLocation
) -> String? {
    let generated = Result { try decoder.decode(T.self, from: bytes) }
    let codable = Result { try decoder.decode(CodablePath<T>.self, from: bytes).value }
    switch (generated, codable) {
    case (.success(let fast), .success(let slow)):
        #expect(fast == slow, "values differ", sourceLocation: sourceLocation)
        return nil
    case (.failure(let fast), .failure(let slow)):
        #expect(summary(of: fast) == summary(of: slow), "errors differ", sourceLocation: sourceLocation)
        return summary(of: fast)
    case (.success, .failure(let error)):
        Issue.record("only the Codable path fails: \(summary(of: error))", sourceLocation: sourceLocation)
    case (.failure(let error), .success):
        Issue.record("only the generated path fails: \(summary(of: error))", sourceLocation: sourceLocation)
    }
    return nil
}

/// Encodes `value` with `encoder` through the generated path and the
/// `Codable` path; both must give the same bytes, or the same error.
/// Returns the bytes, if any.
@discardableResult
func expectSameBinaryEncoding<T: Codable>(
    _ value: T, encoder: Binary.Encoder = Binary.Encoder(), sourceLocation: SourceLocation = #_sourceLocation
) -> [UInt8]? {
    let generated = Result { try encoder.encode(value) as [UInt8] }
    let codable = Result { try encoder.encode(CodablePath(value)) as [UInt8] }
    switch (generated, codable) {
    case (.success(let fast), .success(let slow)):
        #expect(fast == slow, "bytes differ", sourceLocation: sourceLocation)
        return fast
    case (.failure(let fast), .failure(let slow)):
        #expect("\(fast)" == "\(slow)", sourceLocation: sourceLocation)
    case (.success, .failure(let error)), (.failure(let error), .success):
        Issue.record("only one path fails: \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
