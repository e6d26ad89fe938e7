import Foundation
import Testing

@testable import PeregrineCore

/// `JSON.Encoder.withEncodedBytes(of:_:)` hands over the bytes `encode(_:)`
/// returns, in the encoder's memory, once, and only after encoding worked;
/// `encode(_:) -> Data` takes that memory over (gzip's is copied).
@Suite struct EncodedBytesTests {
    struct Flight: Codable, Equatable { var number: String; var seats: [Int]; var ratio: Double }

    @Test func theBytesAreThoseOfEncode() throws {
        let flight = Flight(number: "PG 1", seats: Array(0..<2_000), ratio: 0.25)
        for formatting: JSON.Encoder.OutputFormatting in [[], [.sortedKeys], [.prettyPrinted], [.gzip]] {
            let encoder = JSON.Encoder()
            encoder.outputFormatting = formatting
            var calls = 0
            let handed = try encoder.withEncodedBytes(of: flight) { bytes -> [UInt8] in
                calls += 1
                return Array(bytes)
            }
            #expect(calls == 1)
            #expect(handed == (try encoder.encode(flight) as [UInt8]), "\(formatting)")
            // `encode(_:) -> Data` is the same memory, taken over (a copy for gzip),
            // and stays good after the encoder encodes again.
            let data: Data = try encoder.encode(flight)
            _ = try encoder.encode(Flight(number: "PG 2", seats: [9], ratio: 1)) as Data
            #expect(Array(data) == handed, "\(formatting)")
            #expect(try JSON.Decoder().decode(Flight.self, from: handed) == flight)
        }
        // A text small enough for `Data` to keep inline.
        #expect(Array(try JSON.Encoder().encode(1) as Data) == Array("1".utf8))
    }

    @Test func nothingIsHandedOverWhenEncodingFails() {
        var calls = 0
        #expect {
            try JSON.Encoder().withEncodedBytes(of: Flight(number: "x", seats: [], ratio: .nan)) { _ in calls += 1 }
        } throws: { error in
            guard case .invalidValue(_, let context) = error as? EncodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["ratio"]
        }
        #expect(calls == 0)
    }

    @Test func whatTheBodyThrowsComesOut() {
        struct Full: Error {}
        #expect(throws: Full.self) { try JSON.Encoder().withEncodedBytes(of: [1, 2]) { _ in throw Full() } }
    }
}
