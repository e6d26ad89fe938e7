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

    /// The writers hand over their output's memory when it is at least
    /// half full, and copy it otherwise: texts on both sides of that line
    /// and of a growth (the value writer starts with 32 KiB) come out whole,
    /// from a value and from a document.
    @Test(arguments: [0, 1, 1_000, 1_900, 2_000, 4_000, 9_000, 40_000])
    func textsOfEverySizeComeOutWhole(strings: Int) throws {
        let element = "abcdefghijklmn"  // 17 bytes written with its quotes and comma
        let value = JSON.array(Array(repeating: .string(element), count: strings))
        let expected = Array(("[" + Array(repeating: "\"\(element)\"", count: strings).joined(separator: ",") + "]").utf8)
        #expect(try value.serialized() == expected)
        #expect(try JSON.Document(parsing: expected).serialized() == expected)
        let pretty = try value.serialized(options: [.prettyPrinted])
        #expect(try JSON(parsing: pretty) == value)
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
