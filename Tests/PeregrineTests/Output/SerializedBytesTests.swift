import Foundation
import Testing

@testable import PeregrineCore

/// `JSON.withSerializedBytes(options:_:)` hands over the bytes
/// `serialized(options:)` returns, once, and only after writing worked.
@Suite struct SerializedBytesTests {
    @Test func theBytesAreThoseOfSerialized() throws {
        let value: JSON = ["b": [1, 2.5, "x/y", nil], "a": .string(String(repeating: "é", count: 40_000))]
        let formattings: [JSON.SerializationOptions] = [[], [.sortedKeys], [.prettyPrinted], [.escapeSlashes], [.gzip]]
        for options in formattings {
            var calls = 0
            let handed = try value.withSerializedBytes(options: options) { bytes -> [UInt8] in
                calls += 1
                return Array(bytes)
            }
            #expect(calls == 1)
            #expect(handed == (try value.serialized(options: options)), "\(options)")
        }
    }

    @Test func nothingIsHandedOverWhenWritingFails() {
        var calls = 0
        #expect {
            try JSON.array([1, .number(JSON.Number(Double.nan))]).withSerializedBytes { _ in calls += 1 }
        } throws: { error in
            (error as? JSON.SerializationError)?.kind == .nonFiniteNumber && (error as? JSON.SerializationError)?.path == [.index(1)]
        }
        #expect(calls == 0)
    }
}
