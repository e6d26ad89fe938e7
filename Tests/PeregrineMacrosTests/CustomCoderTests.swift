import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// `@CodedBy`: a property read and written through a `ValueCoder`. The
/// behaviours are the peers' documented ones: MetaCodable's `@CodedBy`
/// with a `HelperCoder` and ReerCodable's `@CustomCoding` (the property
/// is the coder's value, the JSON its coded form), ReerCodable's
/// `@DateCoding(.iso8601WithMilliseconds)` and `@Base64Coding` (on `Data`
/// and `[UInt8]`), BetterCodable's `@DateValue<ISO8601WithFractionalSecondsStrategy>`;
/// and on both paths, with the same errors.
@Suite struct CustomCoderTests {
    static let value = Coded(
        at: Date(timeIntervalSince1970: 1_704_164_645.25), due: Date(timeIntervalSince1970: 86_400 * 365), body: Data([1, 2, 3]),
        digest: [255, 0], size: 42, ratio: 1.5, active: true, retries: 3, id: 18_446_744_073_709_551_615, even: 4)
    static let text =
        #"{"at":"2024-01-02T03:04:05.250Z","due":"1971-01-01","body":"AQID","digest":"\/wA=","size":"42","ratio":"1.5","active":"true","retries":"3","meta":{"id":"18446744073709551615"},"even":4}"#

    @Test func eachCoderReadsAndWritesItsForm() throws {
        #expect(try JSON.Decoder().decode(Coded.self, from: Self.text) == Self.value)
        expectSameDecoding(Coded.self, Self.text)
        expectSameEncoding(Self.value)
        let written = String(decoding: try JSON.Encoder().encode(Self.value) as [UInt8], as: UTF8.self)
        #expect(written == Self.text)
        // Foundation's coders use the same conformance.
        #expect(try JSONDecoder().decode(Coded.self, from: Data(Self.text.utf8)) == Self.value)
        // ISO 8601 without fractions reads too; a missing optional and a missing default.
        let plain = #"{"at":"2024-01-02T03:04:05Z","body":"","digest":"","size":"-7","ratio":"2","active":"false","meta":{"id":"0"},"even":0}"#
        let decoded = try #require(try? JSON.Decoder().decode(Coded.self, from: plain))
        #expect(decoded.at == Date(timeIntervalSince1970: 1_704_164_645) && decoded.due == nil && decoded.retries == 0 && decoded.size == -7)
        expectSameDecoding(Coded.self, plain)
    }

    /// The coder's form, whatever the coders' strategies.
    @Test func theCodersStrategiesDoNotApply() throws {
        let decoder = JSON.Decoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        decoder.dataDecodingStrategy = .deferredToData
        #expect(try decoder.decode(Coded.self, from: Self.text) == Self.value)
        let encoder = JSON.Encoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.dataEncodingStrategy = .deferredToData
        #expect(String(decoding: try encoder.encode(Self.value) as [UInt8], as: UTF8.self) == Self.text)
    }

    /// A form that stands for no value is `dataCorrupted` at the member,
    /// with its path, line and column; a value of another type is the
    /// form's type mismatch.
    @Test func errorsAreAtTheMember() {
        func decode(_ field: String, _ replacement: String) -> String? {
            let pattern = try! Regex(#""\#(field)":("[^"]*"|\d+)"#)
            return expectSameDecoding(Coded.self, Self.text.replacing(pattern, with: #""\#(field)":\#(replacement)"#, maxReplacements: 1))
        }
        #expect(decode("size", #""4x2""#) == #"dataCorrupted [size#-] $.size (line 1, column 91, offset 90): expected Int in a string, found "4x2" underlying: none"#)
        #expect(decode("size", "42")?.hasPrefix("typeMismatch(String) [size#-] $.size (line 1, column 91, offset 90): expected String, found number 42") == true)
        #expect(decode("active", #""TRUE""#)?.hasPrefix(#"dataCorrupted [active#-] $.active (line 1, column "#) == true)
        #expect(decode("id", #""-1""#)?.hasPrefix(#"dataCorrupted [meta#-/id#-] $.meta.id (line 1, column "#) == true)
        #expect(decode("body", #""AQ*D""#)?.contains(#"expected Base64, found "AQ*D""#) == true)
        #expect(decode("due", #""1971-13-01""#)?.contains(#""1971-13-01" is not a date in the format of DayFormat"#) == true)
        #expect(decode("at", #""yesterday""#)?.hasPrefix(#"dataCorrupted [at#-] $.at (line 1, column 7, offset 6): expected an ISO 8601 date, found "yesterday""#) == true)
        #expect(decode("even", "3")?.hasPrefix("dataCorrupted [even#-] $.even (line 1, column 184, offset 183): 3 is odd") == true)
    }

    /// An error the coder throws when writing is `EncodingError.invalidValue` at the member's path, on both paths.
    @Test func encodingErrorsHaveThePath() {
        var odd = Self.value
        odd.even = 3
        expectSameEncoding(odd)
        let error = Result { try JSON.Encoder().encode(odd) as [UInt8] }
        guard case .failure(let failure) = error else { return #expect(Bool(false), "encoded an odd number") }
        #expect(summary(of: failure) == "invalidValue(3) [even] 3 is odd")
    }

    /// The binary format writes the coded form too, on both paths alike.
    @Test func binaryRoundTrip() throws {
        let bytes = try #require(expectSameBinaryEncoding(Self.value))
        #expect(expectSameBinaryDecoding(Coded.self, bytes) == nil)
        #expect(try Binary.Decoder().decode(Coded.self, from: bytes) == Self.value)
        // A form that stands for no value is the same error in a binary file, on both paths.
        let broken = try Binary.Encoder().encode(try JSON(parsing: Self.text.replacingOccurrences(of: #""size":"42""#, with: #""size":"4x2""#))) as [UInt8]
        let summary = expectSameBinaryDecoding(Coded.self, broken)
        // (The offset depends on the string table's order, which the process's hash seed sets.)
        #expect(summary?.hasPrefix("dataCorrupted [size#-] offset ") == true, "\(summary ?? "")")
        #expect(summary?.contains(#"invalidValue: $.size: expected Int in a string, found "4x2""#) == true, "\(summary ?? "")")
    }

    /// A property wrapper is coded through its own `Codable`, as synthesis
    /// codes it: here it trims what it reads.
    @Test func propertyWrappersAreCodedThroughTheirCodable() throws {
        let text = #"{"name": "  Ada ", "meta": {"nick": " ada"}, "age": 36}"#
        let value = try JSON.Decoder().decode(Wrapped.self, from: text)
        #expect(value == Wrapped(name: "Ada", nick: "ada", age: 36))
        expectSameDecoding(Wrapped.self, text)
        expectSameEncoding(value)
        #expect(String(decoding: try JSON.Encoder().encode(value) as [UInt8], as: UTF8.self) == #"{"name":"Ada","meta":{"nick":"ada"},"age":36}"#)
        #expect(expectSameDecoding(Wrapped.self, #"{"meta": {"nick": "a"}, "age": 1}"#)?.hasPrefix("keyNotFound(name)") == true)
        let bytes = try #require(expectSameBinaryEncoding(value))
        #expect(try Binary.Decoder().decode(Wrapped.self, from: bytes) == value)
    }
}
